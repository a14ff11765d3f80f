import type { TICKET_PRIORITIES } from '@siyakha/schemas/helpdesk'
import {
  DEFAULT_DAY_MINUTES,
  formatBusinessMinutes,
  holidaysYear,
  targetField,
} from '@siyakha/schemas/sla-admin'
import { slaSetupQuery } from '@siyakha/supabase/sla-admin'
import { Container } from '@siyakha/ui/container'
import { Link } from '@siyakha/ui/link'
import type { Metadata } from 'next'
import { adminPageAccess, requireUser, serverSupabase } from '@/lib/session'
import { AccessDenied } from '../../../access-denied'
import { AddClosedDayForm, BusinessCalendarForm, ClosedDaysList, SlaTargetsForm } from './forms'

export const metadata: Metadata = { title: 'SLA and business calendar' }

const PATH = '/portal/helpdesk/admin/sla'
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const dayLabel = new Intl.DateTimeFormat('en-ZA', {
  weekday: 'short',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
})
const showDay = (day: string) => dayLabel.format(new Date(`${day}T00:00:00Z`))

/** The minutes between two "HH:MM[:SS]" times: the length of a business day. */
function minutesBetween(opens: string, closes: string): number {
  const minutes = (clock: string) => {
    const [hours, mins] = clock.split(':').map(Number)
    return (hours ?? 0) * 60 + (mins ?? 0)
  }
  const day = minutes(closes) - minutes(opens)
  return day > 0 ? day : DEFAULT_DAY_MINUTES
}

/**
 * SLA targets (global and per contract), the business calendar, the public holidays of a year and
 * the extra closed days (issue 46, part 3). Every save says how many open tickets' due times moved:
 * the database recomputes them in the same transaction.
 */
