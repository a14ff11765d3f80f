import { contractQuery } from '@siyakha/supabase/contracts'
import { Container } from '@siyakha/ui/container'
import { Link } from '@siyakha/ui/link'
import type { Metadata } from 'next'
import { z } from 'zod'
import { adminPageAccess, requireUser, serverSupabase } from '@/lib/session'
import { AccessDenied } from '../../../../access-denied'
import { ContractForm } from '../contract-form'

export const metadata: Metadata = { title: 'Contract' }

/** One contract: edit it, open its SLA plan and its company's statement (provider admins). */
export default async function ContractPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  const path = `/portal/helpdesk/admin/contracts/${id}`
  await requireUser(path)
  const back = <AccessDenied backHref="/portal/helpdesk/admin/contracts" backLabel="Back to contracts" />
  if (!(await adminPageAccess(path))) return back
  if (!z.uuid().safeParse(id).success) return back
  const { data: contract } = await contractQuery(await serverSupabase(), id)
  if (!contract) return back
  return (
    <Container width="3xl" className="space-y-6 py-10">
      <div>
        <Link
          href="/portal/helpdesk/admin/contracts"
          className="text-sm text-brand-700 underline underline-offset-2"
        >
          Contracts
        </Link>
        <h1 className="mt-2 text-2xl font-bold text-brand-900">
          {contract.name}{' '}
          <span className="text-base font-normal text-slate-600">{contract.companies?.name}</span>
        </h1>
        <p className="mt-2 flex flex-wrap gap-4 text-sm">
          <Link
            href={`/portal/helpdesk/admin/sla?contract=${contract.id}`}
            className="text-brand-700 underline"
          >
            SLA plan of this contract
          </Link>
          <Link
            href={`/portal/helpdesk/statements/${contract.company_id}`}
            className="text-brand-700 underline"
          >
            This month&apos;s statement
          </Link>
        </p>
      </div>
      <section
        aria-labelledby="edit-contract-title"
        className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <h2 id="edit-contract-title" className="text-lg font-bold text-brand-900">
          Edit the contract
        </h2>
        <div className="mt-4">
          <ContractForm
            companies={[]}
            labelledBy="edit-contract-title"
            initial={{
              id: contract.id,
              company_id: contract.company_id,
              name: contract.name,
              kind: contract.kind,
              starts_on: contract.starts_on,
              ends_on: contract.ends_on ?? '',
              hours_per_month: contract.hours_per_month === null ? '' : String(contract.hours_per_month),
              rollover: contract.rollover,
              hourly_rate: (contract.hourly_rate_cents / 100).toFixed(2),
              currency: contract.currency,
            }}
          />
        </div>
      </section>
    </Container>
  )
}
