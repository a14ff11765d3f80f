import { monthFirstDay, monthSchema, toCsv } from '@siyakha/schemas/contracts'
import { companyNameQuery, statementLinesQuery, statementSummaryQuery } from '@siyakha/supabase/contracts'
import { NextResponse } from 'next/server'
import { z } from 'zod'
import { currentStaffAccess, currentUser, serverSupabase } from '@/lib/session'
import { workTypeLabel } from '../../statement-view'

const noStore = { 'Cache-Control': 'no-store' }

/**
 * The statement as CSV for staff (RFC 4180, formula-safe cells): the summary rows, then the lines
 * with notes. Anyone else, or a company that is not there, gets "not found".
 */
export async function GET(
  request: Request,
  { params }: { params: Promise<{ companyId: string }> },
): Promise<NextResponse> {
  const { companyId } = await params
  const notFound = () => NextResponse.json({ error: 'Not found' }, { status: 404, headers: noStore })
  if (!(await currentUser()))
    return NextResponse.json({ error: 'Not signed in' }, { status: 401, headers: noStore })
  if (!(await currentStaffAccess()).staffAccess) return notFound()
  if (!z.uuid().safeParse(companyId).success) return notFound()
  const month = monthSchema.safeParse(new URL(request.url).searchParams.get('month') ?? '')
  if (!month.success)
    return NextResponse.json(
      { error: 'Pick a month as YYYY-MM (?month=2026-03)' },
      { status: 400, headers: noStore },
    )
  const supabase = await serverSupabase()
  const { data: company } = await companyNameQuery(supabase, companyId)
  if (!company) return notFound()
  const first = monthFirstDay(month.data)
  const [{ data: summary }, { data: lines }] = await Promise.all([
    statementSummaryQuery(supabase, companyId, first),
    statementLinesQuery(supabase, companyId, first),
  ])
  const rands = (cents: number | null) => (cents === null ? null : (cents / 100).toFixed(2))
  const csv = toCsv([
    ['Statement', company.name, month.data],
    [],
    [
      'Contract',
      'Kind',
      'Currency',
      'Retainer hours',
      'Carried-in hours',
      'Available hours',
      'Billable hours',
      'Non-billable hours',
      'Hours beyond retainer',
      'Hourly rate',
      'Amount',
    ],
    ...summary.map((s) => [
      s.contract_name,
      s.kind,
      s.currency,
      s.retainer_hours,
      s.carried_in_hours,
      s.available_hours,
      s.billable_hours,
      s.non_billable_hours,
      s.over_hours,
      rands(s.hourly_rate_cents),
      rands(s.amount_cents),
    ]),
    [],
    [
      'Ticket',
      'Summary',
      'Agent',
      'Work type',
      'Billable',
      'Entries',
      'Hours',
      'First day',
      'Last day',
      'Notes',
    ],
    ...lines.map((l) => [
      l.tracking_ref,
      l.ticket_summary,
      l.agent_name,
      workTypeLabel(l.work_type),
      l.billable ? 'yes' : 'no',
      l.entries,
      l.hours,
      l.first_day,
      l.last_day,
      l.notes,
    ]),
  ])
  const slug =
    company.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'company'
  return new NextResponse(csv, {
    headers: {
      ...noStore,
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="statement-${slug}-${month.data}.csv"`,
    },
  })
}
