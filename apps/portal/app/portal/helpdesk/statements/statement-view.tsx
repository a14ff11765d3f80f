import { formatMoney, shiftMonth } from '@siyakha/schemas/contracts'
import { Link } from '@siyakha/ui/link'
import type { ReactNode } from 'react'
import { formatDateTime } from '@/lib/format'

export interface SummaryRow {
  contract_id: string | null
  contract_name: string
  kind: 'retainer' | 'pay_as_you_go' | null
  currency: string | null
  retainer_hours: number | null
  carried_in_hours: number | null
  available_hours: number | null
  billable_hours: number
  non_billable_hours: number | null
  over_hours: number | null
  used_percent: number | null
  hourly_rate_cents: number | null
  amount_cents: number | null
}

export interface LineRow {
  ticket_id: string
  tracking_ref: string
  ticket_summary: string
  agent_name: string
  work_type: string
  billable: boolean
  entries: number
  minutes: number
  hours: number
  notes: string | null
}

export interface AlertRow {
  threshold: number
  used_minutes: number
  available_minutes: number
  created_at: string
}

const WORK_TYPE_LABELS: Record<string, string> = {
  remote: 'Remote',
  on_site: 'On site',
  travel: 'Travel',
  project: 'Project',
}
export const workTypeLabel = (type: string) => WORK_TYPE_LABELS[type] ?? type

const hours = (value: number | null | undefined) =>
  value === null || value === undefined ? '—' : value.toFixed(2)

/** "2026-03" → "March 2026". */
export function monthLabel(month: string): string {
  return new Intl.DateTimeFormat('en-ZA', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  )
}

/** How much of the month's retainer is used, red once it is over. */
export function UsageBar({ percent, label }: { percent: number; label: string }) {
  const over = percent > 100
  return (
    <div>
      <div aria-hidden="true" title={label} className="h-3 w-full overflow-hidden rounded-full bg-slate-200">
        <div
          className={
            over ? 'h-full bg-red-600' : percent >= 80 ? 'h-full bg-amber-500' : 'h-full bg-emerald-600'
          }
          style={{ width: `${Math.min(100, percent)}%` }}
        />
      </div>
      <p className={over ? 'mt-1 text-sm font-semibold text-red-700' : 'mt-1 text-sm text-slate-700'}>
        {percent.toFixed(1)}% of the retainer used{over ? ' — over' : ''}
      </p>
    </div>
  )
}

/** Previous / next month links and a month field that works without JavaScript (a GET form). */
export function MonthPicker({ path, month }: { path: string; month: string }) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      <Link href={`${path}?month=${shiftMonth(month, -1)}`} className="text-sm text-brand-700 underline">
        ← {monthLabel(shiftMonth(month, -1))}
      </Link>
      <form method="get" action={path} className="flex items-end gap-2">
        <label className="text-sm">
          <span className="field-label block">Month</span>
          <input type="month" name="month" defaultValue={month} className="field-control" />
        </label>
        <button type="submit" className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm">
          Show
        </button>
      </form>
      <Link href={`${path}?month=${shiftMonth(month, 1)}`} className="text-sm text-brand-700 underline">
        {monthLabel(shiftMonth(month, 1))} →
      </Link>
    </div>
  )
}

