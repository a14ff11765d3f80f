'use client'

import type { TicketPriority } from '@siyakha/schemas/helpdesk'
import type { TicketStatus } from '@siyakha/schemas/ticket'
import { Link } from '@siyakha/ui/link'
import { SlaDueText, type SlaDueView } from '@/components/sla-due-text'
import { PriorityPill, StatusPill, TagList } from '@/components/ticket-pills'

/**
 * One row of the queue, worded on the server (queue-table.tsx). The rows are a client component so
 * that the page's payload carries this data once, not every cell's markup a second time: the
 * markup is the same either way.
 */
export interface QueueRowView {
  id: string
  /** tickets.version as loaded: a bulk change based on it is refused if the ticket moved on. */
  version: number
  ref: string
  summary: string
  tags: readonly string[]
  status: TicketStatus
  priority: TicketPriority
  requester: string | null
  company: string | null
  /** 'You', another agent's name ('' when unknown), or null when unassigned. */
  assignee: string | null
  sla: SlaDueView
  /** The time logged on it ("1 h 30 min"), or null when none. */
  time: string | null
  lastActivityAt: string
  /** lastActivityAt in South African time. */
  lastActivity: string
  createdAt: string
  created: string
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
 * The queue's rows, each with a checkbox for the bulk bar (they belong to its form) and a link that
 * Enter and j/k reach (queue-keys.tsx).
 */
export function QueueRows({ rows }: { rows: QueueRowView[] }) {
  return (
    <tbody className="divide-y divide-slate-200 max-md:block max-md:space-y-3 max-md:divide-y-0">
      {rows.map((ticket) => (
        <tr key={ticket.id} data-queue-row className="queue-row">
          <td className="queue-check">
            <input
              type="checkbox"
              name="ids"
              value={`${ticket.id}:${ticket.version}`}
              form="bulk-form"
              aria-label={`Select ${ticket.ref}`}
              className="size-4"
            />
          </td>
          <td data-label="Ticket" className="queue-lead">
            <Link href={`/portal/helpdesk/${ticket.id}`} data-queue-link className="queue-ref">
              {ticket.ref}
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
          <Cell label="Requester">{ticket.requester ?? <span className="text-slate-600">Unknown</span>}</Cell>
          <Cell label="Company">{ticket.company || <span className="text-slate-600">None</span>}</Cell>
          <Cell label="Assignee" className="md:whitespace-nowrap">
            {ticket.assignee ?? <span className="text-slate-600">Unassigned</span>}
          </Cell>
          <Cell label="SLA due" className="md:whitespace-nowrap">
            <SlaDueText view={ticket.sla} />
          </Cell>
          <Cell label="Time" className="md:whitespace-nowrap">
            {ticket.time ?? <span className="text-slate-600">None</span>}
          </Cell>
          <Cell label="Last activity" className="md:whitespace-nowrap">
            <time dateTime={ticket.lastActivityAt}>{ticket.lastActivity}</time>
          </Cell>
          <Cell label="Created" className="md:whitespace-nowrap">
            <time dateTime={ticket.createdAt}>{ticket.created}</time>
          </Cell>
        </tr>
      ))}
    </tbody>
  )
}
