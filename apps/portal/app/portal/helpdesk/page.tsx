import {
  HELPDESK_PAGE_SIZE,
  HELPDESK_SEARCH_MAX,
  type HelpdeskFilters,
  helpdeskFiltersSchema,
  PRIORITY_LABELS,
  STAFF_STATUS_LABELS,
  staffStatusLabel,
} from '@siyakha/schemas/helpdesk'
import { TICKET_STATUSES } from '@siyakha/schemas/ticket'
import { helpdeskTicketsQuery, type TicketCursor } from '@siyakha/supabase/queries'
import { buttonClasses } from '@siyakha/ui/button'
import { Container } from '@siyakha/ui/container'
import { InputField, SelectField } from '@siyakha/ui/field'
import type { Metadata } from 'next'
import Link from 'next/link'
import { SlaDue } from '@/components/sla-due'
import { cursorOf, formatCursor, parseCursor } from '@/lib/cursor'
import { formatDateTime } from '@/lib/format'
import { currentUserIsStaff, requireUser, serverSupabase } from '@/lib/session'
import { AccessDenied } from '../access-denied'

export const metadata: Metadata = { title: 'Helpdesk' }

type SearchParams = Record<string, string | string[] | undefined>

/** Where a page starts: below `after`, or (going back) above `before`; page 1 has neither. */
type PageStart = { after: TicketCursor } | { before: TicketCursor } | undefined

/**
 * The list's address for these filters, leaving defaults out so links stay short. Pages after the
 * first carry their number (for "Showing 51–100") and a cursor: the list reads from the cursor, so
 * page 2,000 costs what page 1 does.
 */
function helpdeskHref(
  filters: HelpdeskFilters,
  page = 1,
  start?: { after: string } | { before: string },
): string {
  const params = new URLSearchParams()
  if (filters.status !== 'active') params.set('status', filters.status)
  if (filters.q) params.set('q', filters.q)
  if (filters.mine) params.set('mine', '1')
  if (page > 1 && start) {
    params.set('page', String(page))
    if ('after' in start) params.set('after', start.after)
    else params.set('before', start.before)
  }
  const query = params.toString()
  return query ? `/portal/helpdesk?${query}` : '/portal/helpdesk'
}

/**
 * One page of tickets, plus whether another follows and one precedes (one row more is asked for
 * to know). Going back reads the rows just above the cursor, nearest first, then turns them round.
 */
async function loadTickets(filters: HelpdeskFilters, userId: string, start: PageStart) {
  try {
    const { data } = await helpdeskTicketsQuery(await serverSupabase(), {
      status: filters.status,
      search: filters.q || undefined,
      assignedTo: filters.mine ? userId : undefined,
      limit: HELPDESK_PAGE_SIZE + 1,
      ...start,
    })
    const more = data.length > HELPDESK_PAGE_SIZE
    const page = data.slice(0, HELPDESK_PAGE_SIZE)
    const backwards = start !== undefined && 'before' in start
    return {
      tickets: backwards ? page.reverse() : page,
      hasNext: backwards || more,
      hasPrevious: backwards ? more : start !== undefined,
      failed: false,
    }
  } catch (error) {
    console.error('Could not load the helpdesk tickets', error)
    return { tickets: [], hasNext: false, hasPrevious: false, failed: true }
  }
}

