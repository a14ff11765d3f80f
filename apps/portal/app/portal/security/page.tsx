import { TWO_FACTOR_MESSAGES } from '@siyakha/schemas/two-factor'
import { staffTwoFactorOverviewQuery } from '@siyakha/supabase/two-factor'
import { Container } from '@siyakha/ui/container'
import type { Metadata } from 'next'
import { redirect } from 'next/navigation'
import { safePath } from '@/lib/safe-path'
import { currentStaffAccess, requireUser, serverSupabase } from '@/lib/session'
import { verifiedTotpFactor } from '@/lib/two-factor'
import { AccessDenied } from '../access-denied'
import { RequirementSwitch } from './requirement-switch'
import { StaffTwoFactorList } from './staff-two-factor-list'
import { TwoFactorCard } from './two-factor-card'

export const metadata: Metadata = { title: 'Security' }

type SearchParams = Promise<Record<string, string | string[] | undefined>>

/**
 * Staff security: two-factor sign-in with an authenticator app, and for provider admins the switch
 * that requires it of all staff and the staff list where they remove a lost authenticator. Staff whose session lacks the second factor the provider requires
 * are sent here (with `from`) by the helpdesk's pages, so it works with one factor.
 */
export default async function SecurityPage({ searchParams }: { searchParams: SearchParams }) {
  const raw = (await searchParams).from
  const from = typeof raw === 'string' && raw ? safePath(raw) : ''
  const user = await requireUser('/portal/security')
  const access = await currentStaffAccess()
  if (!access.staffMember) return <AccessDenied />
  const supabase = await serverSupabase()
  const factor = await verifiedTotpFactor(supabase)
  // Turned on, but this session was signed in with the password only: the code comes first.
  if (factor && user.aal !== 'aal2') redirect(`/auth?from=${encodeURIComponent(from || '/portal/security')}`)

  const blocked = access.required && !access.staffAccess
  // Empty unless the database sees a provider admin with their staff powers now.
  const staff = access.providerAdmin ? await staffTwoFactorOverviewQuery(supabase) : []
  return (
    <Container width="3xl" className="space-y-6 py-10">
      <div>
        <h1 className="text-2xl font-bold text-brand-900">Security</h1>
        <p className="mt-2 text-slate-600">How you sign in to the portal.</p>
      </div>
      {blocked ? (
        <p role="alert" className="rounded-md bg-amber-50 px-4 py-3 text-amber-900">
          {TWO_FACTOR_MESSAGES.required}
        </p>
      ) : null}
      <section
        aria-labelledby="two-factor-heading"
        className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
      >
        <h2 id="two-factor-heading" className="mb-4 text-lg font-semibold text-brand-900">
          Two-factor sign-in
        </h2>
        <TwoFactorCard
          key={factor?.id ?? 'off'}
          factorId={factor?.id ?? null}
          required={access.required}
          from={from}
        />
      </section>
      {access.providerAdmin ? (
        <section
          aria-labelledby="staff-sign-in-heading"
          className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <h2 id="staff-sign-in-heading" className="mb-4 text-lg font-semibold text-brand-900">
            Staff sign-in
          </h2>
          <RequirementSwitch required={access.required} canChange={user.aal === 'aal2'} />
        </section>
      ) : null}
      {staff.length > 0 ? (
        <section
          aria-labelledby="staff-two-factor-heading"
          className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <h2 id="staff-two-factor-heading" className="mb-1 text-lg font-semibold text-brand-900">
            Staff two-factor sign-in
          </h2>
          <p className="mb-2 text-sm text-slate-600">
            Someone who lost their authenticator app cannot sign in. Remove their two-factor sign-in here; it
            is logged with your name.
          </p>
          <StaffTwoFactorList staff={staff} selfId={user.id} />
        </section>
      ) : null}
    </Container>
  )
}
