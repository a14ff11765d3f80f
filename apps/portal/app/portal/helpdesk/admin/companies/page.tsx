import { companiesQuery, staffDirectoryQuery } from '@siyakha/supabase/admin'
import { Container } from '@siyakha/ui/container'
import { Link } from '@siyakha/ui/link'
import type { Metadata } from 'next'
import { adminPageAccess, requireUser, serverSupabase } from '@/lib/session'
import { AccessDenied } from '../../../access-denied'
import { AdminForm } from '../admin-form'
import { createCompanyAction } from './actions'

export const metadata: Metadata = { title: 'Companies' }

/** The provider's client companies, and a new one in one form. */
export default async function CompaniesPage() {
  await requireUser('/portal/helpdesk/admin/companies')
  if (!(await adminPageAccess('/portal/helpdesk/admin/companies')))
    return <AccessDenied backHref="/portal/helpdesk" backLabel="Back to the helpdesk" />
  const supabase = await serverSupabase()
  const [companies, staff] = await Promise.all([companiesQuery(supabase), staffDirectoryQuery(supabase)])
  const nameOf = new Map(staff.map((member) => [member.id, member.name]))
  return (
    <Container width="6xl" className="space-y-8 py-10">
      <div>
        <Link href="/portal/helpdesk/admin" className="text-sm text-brand-700 underline underline-offset-2">
          Admin
        </Link>
        <h1 className="mt-2 text-2xl font-bold text-brand-900">Companies</h1>
      </div>
      {companies.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-slate-600">
          No companies yet.
        </p>
      ) : (
        <table className="w-full overflow-hidden rounded-xl border border-slate-200 bg-white text-left text-sm shadow-sm">
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="p-3">
                Company
              </th>
              <th scope="col" className="p-3">
                Members
              </th>
              <th scope="col" className="p-3">
                Email domains
              </th>
              <th scope="col" className="p-3">
                Account manager
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {companies.map((company) => (
              <tr key={company.id}>
                <td className="p-3">
                  <Link
                    href={`/portal/helpdesk/admin/companies/${company.id}`}
                    className="font-semibold text-brand-800 underline underline-offset-2"
                  >
                    {company.name}
                  </Link>
                </td>
                <td className="p-3">{company.members}</td>
                <td className="p-3">{company.domains.join(', ') || '—'}</td>
                <td className="p-3">
                  {company.accountManagerId ? (nameOf.get(company.accountManagerId) ?? 'Former staff') : '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <section
        aria-labelledby="new-company-title"
        className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <h2 id="new-company-title" className="text-lg font-bold text-brand-900">
          New company
        </h2>
        <div className="mt-4 max-w-xl">
          <AdminForm
            action={createCompanyAction}
            label="New company"
            submit="Create company"
            fields={[
              { kind: 'text', name: 'name', label: 'Name', required: true, maxLength: 200 },
              {
                kind: 'textarea',
                name: 'notes',
                label: 'Notes for agents',
                optional: true,
                maxLength: 4000,
              },
              {
                kind: 'select',
                name: 'accountManagerId',
                label: 'Account manager',
                initial: '',
                options: [
                  { value: '', label: 'Nobody yet' },
                  ...staff.filter((m) => m.active).map((m) => ({ value: m.id, label: m.name })),
                ],
              },
            ]}
          />
        </div>
      </section>
    </Container>
  )
}
