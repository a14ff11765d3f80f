import { MEMBER_ROLES } from '@siyakha/schemas/admin'
import { companyQuery, staffDirectoryQuery } from '@siyakha/supabase/admin'
import { Container } from '@siyakha/ui/container'
import { Link } from '@siyakha/ui/link'
import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { adminPageAccess, requireUser, serverSupabase } from '@/lib/session'
import { AccessDenied } from '../../../../access-denied'
import { AdminForm } from '../../admin-form'
import {
  addDomainAction,
  addSiteAction,
  inviteMemberAction,
  removeDomainAction,
  removeMemberAction,
  removeSiteAction,
  setMemberRoleAction,
  updateCompanyAction,
  updateSiteAction,
} from '../actions'

export const metadata: Metadata = { title: 'Company' }

const ROLE_OPTIONS = Object.entries(MEMBER_ROLES).map(([value, label]) => ({ value, label }))
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

function Card({ title, id, children }: { title: string; id: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={id} className="text-lg font-bold text-brand-900">
        {title}
      </h2>
      <div className="mt-4 space-y-4">{children}</div>
    </section>
  )
}

/** One company: its details, members, email domains and sites, each changed in place. */
export default async function CompanyPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  const from = `/portal/helpdesk/admin/companies/${id}`
  await requireUser(from)
  if (!(await adminPageAccess(from)))
    return <AccessDenied backHref="/portal/helpdesk" backLabel="Back to the helpdesk" />
  if (!UUID.test(id)) notFound()
  const supabase = await serverSupabase()
  const [company, staff] = await Promise.all([companyQuery(supabase, id), staffDirectoryQuery(supabase)])
  if (!company) notFound()
  const companyField = { kind: 'hidden', name: 'companyId', value: company.id } as const
  return (
    <Container width="6xl" className="space-y-6 py-10">
      <div>
        <Link
          href="/portal/helpdesk/admin/companies"
          className="text-sm text-brand-700 underline underline-offset-2"
        >
          Companies
        </Link>
        <h1 className="mt-2 text-2xl font-bold text-brand-900">{company.name}</h1>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="Details" id="details-title">
          <AdminForm
            action={updateCompanyAction}
            label="Company details"
            submit="Save"
            fields={[
              companyField,
              {
                kind: 'text',
                name: 'name',
                label: 'Name',
                required: true,
                maxLength: 200,
                initial: company.name,
              },
              {
                kind: 'textarea',
                name: 'notes',
                label: 'Notes for agents',
                hint: 'Shown beside every ticket of this company.',
                optional: true,
                maxLength: 4000,
                initial: company.notes,
              },
              {
                kind: 'select',
                name: 'accountManagerId',
                label: 'Account manager',
                initial: company.account_manager_id ?? '',
                options: [
                  { value: '', label: 'Nobody' },
                  ...staff
                    .filter((m) => m.active || m.id === company.account_manager_id)
                    .map((m) => ({ value: m.id, label: m.active ? m.name : `${m.name} (deactivated)` })),
                ],
              },
            ]}
          />
        </Card>

        <Card title="Members" id="members-title">
          {company.members.length === 0 ? <p className="text-sm text-slate-600">No members yet.</p> : null}
          <ul className="divide-y divide-slate-200">
            {company.members.map((member) => (
              <li key={member.user_id} className="flex flex-wrap items-end justify-between gap-2 py-2">
                <p className="text-sm">
                  <span className="font-medium text-brand-900">{member.email}</span>
                  <span className="text-slate-600"> · {MEMBER_ROLES[member.role]}</span>
                </p>
                <div className="flex gap-2">
                  <AdminForm
                    action={setMemberRoleAction}
                    label={`Role of ${member.email}`}
                    inline
                    variant="outline"
                    submit={member.role === 'company_admin' ? 'Make member' : 'Make company admin'}
                    fields={[
                      companyField,
                      { kind: 'hidden', name: 'userId', value: member.user_id },
                      {
                        kind: 'hidden',
                        name: 'role',
                        value: member.role === 'company_admin' ? 'member' : 'company_admin',
                      },
                    ]}
                  />
                  <AdminForm
                    action={removeMemberAction}
                    label={`Remove ${member.email}`}
                    inline
                    variant="outline"
                    submit="Remove"
                    fields={[companyField, { kind: 'hidden', name: 'userId', value: member.user_id }]}
                  />
                </div>
              </li>
            ))}
          </ul>
          <AdminForm
            action={inviteMemberAction}
            label="Invite a member"
            inline
            submit="Invite"
            fields={[
              companyField,
              { kind: 'email', name: 'email', label: 'Email', required: true, maxLength: 254 },
              { kind: 'select', name: 'role', label: 'Role', initial: 'member', options: ROLE_OPTIONS },
            ]}
          />
        </Card>

        <Card title="Email domains" id="domains-title">
          <p className="text-sm text-slate-700">
            New users whose confirmed address is at one of these join the company as members; its company
            admins get an email.
          </p>
          <ul className="divide-y divide-slate-200">
            {company.domains.map((domain) => (
              <li key={domain} className="flex items-end justify-between gap-2 py-2">
                <span className="font-mono text-sm">{domain}</span>
                <AdminForm
                  action={removeDomainAction}
                  label={`Remove ${domain}`}
                  inline
                  variant="outline"
                  submit="Remove"
                  fields={[companyField, { kind: 'hidden', name: 'domain', value: domain }]}
                />
              </li>
            ))}
          </ul>
          <AdminForm
            action={addDomainAction}
            label="Add a domain"
            inline
            submit="Add domain"
            fields={[
              companyField,
              { kind: 'text', name: 'domain', label: 'Domain', required: true, maxLength: 253 },
            ]}
          />
        </Card>

        <Card title="Sites" id="sites-title">
          {company.sites.map((site) => (
            <details key={site.id} className="rounded-lg border border-slate-200 p-3">
              <summary className="cursor-pointer font-medium text-brand-900">
                {site.name}
                {site.address ? <span className="font-normal text-slate-600"> · {site.address}</span> : null}
              </summary>
              <div className="mt-3 space-y-3">
                <AdminForm
                  action={updateSiteAction}
                  label={`Edit ${site.name}`}
                  submit="Save site"
                  fields={[
                    companyField,
                    { kind: 'hidden', name: 'siteId', value: site.id },
                    {
                      kind: 'text',
                      name: 'name',
                      label: 'Name',
                      required: true,
                      maxLength: 200,
                      initial: site.name,
                    },
                    {
                      kind: 'textarea',
                      name: 'address',
                      label: 'Address',
                      optional: true,
                      maxLength: 1000,
                      initial: site.address,
                    },
                    {
                      kind: 'textarea',
                      name: 'notes',
                      label: 'Notes',
                      optional: true,
                      maxLength: 2000,
                      initial: site.notes,
                    },
                  ]}
                />
                <AdminForm
                  action={removeSiteAction}
                  label={`Remove ${site.name}`}
                  variant="outline"
                  submit="Remove site"
                  fields={[companyField, { kind: 'hidden', name: 'siteId', value: site.id }]}
                />
              </div>
            </details>
          ))}
          <AdminForm
            action={addSiteAction}
            label="Add a site"
            submit="Add site"
            fields={[
              companyField,
              { kind: 'text', name: 'name', label: 'Site name', required: true, maxLength: 200 },
              { kind: 'textarea', name: 'address', label: 'Address', optional: true, maxLength: 1000 },
              { kind: 'textarea', name: 'notes', label: 'Site notes', optional: true, maxLength: 2000 },
            ]}
          />
        </Card>
      </div>
    </Container>
  )
}
