import { customerStatusLabel } from '@siyakha/schemas/ticket'
import { adminCompanyIdsQuery, myTicketsQuery, type TicketCursor } from '@siyakha/supabase/queries'
import { buttonClasses } from '@siyakha/ui/button'
import { Link } from '@siyakha/ui/link'
import { cursorOf } from '@/lib/cursor'
import { formatDateTime } from '@/lib/format'
import { currentUser, serverSupabase } from '@/lib/session'
import { TicketRows } from './ticket-rows'

const PAGE_SIZE = 50

/** One page of the user's tickets from `after` on (one row more is asked for to know if more follow). */
async function loadTickets(after: TicketCursor | undefined) {
  try {
    const [supabase, user] = await Promise.all([serverSupabase(), currentUser()])
    if (!user) return []
    // Most users administer no company: their own list is then the answer, fetched alongside the
    // membership check instead of after it.
    const limit = PAGE_SIZE + 1
    const [{ data: companies }, { data: own }] = await Promise.all([
      adminCompanyIdsQuery(supabase, user.id),
      myTicketsQuery(supabase, { userId: user.id, limit, after }),
    ])
    if (companies.length === 0) return own
    const adminCompanyIds = companies.map((c) => c.company_id)
    const { data } = await myTicketsQuery(supabase, { userId: user.id, adminCompanyIds, limit, after })
    return data
  } catch (error) {
    console.error('Could not load tickets', error)
    return []
  }
}

/**
 * 'My Tickets': newest first, 50 at a time. A load error shows the empty list (the page stays usable
 * and the customer can still log a ticket) but is logged. `after` (from the URL) starts the list
 * below that ticket; the older and newest links lead to /portal/my-tickets.
 */
export async function TicketList({ createHref, after }: { createHref: string; after?: TicketCursor }) {
  const rows = await loadTickets(after)
  const tickets = rows.slice(0, PAGE_SIZE)
  const last = rows.length > PAGE_SIZE ? tickets.at(-1) : undefined

  if (tickets.length === 0 && after) {
    return (
      <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-slate-600">
        No older tickets.{' '}
        <Link href="/portal/my-tickets" className="font-semibold text-brand-700 underline underline-offset-2">
          Newest tickets
        </Link>
      </p>
    )
  }

  if (tickets.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-slate-600">
        You have no tickets yet.{' '}
        <Link href={createHref} className="font-semibold text-brand-700 underline underline-offset-2">
          Log your first ticket
        </Link>
        .
      </p>
    )
  }

  return (
    <>
      <TicketRows
        rows={tickets.map((ticket) => ({
          id: ticket.id,
          summary: ticket.summary,
          ref: ticket.tracking_ref,
          createdAt: ticket.created_at,
          created: formatDateTime(ticket.created_at),
          status: customerStatusLabel(ticket.status),
        }))}
      />
      {after || last ? (
        <nav aria-label="Pages" className="mt-4 flex justify-end gap-2">
          {after ? (
            <Link href="/portal/my-tickets" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
              Newest tickets
            </Link>
          ) : null}
          {last ? (
            <Link
              href={`/portal/my-tickets?after=${encodeURIComponent(cursorOf(last))}`}
              className={buttonClasses({ variant: 'outline', size: 'sm' })}
            >
              Older tickets
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  )
}
