import { formatBytes } from '@siyakha/schemas/attachments'
import type { ConversationEntry, EntryAttachment, UnverifiedEmail } from '@/lib/conversation'
import { formatDateTime } from '@/lib/format'

function entryClass(entry: ConversationEntry): string {
  if (entry.unverified) return 'rounded-lg border-2 border-amber-500 bg-amber-50 p-4 sm:ml-12'
  if (entry.internal) return 'rounded-lg border border-dashed border-amber-400 bg-amber-50 p-4'
  if (entry.side === 'helpdesk') return 'rounded-lg border border-brand-100 bg-brand-50 p-4 sm:mr-12'
  return 'rounded-lg border border-slate-200 bg-white p-4 sm:ml-12'
}

/**
 * A message's files: images drawn inline, everything else a download link. Links are signed for a
 * few minutes (reload the page for fresh ones); one that could not be made says so.
 */
function Attachments({ files }: { files: EntryAttachment[] }) {
  return (
    <ul aria-label="Attachments" className="mt-3 flex flex-wrap gap-3">
      {files.map((file) => (
        <li key={file.id} className="max-w-full text-sm">
          {file.url && file.image ? (
            <a href={file.url} target="_blank" rel="noopener noreferrer" className="block">
              {/* biome-ignore lint/performance/noImgElement: a signed Storage link, not a Next image */}
              <img
                src={file.url}
                alt={file.name}
                loading="lazy"
                className="max-h-48 max-w-full rounded border border-slate-200 object-contain"
              />
            </a>
          ) : null}
          {file.url ? (
            <a
              href={file.url}
              target="_blank"
              rel="noopener noreferrer"
              className="font-semibold break-all text-brand-700 underline underline-offset-2"
            >
              {file.name}
            </a>
          ) : (
            <span className="break-all text-slate-700">{file.name} (link unavailable, reload the page)</span>
          )}{' '}
          <span className="text-slate-600">({formatBytes(file.size)})</span>
        </li>
      ))}
    </ul>
  )
}

/**
 * A ticket's conversation, oldest first: the requester's description, then every message the
 * reader may see, each with its author, channel, time and (for email and WhatsApp) delivery state.
 * Internal notes reach only staff (row-level security); when they do, they are set apart so nobody
 * mistakes one for something the customer saw.
 */
export function Conversation({
  entries,
  unverifiedActions,
  splitAction,
}: {
  entries: ConversationEntry[]
  /** Staff's Accept / Discard for an unverified email (the helpdesk page gives them). */
  unverifiedActions?: (entry: ConversationEntry & { unverified: UnverifiedEmail }) => React.ReactNode
  /** Staff's "Move to a new ticket" for a client's WhatsApp message (the helpdesk page gives it). */
  splitAction?: (entry: ConversationEntry & { split: string }) => React.ReactNode
}) {
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
              {entry.unverified ? (
                <span className="rounded bg-amber-800 px-1.5 py-0.5 text-xs font-semibold text-white">
                  Unverified (staff only)
                </span>
              ) : entry.internal ? (
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
            {entry.unverified ? (
              <p className="mt-1 text-sm text-amber-900">
                {entry.unverified.reason === 'not_on_ticket'
                  ? `${entry.unverified.from} is not on this ticket, so their email was not added to the conversation.`
                  : `Nothing proves this email came from ${entry.unverified.from}: anyone can put an address in From.`}{' '}
                The customer does not see it. Accept it only if you know it is the requester's.
              </p>
            ) : null}
            {entry.subject ? <p className="mt-2 font-semibold">{entry.subject}</p> : null}
            <p className="mt-2 whitespace-pre-wrap break-words text-slate-800">{entry.body}</p>
            {entry.attachments.length > 0 ? <Attachments files={entry.attachments} /> : null}
            {entry.notKept.length > 0 ? (
              <ul className="mt-2 text-sm text-slate-600">
                {entry.notKept.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            ) : null}
            {entry.unverified && unverifiedActions
              ? unverifiedActions({ ...entry, unverified: entry.unverified })
              : null}
            {entry.split && splitAction ? splitAction({ ...entry, split: entry.split }) : null}
          </li>
        ))}
      </ol>
      {entries.length <= 1 ? <p className="mt-3 text-slate-600">No messages yet.</p> : null}
    </section>
  )
}