export default async function SlaAdminPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>
}) {
  await requireUser(PATH)
  if (!(await adminPageAccess(PATH)))
    return <AccessDenied backHref="/portal/helpdesk" backLabel="Back to the helpdesk" />
  const params = await searchParams
  const thisYear = Number(
    new Date().toLocaleString('en-ZA', { year: 'numeric', timeZone: 'Africa/Johannesburg' }),
  )
  const year = holidaysYear(typeof params.year === 'string' ? params.year : undefined, thisYear)
  const asked = typeof params.contract === 'string' && UUID.test(params.contract) ? params.contract : null
  const setup = await slaSetupQuery(await serverSupabase(), { contractId: asked, year })
  const contract = asked ? (setup.contracts.find((item) => item.id === asked) ?? null) : null

  const calendar = {
    time_zone: setup.calendar?.time_zone ?? 'Africa/Johannesburg',
    opens_at: (setup.calendar?.opens_at ?? '08:00').slice(0, 5),
    closes_at: (setup.calendar?.closes_at ?? '17:00').slice(0, 5),
    open_weekdays: setup.calendar?.open_weekdays ?? [1, 2, 3, 4, 5],
    public_holidays: setup.calendar?.public_holidays ?? true,
  }
  const dayMinutes = minutesBetween(calendar.opens_at, calendar.closes_at)
  const asText = (rows: { priority: string; first_response_minutes: number; resolution_minutes: number }[]) =>
    Object.fromEntries(
      rows.flatMap((row) => {
        const priority = row.priority as (typeof TICKET_PRIORITIES)[number]
        return [
          [
            targetField(priority, 'first_response'),
            formatBusinessMinutes(row.first_response_minutes, dayMinutes),
          ],
          [targetField(priority, 'resolution'), formatBusinessMinutes(row.resolution_minutes, dayMinutes)],
        ]
      }),
    ) as Record<string, string>
  const globalText = asText(setup.targets)
  const timeZones = Intl.supportedValuesOf('timeZone')
  const yearHref = (next: number) => {
    const query = new URLSearchParams()
    if (contract) query.set('contract', contract.id)
    query.set('year', String(next))
    return `${PATH}?${query.toString()}#holidays`
  }

  return (
    <Container width="6xl" className="space-y-8 py-10">
      <div>
        <p className="text-sm">
          <Link href="/portal/helpdesk" className="text-brand-700 underline underline-offset-2">
            Helpdesk
          </Link>{' '}
          /{' '}
          <Link href="/portal/helpdesk/admin" className="text-brand-700 underline underline-offset-2">
            Admin
          </Link>
        </p>
        <h1 className="mt-2 text-2xl font-bold text-brand-900">SLA and business calendar</h1>
        <p className="mt-1 text-slate-700">
          Targets count business time: the hours below, without weekends, closed days and (if they apply)
          public holidays. Saving any of it recomputes the due times of open tickets at once.
        </p>
      </div>

      <section
        aria-labelledby="targets-title"
        className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <h2 id="targets-title" className="text-lg font-bold text-brand-900">
          {contract ? `Plan of ${contract.companyName}: ${contract.name}` : 'Global targets'}
        </h2>
        <form method="get" action={PATH} className="mt-3 flex flex-wrap items-end gap-2">
          <label className="text-sm font-semibold text-brand-900">
            Targets for
            <select
              name="contract"
              defaultValue={contract?.id ?? ''}
              className="field-control mt-1 h-9 w-auto font-normal"
            >
              <option value="">Every ticket (global targets)</option>
              {setup.contracts.map((item) => (
                <option key={item.id} value={item.id}>
                  {item.companyName}: {item.name} ({item.startsOn} to {item.endsOn ?? 'open-ended'})
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="h-9 rounded-md border border-slate-300 bg-white px-3 text-sm">
            Show
          </button>
        </form>
        {asked && !contract ? (
          <p role="alert" className="mt-3 text-sm font-semibold text-red-700">
            That contract was not found. The global targets are shown.
          </p>
        ) : null}
        <p className="mt-3 text-sm text-slate-600">
          {contract
            ? `Tickets of ${contract.companyName} opened while this contract is in force use this plan; a priority left empty uses the global targets.`
            : 'Every ticket uses these, unless its company’s contract in force has a plan for the priority.'}
        </p>
        <div className="mt-4">
          <SlaTargetsForm
            key={contract?.id ?? 'global'}
            contract={contract?.id ?? ''}
            dayMinutes={dayMinutes}
            initial={contract ? asText(setup.plan) : globalText}
            placeholders={contract ? globalText : undefined}
          />
        </div>
      </section>

      <section
        aria-labelledby="calendar-title"
        className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <h2 id="calendar-title" className="text-lg font-bold text-brand-900">
          Business calendar
        </h2>
        <div className="mt-4">
          <BusinessCalendarForm calendar={calendar} timeZones={timeZones} />
        </div>
      </section>

      <section
        aria-labelledby="closed-title"
        className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <h2 id="closed-title" className="text-lg font-bold text-brand-900">
          Closed days
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Days the office is closed besides weekends and public holidays.
        </p>
        <ClosedDaysList
          days={setup.closedDays.map((closed) => ({ ...closed, label: showDay(closed.day) }))}
        />
        <div className="mt-4">
          <AddClosedDayForm />
        </div>
      </section>

      <section
        id="holidays"
        aria-labelledby="holidays-title"
        className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="holidays-title" className="text-lg font-bold text-brand-900">
            Public holidays {year}
          </h2>
          <nav aria-label="Year" className="flex gap-3 text-sm">
            {year > 2000 ? (
              <Link href={yearHref(year - 1)} className="text-brand-700 underline underline-offset-2">
                {year - 1}
              </Link>
            ) : null}
            {year < 2100 ? (
              <Link href={yearHref(year + 1)} className="text-brand-700 underline underline-offset-2">
                {year + 1}
              </Link>
            ) : null}
          </nav>
        </div>
        <p className="mt-1 text-sm text-slate-600">
          {calendar.public_holidays
            ? 'South African public holidays close the office. A holiday on a Sunday is taken on the Monday.'
            : 'Public holidays do not apply: the calendar treats them as ordinary days.'}
        </p>
        <table className="mt-3 w-full text-left text-sm">
          <thead>
            <tr className="text-slate-600">
              <th scope="col" className="py-1 pr-3 font-semibold">
                Day
              </th>
              <th scope="col" className="py-1 pr-3 font-semibold">
                Holiday
              </th>
              <th scope="col" className="py-1 pr-3 font-semibold">
                From
              </th>
              <th scope="col" className="py-1 font-semibold">
                Office
              </th>
            </tr>
          </thead>
          <tbody>
            {setup.holidays.map((holiday) => (
              <tr key={holiday.day} className="border-t border-slate-100">
                <td className="py-1.5 pr-3">{showDay(holiday.day)}</td>
                <td className="py-1.5 pr-3">
                  {holiday.name}
                  {holiday.observed_for ? ` (for ${showDay(holiday.observed_for)})` : ''}
                </td>
                <td className="py-1.5 pr-3">{holiday.source === 'law' ? 'Public Holidays Act' : 'Added'}</td>
                <td className="py-1.5">{holiday.closes ? 'Closed' : 'No change'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </Container>
  )
}
