import { monthFirstDay, monthOrCurrent } from '@siyakha/schemas/contracts'
import {
  companyNameQuery,
  retainerAlertsQuery,
  statementLinesQuery,
  statementSummaryQuery,
} from '@siyakha/supabase/contracts'
import { Container } from '@siyakha/ui/container'
import { Link } from '@siyakha/ui/link'
import type { Metadata } from 'next'
import { z } from 'zod'
import { requireUser, serverSupabase, staffPageAccess } from '@/lib/session'
import { AccessDenied } from '../../../access-denied'
import { MonthPicker, monthLabel, StatementView } from '../statement-view'

export const metadata: Metadata = { title: 'Statement' }

/** A company's monthly statement for staff: summary, hours by ticket, agent and work type, lines with notes. */
export default async function CompanyStatementPage({
  params,
  searchParams,
}: {
  params: Promise<{ companyId: string }>
  searchParams: Promise<{ month?: string }>
}) {
  const { companyId } = await params
  const path = `/portal/helpdesk/statements/${companyId}`
  await requireUser(path)
  const back = <AccessDenied backHref="/portal/helpdesk/statements" backLabel="Back to statements" />
  if (!(await staffPageAccess(path))) return back
  if (!z.uuid().safeParse(companyId).success) return back
  const month = monthOrCurrent((await searchParams).month)
  const supabase = await serverSupabase()
  const { data: company } = await companyNameQuery(supabase, companyId)
  if (!company) return back
  const [{ data: summary }, { data: lines }, { data: alerts }] = await Promise.all([
    statementSummaryQuery(supabase, companyId, monthFirstDay(month)),
    statementLinesQuery(supabase, companyId, monthFirstDay(month)),
    retainerAlertsQuery(supabase, companyId, monthFirstDay(month)),
  ])
  return (
    <Container width="6xl" className="space-y-6 py-10">
      <div>
        <Link
          href={`/portal/helpdesk/statements?month=${month}`}
          className="text-sm text-brand-700 underline"
        >
          Statements
        </Link>
        <h1 className="mt-2 text-2xl font-bold text-brand-900">
          {company.name} — {monthLabel(month)}
        </h1>
      </div>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <MonthPicker path={path} month={month} />
        <a
          href={`${path}/csv?month=${month}`}
          download
          className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white"
        >
          Download CSV
        </a>
      </div>
      <StatementView
        summary={summary}
        lines={lines}
        alerts={alerts}
        staff
        ticketHref={(id) => `/portal/helpdesk/${id}`}
      />
    </Container>
  )
}