function Table({ caption, head, rows }: { caption: string; head: string[]; rows: ReactNode[][] }) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <table className="w-full text-left text-sm">
        <caption className="mb-2 text-left text-lg font-bold text-brand-900">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200">
            {head.map((cell) => (
              <th key={cell} scope="col" className="py-1 pr-3 font-semibold">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={head.length} className="py-2 text-slate-600">
                No time this month.
              </td>
            </tr>
          ) : (
            rows.map((row, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are derived and never reordered
              <tr key={i} className="border-b border-slate-100 align-top">
                {row.map((cell, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
                  <td key={j} className="py-1 pr-3">
                    {cell}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </section>
  )
}

/** Sums of billable and non-billable minutes by a key, in first-seen order. */
function totalsBy(lines: LineRow[], key: (line: LineRow) => string) {
  const totals = new Map<string, { billable: number; nonBillable: number }>()
  for (const line of lines) {
    const total = totals.get(key(line)) ?? { billable: 0, nonBillable: 0 }
    if (line.billable) total.billable += line.minutes
    else total.nonBillable += line.minutes
    totals.set(key(line), total)
  }
  return [...totals.entries()]
}

/**
 * The statement of a company's month. `staff` shows non-billable time, notes and the alerts; a
 * company admin's rows already come without them from the database.
 */
export function StatementView({
  summary,
  lines,
  alerts,
  staff,
  ticketHref,
}: {
  summary: SummaryRow[]
  lines: LineRow[]
  alerts: AlertRow[]
  staff: boolean
  ticketHref: (id: string) => string
}) {
  const h = (minutes: number) => (minutes / 60).toFixed(2)
  const byTicket = totalsBy(lines, (l) => `${l.tracking_ref}\u0000${l.ticket_id}\u0000${l.ticket_summary}`)
  const byAgent = totalsBy(lines, (l) => l.agent_name)
  const byType = totalsBy(lines, (l) => workTypeLabel(l.work_type))
  const split = staff ? ['Billable h', 'Non-billable h'] : ['Hours']
  const figures = (t: { billable: number; nonBillable: number }) =>
    staff ? [h(t.billable), h(t.nonBillable)] : [h(t.billable)]
  return (
    <div className="space-y-6">
      {summary.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-slate-600">
          No contract and no time this month.
        </p>
      ) : (
        summary.map((row) => (
          <section
            key={row.contract_id ?? 'none'}
            aria-label={`Contract ${row.contract_name}`}
            className="space-y-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
          >
            <h2 className="text-lg font-bold text-brand-900">
              {row.contract_name}
              <span className="ml-2 text-sm font-normal text-slate-600">
                {row.kind === 'retainer'
                  ? 'Monthly retainer'
                  : row.kind === 'pay_as_you_go'
                    ? 'Pay as you go'
                    : ''}
              </span>
            </h2>
            {row.kind === 'retainer' && row.used_percent !== null ? (
              <UsageBar percent={row.used_percent} label={`Retainer used, ${row.contract_name}`} />
            ) : null}
            <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-4">
              {row.kind === 'retainer' ? (
                <>
                  <dt className="text-slate-600">Retainer hours</dt>
                  <dd>{hours(row.retainer_hours)}</dd>
                  <dt className="text-slate-600">Carried in</dt>
                  <dd>{hours(row.carried_in_hours)}</dd>
                  <dt className="text-slate-600">Available</dt>
                  <dd>{hours(row.available_hours)}</dd>
                </>
              ) : null}
              <dt className="text-slate-600">Billable hours</dt>
              <dd>{hours(row.billable_hours)}</dd>
              {staff ? (
                <>
                  <dt className="text-slate-600">Non-billable hours</dt>
                  <dd>{hours(row.non_billable_hours)}</dd>
                </>
              ) : null}
              {row.kind === 'retainer' ? (
                <>
                  <dt className="text-slate-600">Hours beyond the retainer</dt>
                  <dd>{hours(row.over_hours)}</dd>
                </>
              ) : null}
              {row.hourly_rate_cents !== null ? (
                <>
                  <dt className="text-slate-600">{row.kind === 'retainer' ? 'Rate beyond' : 'Rate'}</dt>
                  <dd>{formatMoney(row.hourly_rate_cents, row.currency ?? 'ZAR')} / h</dd>
                </>
              ) : null}
              {row.amount_cents !== null ? (
                <>
                  <dt className="font-semibold text-slate-800">
                    {row.kind === 'retainer' ? 'Amount beyond the retainer' : 'Amount'}
                  </dt>
                  <dd className="font-semibold">{formatMoney(row.amount_cents, row.currency ?? 'ZAR')}</dd>
                </>
              ) : null}
            </dl>
          </section>
        ))
      )}
      {staff && alerts.length > 0 ? (
        <section className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm">
          <h2 className="font-bold text-amber-900">Retainer alerts sent</h2>
          <ul className="mt-1 list-disc pl-5">
            {alerts.map((alert) => (
              <li key={alert.threshold}>
                {alert.threshold}%: {h(alert.used_minutes)} of {h(alert.available_minutes)} hours, on{' '}
                {formatDateTime(alert.created_at)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <Table
        caption="Hours by ticket"
        head={['Ticket', 'Summary', ...split]}
        rows={byTicket.map(([key, total]) => {
          const [ref, id, summaryText] = key.split('\u0000') as [string, string, string]
          return [
            <Link key="ref" href={ticketHref(id)} className="text-brand-700 underline">
              {ref}
            </Link>,
            summaryText,
            ...figures(total),
          ]
        })}
      />
      <div className="grid gap-6 md:grid-cols-2">
        <Table
          caption="Hours by agent"
          head={['Agent', ...split]}
          rows={byAgent.map(([k, t]) => [k, ...figures(t)])}
        />
        <Table
          caption="Hours by work type"
          head={['Work type', ...split]}
          rows={byType.map(([k, t]) => [k, ...figures(t)])}
        />
      </div>
      <Table
        caption="Lines"
        head={[
          'Ticket',
          'Agent',
          'Work type',
          ...(staff ? ['Billable'] : []),
          'Hours',
          ...(staff ? ['Notes'] : []),
        ]}
        rows={lines.map((l) => [
          l.tracking_ref,
          l.agent_name,
          workTypeLabel(l.work_type),
          ...(staff ? [l.billable ? 'Yes' : 'No'] : []),
          l.hours.toFixed(2),
          ...(staff
            ? [
                <span key="n" className="whitespace-pre-line">
                  {l.notes ?? ''}
                </span>,
              ]
            : []),
        ])}
      />
    </div>
  )
}
