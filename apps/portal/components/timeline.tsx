import type { Tables } from '@siyakha/supabase/types'
import { formatDateTime } from '@/lib/format'

export type TimelineMessage = Pick<
  Tables<'ticket_messages'>,
  'id' | 'direction' | 'channel' | 'to_from' | 'subject' | 'body' | 'status' | 'created_at'
>

const DIRECTION: Record<TimelineMessage['direction'], string> = {
  inbound: 'Incoming',
  outbound: 'Outgoing',
  internal: 'Internal note (staff only)',
}

const CHANNEL: Record<TimelineMessage['channel'], string> = {
  portal: 'Portal',
  whatsapp: 'WhatsApp',
  email: 'Email',
  web: 'Web',
}

const STATUS: Record<TimelineMessage['status'], string> = {
  queued: 'Not sent yet',
  sent: 'Sent',
  delivered: 'Delivered',
  read: 'Read',
  failed: 'Failed',
}

/**
 * A ticket's messages, oldest first. Internal notes reach only staff (row-level security); when
 * they do, they are set apart so nobody mistakes one for something the customer saw.
 */
export function Timeline({ messages }: { messages: TimelineMessage[] }) {
  return (
    <section aria-labelledby="timeline-title">
      <h2 id="timeline-title" className="mb-4 text-xl font-bold text-brand-900">
        Timeline
      </h2>
      {messages.length === 0 ? (
        <p className="text-slate-600">No messages yet.</p>
      ) : (
        <ol className="space-y-3">
          {messages.map((message) => (
            <li
              key={message.id}
              data-direction={message.direction}
              className={
                message.direction === 'internal'
                  ? 'rounded-lg border border-dashed border-amber-400 bg-amber-50 p-4'
                  : 'rounded-lg border border-slate-200 bg-white p-4'
              }
            >
              <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-600">
                <span className="font-semibold text-brand-900">{DIRECTION[message.direction]}</span>
                <span>{CHANNEL[message.channel]}</span>
                <time dateTime={message.created_at}>{formatDateTime(message.created_at)}</time>
                <span data-status={message.status}>{STATUS[message.status]}</span>
              </p>
              {message.subject ? <p className="mt-2 font-semibold">{message.subject}</p> : null}
              <p className="mt-2 whitespace-pre-wrap break-words text-slate-800">{message.body}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
