import { slaReportQuery } from '@siyakha/supabase/queries'
import { Container } from '@siyakha/ui/container'
import { Link } from '@siyakha/ui/link'
import type { Metadata } from 'next'
import { formatDateTime } from '@/lib/format'
import { requireUser, serverSupabase, staffPageAccess } from '@/lib/session'
import { businessDuration, weekStart } from '@/lib/sla'
import { AccessDenied } from '../../access-denied'

export const metadata: Metadata = { title: 'SLA this week' }

function Figure({ term, value, alert }: { term: string; value: string; alert?: boolean }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4">
      <dt className="text-sm text-slate-600">{term}</dt>
      <dd className={`mt-1 text-2xl font-bold ${alert ? 'text-red-700' : 'text-brand-900'}`}>{value}</dd>
    </div>
  )
}

/**
 * The week's promises at a glance (SLA in business hours): tickets opened since Monday, how many
 * broke their first-response or resolution promise, and the median first response.
 */
export default async function SlaReportPage() {
  await requireUser('/portal/helpdesk/report')
  if (!(await staffPageAccess('/portal/helpdesk/report'))) return <AccessDenied />
  const since = weekStart()
  const { data: report } = await slaReportQuery(await serverSupabase(), since)
  const median = report?.median_first_response_minutes
  return (
    <Container width="6xl" className="space-y-6 py-10">
      <div>
        <Link href="/portal/helpdesk" className="text-sm text-brand-700 underline underline-offset-2">
          Helpdesk
        </Link>
        <h1 className="mt-2 text-2xl font-bold text-brand-900">SLA this week</h1>
        <p className="mt-2 text-slate-600">
          Tickets opened since{' '}
          <time dateTime={since.toISOString()}>{formatDateTime(since.toISOString())}</time>, counted in
          business hours (Monday to Friday, 08:00 to 17:00, without public holidays).
        </p>
      </div>
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Figure term="Tickets opened" value={String(report?.tickets ?? 0)} />
        <Figure
          term="Broke a promise"
          value={String(report?.breached ?? 0)}
          alert={(report?.breached ?? 0) > 0}
        />
        <Figure term="First response late" value={String(report?.first_response_breached ?? 0)} />
        <Figure term="Resolution late" value={String(report?.resolution_breached ?? 0)} />
        <Figure term="Answered" value={String(report?.answered ?? 0)} />
        <Figure
          term="Median first response"
          value={median === null || median === undefined ? '—' : businessDuration(median)}
        />
      </dl>
    </Container>
  )
}
