import {
  formatQueueCursor,
  HELPDESK_PAGE_SIZE,
  parseQueueCursor,
  type QueueCursor,
  type QueueFilters,
  queueFiltersSchema,
  queueQueryString,
} from '@siyakha/schemas/helpdesk-queue'
import {
  companiesQuery,
  helpdeskQueueQuery,
  savedViewsQuery,
  staffMembersQuery,
} from '@siyakha/supabase/queries'
import { buttonClasses } from '@siyakha/ui/button'
import { Container } from '@siyakha/ui/container'
import { Link } from '@siyakha/ui/link'
import type { Metadata } from 'next'
import { redirect } from 'next/navigation'
import { LiveUpdates } from '@/components/live-updates'
import { optionalRead } from '@/lib/optional-read'
import { requireUser, serverSupabase, staffPageAccess } from '@/lib/session'
import { AccessDenied } from '../access-denied'
import { BulkBar } from './queue/bulk-bar'
import { QueueFiltersForm } from './queue/filters-form'
import { QueueKeys } from './queue/queue-keys'
import { QueueTable } from './queue/queue-table'
import { SavedViews } from './queue/saved-views'

export const metadata: Metadata = { title: 'Helpdesk' }

type SearchParams = Record<string, string | string[] | undefined>

/** Where a page starts: after `after`, or (going back) before `before`; page 1 has neither. */
type PageStart = { after: QueueCursor } | { before: QueueCursor } | undefined

/** The queue's address for these filters, page and cursor (defaults left out). */
function queueHref(filters: QueueFilters, page = 1, start?: PageStart): string {
  const extra: Record<string, string> = {}
  if (page > 1 && start) {
    extra.page = String(page)
    if ('after' in start) extra.after = formatQueueCursor(start.after)
    else extra.before = formatQueueCursor(start.before)
  }
  const query = queueQueryString(filters, extra)
  return query ? `/portal/helpdesk?${query}` : '/portal/helpdesk'
}

type QueueRows = Awaited<ReturnType<typeof helpdeskQueueQuery>>['data']

/**
 * One page of the queue, plus whether another follows and one precedes (one row more is asked for
 * to know). Going back reads the rows just before the cursor, nearest first, then turns them round.
 */
async function loadQueue(filters: QueueFilters, userId: string, start: PageStart) {
  try {
    const { data } = await helpdeskQueueQuery(await serverSupabase(), {
      status: filters.status,
      priority: filters.priority,
      assignee: filters.assignee === 'mine' ? userId : filters.assignee,
      company: filters.company,
      channel: filters.channel,
      breached: filters.breached,
      search: filters.q || undefined,
      sort: filters.sort,
      descending: filters.dir === 'desc',
      limit: HELPDESK_PAGE_SIZE + 1,
      ...start,
    })
    const more = data.length > HELPDESK_PAGE_SIZE
    const page: QueueRows = data.slice(0, HELPDESK_PAGE_SIZE)
    const backwards = start !== undefined && 'before' in start
    return {
      tickets: backwards ? page.reverse() : page,
      hasNext: backwards || more,
      hasPrevious: backwards ? more : start !== undefined,
      failed: false,
    }
  } catch (error) {
    console.error('Could not load the helpdesk queue', error)
    return { tickets: [] as QueueRows, hasNext: false, hasPrevious: false, failed: true }
  }
}

/** The lists the filters and the bulk bar offer; a failure leaves a list empty, not the page broken. */
async function loadChoices() {
  const supabase = await serverSupabase()
  const [staff, companies, views] = await Promise.all([
    optionalRead('the staff', () => staffMembersQuery(supabase), []),
    optionalRead('the companies', () => companiesQuery(supabase), []),
    optionalRead('the saved views', () => savedViewsQuery(supabase), []),
  ])
  return { staff, companies, views }
}

/** The query as received, order and repeats aside, to compare with the canonical one. */
function receivedQuery(params: SearchParams): string {
  const pairs = Object.entries(params).flatMap(([key, value]) =>
    (Array.isArray(value) ? value : value === undefined ? [] : [value]).map((one) => `${key}=${one}`),
  )
  return pairs.sort().join('&')
}