export default async function HelpdeskPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams
  const filters = helpdeskFiltersSchema.parse(params)
  const after = parseCursor(params.after)
  const before = after ? undefined : parseCursor(params.before)
  const start: PageStart = after ? { after } : before ? { before } : undefined
  // A page number without a cursor (an old or hand-made link) is page 1.
  const page = start ? Math.max(filters.page, 2) : 1
  const user = await requireUser(
    helpdeskHref(
      filters,
      page,
      after ? { after: formatCursor(after) } : before ? { before: formatCursor(before) } : undefined,
    ),
  )
  if (!(await currentUserIsStaff())) return <AccessDenied />
  const { tickets, hasNext, hasPrevious, failed } = await loadTickets(filters, user.id, start)
  // One instant for the whole page, so every row's SLA colour is judged at the same time.
  const now = new Date()
  // Going back can reach the top sooner than the number says (tickets were deleted meanwhile).
  const shown = hasPrevious ? page : 1
  const first = (shown - 1) * HELPDESK_PAGE_SIZE + 1
  const newest = tickets[0]
  const oldest = tickets.at(-1)

  return (
    <Container width="6xl" className="space-y-6 py-10">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold text-brand-900">Helpdesk</h1>
        <div className="flex flex-wrap items-center gap-4">
          <Link href="/portal/helpdesk/new" className={buttonClasses({ size: 'sm' })}>
            Log a ticket for a client
          </Link>
          <Link
            href="/portal/helpdesk/report"
            className="text-sm text-brand-700 underline underline-offset-2"
          >
            SLA this week
          </Link>
          <Link
            href="/portal/helpdesk/outbox"
            className="text-sm text-brand-700 underline underline-offset-2"
          >
            Undelivered notifications
          </Link>
        </div>
      </div>

      {/* A plain GET form: the filters live in the URL and work before (or without) JavaScript. */}
      <search aria-label="Filter tickets">
        <form
          action="/portal/helpdesk"
          method="get"
          className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-[12rem_minmax(0,1fr)_auto_auto] sm:items-end"
        >
          <SelectField id="helpdesk-status" label="Status" name="status" defaultValue={filters.status}>
            <option value="active">All open work</option>
            {TICKET_STATUSES.map((status) => (
              <option key={status} value={status}>
                {STAFF_STATUS_LABELS[status]}
              </option>
            ))}
            <option value="all">All tickets</option>
          </SelectField>
          <InputField
            id="helpdesk-search"
            label="Search"
            name="q"
            type="search"
            placeholder="Reference or summary"
            maxLength={HELPDESK_SEARCH_MAX}
            defaultValue={filters.q}
          />
          <label className="flex h-11 items-center gap-2 text-sm font-semibold text-brand-900">
            <input type="checkbox" name="mine" value="1" defaultChecked={filters.mine} className="size-4" />
            Assigned to me
          </label>
          <button type="submit" className={buttonClasses()}>
            Apply filters
          </button>
        </form>
      </search>

      {failed ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
          Could not load the tickets. Please reload the page.
        </p>
      ) : tickets.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-slate-600">
          No tickets match these filters.{' '}
          <Link href="/portal/helpdesk" className="font-semibold text-brand-700 underline underline-offset-2">
            Show all open work
          </Link>
          .
        </p>
      ) : (
        <>
          {/* Scrolls sideways on small screens; the links in each row keep it keyboard reachable. */}
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="w-full text-left text-sm">
              <caption id="helpdesk-caption" className="sr-only">
                Tickets, newest first
              </caption>
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  {['Reference', 'Summary', 'Status', 'Priority', 'SLA', 'Created', 'Assignee'].map(
                    (heading) => (
                      <th key={heading} scope="col" className="px-4 py-3 font-semibold whitespace-nowrap">
                        {heading}
                      </th>
                    ),
                  )}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {tickets.map((ticket) => (
                  <tr key={ticket.id} className="align-top">
                    <td className="px-4 py-3 whitespace-nowrap">
                      <Link
                        href={`/portal/helpdesk/${ticket.id}`}
                        className="font-mono font-semibold text-brand-700 underline underline-offset-2"
                      >
                        {ticket.tracking_ref}
                      </Link>
                    </td>
                    <td className="min-w-56 px-4 py-3 text-brand-900">{ticket.summary}</td>
                    <td className="px-4 py-3 whitespace-nowrap">{staffStatusLabel(ticket.status)}</td>
                    <td className="px-4 py-3 whitespace-nowrap">{PRIORITY_LABELS[ticket.priority]}</td>
                    <td className="px-4 py-3 whitespace-nowrap">
                      <SlaDue ticket={ticket} now={now} />
                    </td>
                    <td className="px-4 py-3 whitespace-nowrap">
                      <time dateTime={ticket.created_at}>{formatDateTime(ticket.created_at)}</time>
                    </td>
                    <td className="px-4 py-3 whitespace-nowrap">
                      {!ticket.assigned_to ? (
                        <span className="text-slate-600">Unassigned</span>
                      ) : ticket.assigned_to === user.id ? (
                        'You'
                      ) : (
                        'Someone else'
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3 text-sm">
            <p className="text-slate-600">
              Showing {first}–{first + tickets.length - 1}, newest first.
            </p>
            <div className="flex gap-2">
              {hasPrevious && newest ? (
                <Link
                  href={helpdeskHref(filters, shown - 1, { before: cursorOf(newest) })}
                  className={buttonClasses({ variant: 'outline', size: 'sm' })}
                >
                  Previous page
                </Link>
              ) : null}
              {hasNext && oldest ? (
                <Link
                  href={helpdeskHref(filters, shown + 1, { after: cursorOf(oldest) })}
                  className={buttonClasses({ variant: 'outline', size: 'sm' })}
                >
                  Next page
                </Link>
              ) : null}
            </div>
          </nav>
        </>
      )}
    </Container>
  )
}
