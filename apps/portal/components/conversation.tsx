import type { ConversationEntry } from '@/lib/conversation'
import { formatDateTime } from '@/lib/format'

function entryClass(entry: ConversationEntry): string {
  if (entry.internal) return 'rounded-lg border border-dashed border-amber-400 bg-amber-50 p-4'
  if (entry.side === 'helpdesk') return 'rounded-lg border border-brand-100 bg-brand-50 p-4 sm:mr-12'
  return 'rounded-lg border border-slate-200 bg-white p-4 sm:ml-12'
}

/**
 * A ticket's conversation, oldest first: the requester's description, then every message the
 * reader may see, each with its author, channel, time and (for email and WhatsApp) delivery state.
 * Internal notes reach only staff (row-level security); when they do, they are set apart so nobody
 * mistakes one for something the customer saw.
 */
export function Conversation({ entries }: { entries: ConversationEntry[] }) {
  return (
    <section aria-labelledby="conversation-title">
      <h2 id="conversation-title" className="mb-4 text-xl font-bold text-brand-900">
        Conversation
      </h2>
      <ol className="space-y-3">
        {entries.map((entry) => (
          <li
            key={entry.key}
            data-side={entry.side}
            data-internal={entry.internal || undefined}
            className={entryClass(entry)}
          >
            <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm text-slate-600">
              <span className="font-semibold text-brand-900">{entry.author}</span>
              {entry.internal ? (
                <span className="rounded bg-amber-200 px-1.5 py-0.5 text-xs font-semibold text-amber-900">
                  Internal note (staff only)
                </span>
              ) : null}
              <span>{entry.channel}</span>
              <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
              {entry.delivery ? (
                <span
                  data-status={entry.deliveryState}
                  className={entry.deliveryState === 'failed' ? 'font-semibold text-red-700' : undefined}
                >
                  {entry.delivery}
                </span>
              ) : null}
            </p>
            {entry.deliveryNote ? <p className="mt-1 text-sm text-slate-600">{entry.deliveryNote}</p> : null}
            {entry.subject ? <p className="mt-2 font-semibold">{entry.subject}</p> : null}
            <p className="mt-2 whitespace-pre-wrap break-words text-slate-800">{entry.body}</p>
          </li>
        ))}
      </ol>
      {entries.length <= 1 ? <p className="mt-3 text-slate-600">No messages yet.</p> : null}
    </section>
  )
}
