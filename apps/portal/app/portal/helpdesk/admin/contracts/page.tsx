import { formatMoney } from '@siyakha/schemas/contracts'
import { companyChoicesQuery, contractsQuery } from '@siyakha/supabase/contracts'
import { Container } from '@siyakha/ui/container'
import { Link } from '@siyakha/ui/link'
import type { Metadata } from 'next'
import { adminPageAccess, requireUser, serverSupabase } from '@/lib/session'
import { AccessDenied } from '../../../access-denied'
import { ContractForm } from './contract-form'

export const metadata: Metadata = { title: 'Contracts' }

/** Contracts by company, and a form to add one (provider admins). */
export default async function ContractsPage() {
  await requireUser('/portal/helpdesk/admin/contracts')
  if (!(await adminPageAccess('/portal/helpdesk/admin/contracts')))
    return <AccessDenied backHref="/portal/helpdesk" backLabel="Back to the helpdesk" />
  const supabase = await serverSupabase()
  const [{ data: contracts }, { data: companies }] = await Promise.all([
    contractsQuery(supabase),
    companyChoicesQuery(supabase),
  ])
  const byCompany = new Map<string, typeof contracts>()
  for (const contract of contracts) {
    const name = contract.companies?.name ?? 'Unknown company'
    byCompany.set(name, [...(byCompany.get(name) ?? []), contract])
  }
  return (
    <Container width="6xl" className="space-y-8 py-10">
      <div>
        <Link href="/portal/helpdesk/admin" className="text-sm text-brand-700 underline underline-offset-2">
          Admin
        </Link>
        <h1 className="mt-2 text-2xl font-bold text-brand-900">Contracts</h1>
        <p className="mt-1 text-slate-700">
          A company has one contract on any day. Billable time draws on the contract in force on the day the
          work was done.
        </p>
      </div>
      {byCompany.size === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-slate-600">
          No contracts yet.
        </p>
      ) : (
        [...byCompany.entries()]
          .sort((a, b) => a[0].localeCompare(b[0]))
          .map(([company, list]) => (
            <section key={company} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <h2 className="text-lg font-bold text-brand-900">{company}</h2>
              <ul className="mt-2 divide-y divide-slate-100">
                {list.map((c) => (
                  <li key={c.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2 text-sm">
                    <Link
                      href={`/portal/helpdesk/admin/contracts/${c.id}`}
                      className="font-semibold text-brand-800 underline"
                    >
                      {c.name}
                    </Link>
                    <span className="text-slate-700">
                      {c.kind === 'retainer'
                        ? `${c.hours_per_month} h/month${c.rollover ? ', rollover' : ''}, ${formatMoney(c.hourly_rate_cents, c.currency)}/h beyond`
                        : `Pay as you go, ${formatMoney(c.hourly_rate_cents, c.currency)}/h`}
                    </span>
                    <span className="text-slate-600">
                      {c.starts_on} to {c.ends_on ?? 'no end date'}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          ))
      )}
      <section
        aria-labelledby="add-contract-title"
        className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <h2 id="add-contract-title" className="text-lg font-bold text-brand-900">
          Add a contract
        </h2>
        <div className="mt-4">
          <ContractForm companies={companies} labelledBy="add-contract-title" />
        </div>
      </section>
    </Container>
  )
}
