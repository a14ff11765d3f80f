'use client'

import { buttonClasses } from '@siyakha/ui/button'
import { Link } from '@siyakha/ui/link'

/** One row of My Tickets, worded on the server: the page's payload carries these, not the rows' markup. */
export interface TicketRow {
  id: string
  summary: string
  ref: string
  createdAt: string
  /** createdAt in South African time, as the row shows it. */
  created: string
  status: string
}

const openClasses = buttonClasses({ variant: 'outline', size: 'sm' })

export function TicketRows({ rows }: { rows: TicketRow[] }) {
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
      {rows.map((ticket) => (
        <li key={ticket.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
          <div className="min-w-0">
            <p className="font-semibold text-brand-900">
              {ticket.summary} <span className="font-mono text-sm text-slate-600">[{ticket.ref}]</span>
            </p>
            <p className="mt-1 text-sm text-slate-600">
              <time dateTime={ticket.createdAt}>{ticket.created}</time>
              <span aria-hidden="true"> · </span>
              <span>{ticket.status}</span>
            </p>
          </div>
          <Link
            href={`/portal/tickets/${ticket.id}`}
            aria-label={`Open ${ticket.summary} [${ticket.ref}]`}
            className={openClasses}
          >
            Open
          </Link>
        </li>
      ))}
    </ul>
  )
}
