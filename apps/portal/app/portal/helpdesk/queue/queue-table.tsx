import {
  QUEUE_SORT_DEFAULT_DIR,
  type QueueFilters,
  type QueueSort,
  queueQueryString,
} from '@siyakha/schemas/helpdesk-queue'
import { formatMinutes } from '@siyakha/schemas/time-entries'
import type { helpdeskQueueQuery } from '@siyakha/supabase/queries'
import { Link } from '@siyakha/ui/link'
import { slaDueView } from '@/components/sla-due'
import { formatDateTime } from '@/lib/format'
import { QueueRows } from './queue-rows'
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
  { label: 'Time', sort: 'time' },
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

/** The queue: its sortable headings, and one row per ticket worded here for QueueRows. */
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
        <QueueRows
          rows={tickets.map((ticket) => ({
            id: ticket.id,
            version: ticket.version,
            ref: ticket.tracking_ref,
            summary: ticket.summary,
            tags: ticket.tags,
            status: ticket.status,
            priority: ticket.priority,
            requester: ticket.requester_name,
            company: ticket.company_name,
            assignee: !ticket.assigned_to
              ? null
              : ticket.assigned_to === userId
                ? 'You'
                : (ticket.assignee_name ?? ''),
            sla: slaDueView(ticket, now),
            time: ticket.time_minutes > 0 ? formatMinutes(ticket.time_minutes) : null,
            lastActivityAt: ticket.last_activity_at,
            lastActivity: formatDateTime(ticket.last_activity_at),
            createdAt: ticket.created_at,
            created: formatDateTime(ticket.created_at),
          }))}
        />
      </table>
    </div>
  )
}
