import { monthFirstDay, monthOrCurrent, shiftMonth } from '@siyakha/schemas/contracts'
import { contractsInForceQuery, statementSummaryQuery } from '@siyakha/supabase/contracts'
import { Container } from '@siyakha/ui/container'
import { Link } from '@siyakha/ui/link'
import type { Metadata } from 'next'
import { requireUser, serverSupabase, staffPageAccess } from '@/lib/session'
import { AccessDenied } from '../../access-denied'
import { MonthPicker, monthLabel, UsageBar } from './statement-view'

export const metadata: Metadata = { title: 'Statements' }

/** Every company with a contract this month, and how far its retainer has run (all staff). */
export default async function StatementsPage({
  searchParams,
}: {
  searchParams: Promise<{ month?: string }>
}) {
  await requireUser('/portal/helpdesk/statements')
  if (!(await staffPageAccess('/portal/helpdesk/statements')))
    return <AccessDenied backHref="/portal/helpdesk" backLabel="Back to the helpdesk" />
  const month = monthOrCurrent((await searchParams).month)
  const supabase = await serverSupabase()
  const nextFirstDay = monthFirstDay(shiftMonth(month, 1))
  const { data: contracts } = await contractsInForceQuery(supabase, monthFirstDay(month), nextFirstDay)
  const companies = new Map<string, string>()
  for (const c of contracts)
    if (c.companies && !companies.has(c.company_id)) companies.set(c.company_id, c.companies.name)
  const rows = await Promise.all(
    [...companies.entries()]
      .sort((a, b) => a[1].localeCompare(b[1]))
      .map(async ([id, name]) => ({
        id,
        name,
        summary: (await statementSummaryQuery(supabase, id, monthFirstDay(month))).data,
      })),
  )
  return (
    <Container width="6xl" className="space-y-6 py-10">
      <div>
        <Link href="/portal/helpdesk" className="text-sm text-brand-700 underline underline-offset-2">
          Helpdesk
        </Link>
        <h1 className="mt-2 text-2xl font-bold text-brand-900">Statements — {monthLabel(month)}</h1>
        <p className="mt-1 text-slate-700">Companies with a contract this month and their billable time.</p>
      </div>
      <MonthPicker path="/portal/helpdesk/statements" month={month} />
      {rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-slate-600">
          No company has a contract in force this month.
        </p>
      ) : (
        <ul className="space-y-3">
          {rows.map((company) => (
            <li key={company.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <Link
                href={`/portal/helpdesk/statements/${company.id}?month=${month}`}
                className="text-lg font-semibold text-brand-800 underline underline-offset-2"
              >
                {company.name}
              </Link>
              {company.summary
                .filter((row) => row.contract_id)
                .map((row) => (
                  <div key={row.contract_id} className="mt-2 space-y-1">
                    <p className="text-sm text-slate-700">
                      {row.contract_name}: {Number(row.billable_hours).toFixed(2)} billable hours
                      {row.kind === 'retainer'
                        ? ` of ${Number(row.available_hours).toFixed(2)}`
                        : ' (pay as you go)'}
                    </p>
                    {row.kind === 'retainer' && row.used_percent !== null ? (
                      <UsageBar percent={Number(row.used_percent)} label={`Retainer used, ${company.name}`} />
                    ) : null}
                  </div>
                ))}
            </li>
          ))}
        </ul>
      )}
    </Container>
  )
}
