import {
  CLOSE_REASON_LABELS,
  type CloseReason,
  PRIORITY_LABELS,
  staffStatusLabel,
  type TicketPriority,
} from '@siyakha/schemas/helpdesk'
import { CHANNEL_LABELS, type TicketChannel } from '@siyakha/schemas/helpdesk-queue'
import type { ticketEventsQuery } from '@siyakha/supabase/queries'
import { formatDateTime } from '@/lib/format'

type TicketEvent = Awaited<ReturnType<typeof ticketEventsQuery>>['data'][number]

const FIELD_NAMES: Record<string, string> = {
  status: 'status',
  close_reason: 'close reason',
  priority: 'priority',
  assignee: 'assignee',
  company: 'company',
  tags: 'tags',
  summary: 'summary',
  details: 'details',
  location: 'location',
  service_category: 'service category',
}

/** A logged value as people read it: labels for statuses and priorities, "none" for nothing. */
function shown(field: string, value: string | null): string {
  if (value === null) return field === 'assignee' ? 'nobody' : 'none'
  if (field === 'status') return staffStatusLabel(value)
  if (field === 'priority') return PRIORITY_LABELS[value as TicketPriority] ?? value
  if (field === 'close_reason') return CLOSE_REASON_LABELS[value as CloseReason] ?? value
  return value
}

function describe(event: TicketEvent): string {
  if (event.field === 'created') {
    const channel = CHANNEL_LABELS[event.to_value as TicketChannel] ?? event.to_value
    return `created the ticket (${channel})`
  }
  if (event.field === 'split') {
    return `moved a WhatsApp message from ${event.from_value} to a new ticket, ${event.to_value}`
  }
  if (event.field === 'time') {
    // Logged, corrected or removed time (the database writes each entry as "45 min · remote · …").
    if (event.from_value === null) return `logged time: ${event.to_value}`
    if (event.to_value === null) return `removed time: ${event.from_value}`
    return `corrected time from ${event.from_value} to ${event.to_value}`
  }
  const name = FIELD_NAMES[event.field] ?? event.field
  return `changed the ${name} from ${shown(event.field, event.from_value)} to ${shown(event.field, event.to_value)}`
}

/** Every change to the ticket, oldest first, as the database logged it (public.ticket_events). */
export function ActivityLog({ events }: { events: readonly TicketEvent[] }) {
  return (
    <section
      aria-labelledby="activity-title"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="activity-title" className="text-lg font-bold text-brand-900">
        Activity
      </h2>
      {events.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No changes yet.</p>
      ) : (
        <ol className="mt-3 space-y-2 text-sm">
          {events.map((event) => (
            <li key={event.id} className="border-l-2 border-slate-200 pl-3">
              <span className="font-semibold text-brand-900">{event.actor_name}</span> {describe(event)}
              <span className="block text-xs text-slate-600">
                <time dateTime={event.created_at}>{formatDateTime(event.created_at)}</time>
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