const sortedQuery = (href: string) =>
  [...new URLSearchParams(href.split('?')[1] ?? '')]
    .map(([k, v]) => `${k}=${v}`)
    .sort()
    .join('&')

const cursorOf = (row: QueueRows[number]): QueueCursor => ({
  value: row.sort_value,
  createdAt: row.created_at,
  id: row.id,
})

export default async function HelpdeskPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams
  const filters = queueFiltersSchema.parse(params)
  const after = parseQueueCursor(params.after, filters.sort)
  const before = after ? undefined : parseQueueCursor(params.before, filters.sort)
  const start: PageStart = after ? { after } : before ? { before } : undefined
  // A page number without a cursor (an old or hand-made link) is page 1.
  const page = start ? Math.max(filters.page, 2) : 1
  const href = queueHref(filters, page, start)
  // The filter form sends every field, defaults and blanks included; the address people share,
  // bookmark and save is the short one.
  if (receivedQuery(params) !== sortedQuery(href)) redirect(href)
  const user = await requireUser(href)
  if (!(await staffPageAccess(href))) return <AccessDenied />
  const [{ tickets, hasNext, hasPrevious, failed }, choices] = await Promise.all([
    loadQueue(filters, user.id, start),
    loadChoices(),
  ])
  // One instant for the whole page, so every row's SLA colour is judged at the same time.
  const now = new Date()
  // Going back can reach the top sooner than the number says (tickets were deleted meanwhile).
  const shown = hasPrevious ? page : 1
  const first = (shown - 1) * HELPDESK_PAGE_SIZE + 1
  const firstRow = tickets[0]
  const lastRow = tickets.at(-1)
  const currentQuery = queueQueryString(filters)

  return (
    <Container width="7xl" className="space-y-5 py-8">
      <QueueKeys />
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <div>
          <h1 className="text-2xl font-bold text-brand-900">Helpdesk</h1>
          <LiveUpdates name="helpdesk-queue" bindings={[{ event: '*', table: 'tickets' }]} />
        </div>
        <div className="flex flex-wrap items-center gap-4">
          <Link href="/portal/helpdesk/new" className={buttonClasses({ size: 'sm' })}>
            Log a ticket for a client
          </Link>
          <Link
            href="/portal/helpdesk/canned-replies"
            className="text-sm text-brand-700 underline underline-offset-2"
          >
            Canned replies
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
          <Link
            href="/portal/helpdesk/statements"
            className="text-sm text-brand-700 underline underline-offset-2"
          >
            Statements
          </Link>
          <Link href="/portal/helpdesk/admin" className="text-sm text-brand-700 underline underline-offset-2">
            Admin
          </Link>
        </div>
      </div>

      <SavedViews views={choices.views} currentQuery={currentQuery} />
      <QueueFiltersForm filters={filters} staff={choices.staff} companies={choices.companies} />

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
          <BulkBar staff={choices.staff} />
          <QueueTable tickets={tickets} filters={filters} userId={user.id} now={now} />
          <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3 text-sm">
            <p className="text-slate-600">
              Showing {first}–{first + tickets.length - 1}.{' '}
              <span className="hidden md:inline">
                Keys: <kbd>j</kbd>/<kbd>k</kbd> move, <kbd>Enter</kbd> opens, <kbd>x</kbd> selects,{' '}
                <kbd>/</kbd> searches.
              </span>
            </p>
            <div className="flex gap-2">
              {hasPrevious && firstRow ? (
                <Link
                  href={queueHref(filters, shown - 1, { before: cursorOf(firstRow) })}
                  className={buttonClasses({ variant: 'outline', size: 'sm' })}
                >
                  Previous page
                </Link>
              ) : null}
              {hasNext && lastRow ? (
                <Link
                  href={queueHref(filters, shown + 1, { after: cursorOf(lastRow) })}
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
