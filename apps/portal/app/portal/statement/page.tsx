import { monthFirstDay, monthOrCurrent } from '@siyakha/schemas/contracts'
import { statementLinesQuery, statementSummaryQuery } from '@siyakha/supabase/contracts'
import { Container } from '@siyakha/ui/container'
import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { requireUser, serverSupabase } from '@/lib/session'
import { statementCompanies } from '@/lib/statement-access'
import { MonthPicker, monthLabel, StatementView } from '../helpdesk/statements/statement-view'

export const metadata: Metadata = { title: 'Statement' }

/**
 * The company admin's monthly statement: billable time and what it costs, without notes or
 * non-billable detail (the database leaves them out for them). Anyone else: not found.
 */
export default async function CustomerStatementPage({
  searchParams,
}: {
  searchParams: Promise<{ month?: string; company?: string }>
}) {
  await requireUser('/portal/statement')
  const companies = await statementCompanies()
  const query = await searchParams
  const company = companies.find((c) => c.id === query.company) ?? companies[0]
  if (!company) notFound()
  const month = monthOrCurrent(query.month)
  const supabase = await serverSupabase()
  const [{ data: summary }, { data: lines }] = await Promise.all([
    statementSummaryQuery(supabase, company.id, monthFirstDay(month)),
    statementLinesQuery(supabase, company.id, monthFirstDay(month)),
  ])
  return (
    <Container width="6xl" className="space-y-6 py-10">
      <div>
        <h1 className="text-2xl font-bold text-brand-900">
          Statement — {company.name}, {monthLabel(month)}
        </h1>
        <p className="mt-1 text-slate-700">
          Billable support time this month (Johannesburg calendar month) against your contract.
        </p>
      </div>
      <MonthPicker path="/portal/statement" month={month} />
      <StatementView
        summary={summary}
        lines={lines}
        alerts={[]}
        staff={false}
        ticketHref={(id) => `/portal/tickets/${id}`}
      />
    </Container>
  )
}
