import {
  QUEUE_SORT_DEFAULT_DIR,
  type QueueFilters,
  type QueueSort,
  queueQueryString,
} from '@siyakha/schemas/helpdesk-queue'
import type { helpdeskQueueQuery } from '@siyakha/supabase/queries'
import { Link } from '@siyakha/ui/link'
import { SlaDue } from '@/components/sla-due'
import { PriorityPill, StatusPill, TagList } from '@/components/ticket-pills'
import { formatDateTime } from '@/lib/format'
import { SelectAll } from './select-all'

type QueueRow = Awaited<ReturnType<typeof helpdeskQueueQuery>>['data'][number]

const COLUMNS: { label: string; sort?: QueueSort }[] = [
  { label: 'Ticket', sort: 'reference' },
  { label: 'Status', sort: 'status' },
  { label: 'Priority', sort: 'priority' },
  { label: 'Requester', sort: 'requester' },
  { label: 'Company', sort: 'company' },
  { label: 'Assignee', sort: 'assignee' },
  { label: 'SLA due', sort: 'sla' },
  { label: 'Last activity', sort: 'activity' },
  { label: 'Created', sort: 'created' },
]

/** A column heading that sorts by it; a second click turns the order round. */
function SortHeading({ label, sort, filters }: { label: string; sort: QueueSort; filters: QueueFilters }) {
  const active = filters.sort === sort
  const dir = active ? (filters.dir === 'asc' ? 'desc' : 'asc') : QUEUE_SORT_DEFAULT_DIR[sort]
  const query = queueQueryString({ ...filters, sort, dir })
  return (
    <th
      scope="col"
      aria-sort={active ? (filters.dir === 'asc' ? 'ascending' : 'descending') : undefined}
      className="px-3 py-2 font-semibold whitespace-nowrap"
    >
      <Link
        href={query ? `/portal/helpdesk?${query}` : '/portal/helpdesk'}
        className="inline-flex items-center gap-1 text-brand-900 hover:underline"
      >
        {label}
        <span aria-hidden="true" className="text-slate-500">
          {active ? (filters.dir === 'asc' ? '▲' : '▼') : '↕'}
        </span>
        <span className="sr-only">
          {active ? `, sorted ${filters.dir === 'asc' ? 'ascending' : 'descending'}` : ''}, sort by {label}
        </span>
      </Link>
    </th>
  )
}

// The row and cell styles, the phone layout as cards among them, are globals.css utilities
// (queue-row, queue-cell, …): written out here, they were repeated on every cell of every row.
function Cell({
  label,
  children,
  className,
}: {
  label: string
  children: React.ReactNode
  className?: string
}) {
  return (
    <td data-label={label} className={className ? `queue-cell ${className}` : 'queue-cell'}>
      {children}
    </td>
  )
}

/**
 * The queue: one row per ticket, each with a checkbox for the bulk bar (they belong to its form)
 * and a link that Enter and j/k reach (queue-keys.tsx).
 */
export function QueueTable({
  tickets,
  filters,
  userId,
  now,
}: {
  tickets: QueueRow[]
  filters: QueueFilters
  userId: string
  now: Date
}) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white max-md:border-0 max-md:bg-transparent">
      <table className="w-full text-left text-sm max-md:block">
        <caption id="queue-caption" className="sr-only">
          Helpdesk queue
        </caption>
        <thead className="bg-slate-50 text-slate-700 max-md:sr-only">
          <tr>
            <th scope="col" className="px-3 py-2">
              <SelectAll />
            </th>
            {COLUMNS.map((column) =>
              column.sort ? (
                <SortHeading key={column.label} label={column.label} sort={column.sort} filters={filters} />
              ) : (
                <th key={column.label} scope="col" className="px-3 py-2 font-semibold">
                  {column.label}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 max-md:block max-md:space-y-3 max-md:divide-y-0">
          {tickets.map((ticket) => (
            <tr key={ticket.id} data-queue-row className="queue-row">
              <td className="queue-check">
                <input
                  type="checkbox"
                  name="ids"
                  value={ticket.id}
                  form="bulk-form"
                  aria-label={`Select ${ticket.tracking_ref}`}
                  className="size-4"
                />
              </td>
              <td data-label="Ticket" className="queue-lead">
                <Link href={`/portal/helpdesk/${ticket.id}`} data-queue-link className="queue-ref">
                  {ticket.tracking_ref}
                </Link>
                <p className="text-brand-900">{ticket.summary}</p>
                <TagList tags={ticket.tags} />
              </td>
              <Cell label="Status">
                <StatusPill status={ticket.status} />
              </Cell>
              <Cell label="Priority">
                <PriorityPill priority={ticket.priority} />
              </Cell>
              <Cell label="Requester">
                {ticket.requester_name ?? <span className="text-slate-600">Unknown</span>}
              </Cell>
              <Cell label="Company">
                {ticket.company_name || <span className="text-slate-600">None</span>}
              </Cell>
              <Cell label="Assignee" className="md:whitespace-nowrap">
                {!ticket.assigned_to ? (
                  <span className="text-slate-600">Unassigned</span>
                ) : ticket.assigned_to === userId ? (
                  'You'
                ) : (
                  ticket.assignee_name
                )}
              </Cell>
              <Cell label="SLA due" className="md:whitespace-nowrap">
                <SlaDue ticket={ticket} now={now} />
              </Cell>
              <Cell label="Last activity" className="md:whitespace-nowrap">
                <time dateTime={ticket.last_activity_at}>{formatDateTime(ticket.last_activity_at)}</time>
              </Cell>
              <Cell label="Created" className="md:whitespace-nowrap">
                <time dateTime={ticket.created_at}>{formatDateTime(ticket.created_at)}</time>
              </Cell>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
