import { STAFF_ROLES } from '@siyakha/schemas/admin'
import { openTicketsOfQuery, type StaffDirectoryRow, staffDirectoryQuery } from '@siyakha/supabase/admin'
import { Container } from '@siyakha/ui/container'
import { Link } from '@siyakha/ui/link'
import type { Metadata } from 'next'
import { formatDateTime } from '@/lib/format'
import { adminPageAccess, requireUser, serverSupabase } from '@/lib/session'
import { AccessDenied } from '../../../access-denied'
import { AdminForm } from '../admin-form'
import {
  deactivateStaffAction,
  inviteStaffAction,
  reactivateStaffAction,
  reassignTicketsAction,
  removeTwoFactorAction,
  setStaffRoleAction,
} from './actions'

export const metadata: Metadata = { title: 'Staff' }

const ROLE_OPTIONS = Object.entries(STAFF_ROLES).map(([value, label]) => ({ value, label }))

/** Provider admins invite staff, change roles, deactivate and reactivate, and remove two-factor sign-in. */
export default async function StaffPage() {
  const user = await requireUser('/portal/helpdesk/admin/staff')
  if (!(await adminPageAccess('/portal/helpdesk/admin/staff')))
    return <AccessDenied backHref="/portal/helpdesk" backLabel="Back to the helpdesk" />
  const supabase = await serverSupabase()
  const staff = await staffDirectoryQuery(supabase)
  const active = staff.filter((member) => member.active)
  // Deactivated staff with open tickets: listed with a one-click reassignment.
  const leftOpen = await Promise.all(
    staff
      .filter((member) => !member.active && member.openTickets > 0)
      .map(async (member) => ({ member, tickets: await openTicketsOfQuery(supabase, member.id) })),
  )
  return (
    <Container width="6xl" className="space-y-8 py-10">
      <div>
        <Link href="/portal/helpdesk/admin" className="text-sm text-brand-700 underline underline-offset-2">
          Admin
        </Link>
        <h1 className="mt-2 text-2xl font-bold text-brand-900">Staff</h1>
      </div>

      <section
        aria-labelledby="invite-title"
        className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <h2 id="invite-title" className="text-lg font-bold text-brand-900">
          Invite staff
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          They get an email with a link to choose a password. Someone who already has an account gets the role
          at once.
        </p>
        <div className="mt-4">
          <AdminForm
            action={inviteStaffAction}
            label="Invite staff"
            inline
            submit="Send invitation"
            fields={[
              { kind: 'email', name: 'email', label: 'Email', required: true, maxLength: 254 },
              { kind: 'select', name: 'role', label: 'Role', initial: 'agent', options: ROLE_OPTIONS },
            ]}
          />
        </div>
      </section>

      {leftOpen.length > 0 ? (
        <section
          aria-labelledby="reassign-title"
          className="rounded-xl border border-amber-300 bg-amber-50 p-5"
        >
          <h2 id="reassign-title" className="text-lg font-bold text-amber-900">
            Open tickets of deactivated staff
          </h2>
          {leftOpen.map(({ member, tickets }) => (
            <div key={member.id} className="mt-4 space-y-2">
              <h3 className="font-semibold text-brand-900">{member.name}</h3>
              <ul className="space-y-1 text-sm">
                {tickets.map((ticket) => (
                  <li key={ticket.id}>
                    <Link
                      href={`/portal/helpdesk/${ticket.id}`}
                      className="font-mono text-xs text-brand-700 underline underline-offset-2"
                    >
                      {ticket.tracking_ref}
                    </Link>{' '}
                    {ticket.summary}
                  </li>
                ))}
              </ul>
              <AdminForm
                action={reassignTicketsAction}
                label={`Reassign ${member.name}'s tickets`}
                inline
                submit={`Reassign ${member.openTickets} ${member.openTickets === 1 ? 'ticket' : 'tickets'}`}
                fields={[
                  { kind: 'hidden', name: 'userId', value: member.id },
                  {
                    kind: 'select',
                    name: 'to',
                    label: 'To',
                    initial: active.find((other) => other.role === 'agent')?.id ?? active[0]?.id,
                    options: active.map((other) => ({ value: other.id, label: other.name })),
                  },
                ]}
              />
            </div>
          ))}
        </section>
      ) : null}

      <section aria-labelledby="staff-title">
        <h2 id="staff-title" className="text-lg font-bold text-brand-900">
          Everyone
        </h2>
        <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm">
          {staff.map((member) => (
            <li key={member.id} className="p-4">
              <StaffRow member={member} self={member.id === user.id} />
            </li>
          ))}
        </ul>
      </section>
    </Container>
  )
}

function StaffRow({ member, self }: { member: StaffDirectoryRow; self: boolean }) {
  const headingId = `staff-${member.id}`
  const status = !member.active
    ? `Deactivated${member.deactivatedAt ? ` ${formatDateTime(member.deactivatedAt)}` : ''}`
    : member.invited
      ? 'Invited, not yet signed in'
      : 'Active'
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <div>
          <h3 id={headingId} className="font-semibold text-brand-900">
            {member.name}
            {self ? <span className="font-normal text-slate-600"> (you)</span> : null}
          </h3>
          <p className="text-sm text-slate-700">
            {member.email} · {STAFF_ROLES[member.role]} · {status}
          </p>
        </div>
        <p className="text-sm text-slate-700">
          Two-factor sign-in {member.hasSecondFactor ? 'on' : 'off'} · {member.openTickets} open{' '}
          {member.openTickets === 1 ? 'ticket' : 'tickets'}
        </p>
      </div>
      {self ? null : (
        <div className="flex flex-wrap items-end gap-4">
          {member.active ? (
            <>
              <AdminForm
                action={setStaffRoleAction}
                label={`Role of ${member.name}`}
                inline
                variant="outline"
                submit="Change role"
                fields={[
                  { kind: 'hidden', name: 'userId', value: member.id },
                  {
                    kind: 'select',
                    name: 'role',
                    label: 'Role',
                    initial: member.role,
                    options: ROLE_OPTIONS,
                  },
                ]}
              />
              <AdminForm
                action={deactivateStaffAction}
                label={`Deactivate ${member.name}`}
                inline
                variant="destructive"
                submit="Deactivate"
                fields={[{ kind: 'hidden', name: 'userId', value: member.id }]}
              />
              {member.hasSecondFactor ? (
                <AdminForm
                  action={removeTwoFactorAction}
                  label={`Remove two-factor sign-in of ${member.name}`}
                  inline
                  variant="outline"
                  submit="Remove two-factor sign-in"
                  fields={[{ kind: 'hidden', name: 'userId', value: member.id }]}
                />
              ) : null}
            </>
          ) : (
            <AdminForm
              action={reactivateStaffAction}
              label={`Reactivate ${member.name}`}
              inline
              variant="outline"
              submit="Reactivate"
              fields={[{ kind: 'hidden', name: 'userId', value: member.id }]}
            />
          )}
        </div>
      )}
    </section>
  )
}
