'use client'

import { TWO_FACTOR_MESSAGES } from '@siyakha/schemas/two-factor'
import type { StaffTwoFactorRow } from '@siyakha/supabase/two-factor'
import { useActionForm } from '@siyakha/ui/action-form'
import { Button } from '@siyakha/ui/button'
import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { FormOutcome } from '@/components/form-outcome'
import { formatDateTime } from '@/lib/format'
import { removeStaffTwoFactorAction } from './actions'

/**
 * For provider admins: every staff member's two-factor sign-in, and the way back for someone who
 * lost their authenticator app (their factors removed, they are signed out, and it is logged).
 */
export function StaffTwoFactorList({ staff, selfId }: { staff: StaffTwoFactorRow[]; selfId: string }) {
  return (
    <ul className="divide-y divide-slate-200">
      {staff.map((member) => (
        <li key={member.id} className="py-3">
          <StaffMember member={member} self={member.id === selfId} />
        </li>
      ))}
    </ul>
  )
}

function StaffMember({ member, self }: { member: StaffTwoFactorRow; self: boolean }) {
  const router = useRouter()
  const [confirming, setConfirming] = useState(false)
  const form = useActionForm({
    action: removeStaffTwoFactorAction,
    success: ({ message }) => ({ title: message, variant: 'success' }),
    failure: ({ message }) => ({ title: message, variant: 'destructive' }),
    onAnswer: (answer) => {
      if (answer.status !== 'success') return
      setConfirming(false)
      router.refresh()
    },
  })
  const headingId = `staff-${member.id}`
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <div>
          <h3 id={headingId} className="font-medium text-brand-900">
            {member.name}
          </h3>
          <p className="text-sm text-slate-600">
            {member.email} · {member.role === 'siyakha_admin' ? 'Provider admin' : 'Agent'}
          </p>
        </div>
        <p className="text-sm font-medium text-slate-800">
          {member.hasSecondFactor ? 'Two-factor sign-in on' : 'Two-factor sign-in off'}
        </p>
      </div>
      {member.lastRemoval ? (
        <p className="text-sm text-slate-600">
          Two-factor sign-in removed by {member.lastRemoval.by} on {formatDateTime(member.lastRemoval.at)}.
        </p>
      ) : null}
      {member.hasSecondFactor && !self ? (
        confirming ? (
          <form {...form.props} className="space-y-2 rounded-md bg-amber-50 p-3">
            <input type="hidden" name="staffMemberId" value={member.id} />
            <p className="text-sm text-amber-900">
              This removes {member.name}&rsquo;s authenticator apps and ends their sessions. They sign in with
              their password and set up two-factor sign-in again.
            </p>
            <FormOutcome
              problem={form.state.status === 'error' ? form.state.message : undefined}
              pageNotice={form.pageNotice}
            />
            <div className="flex gap-2">
              <Button type="submit" variant="destructive" size="sm" disabled={form.pending}>
                Remove
              </Button>
              <Button type="button" variant="outline" size="sm" onClick={() => setConfirming(false)}>
                Cancel
              </Button>
            </div>
          </form>
        ) : (
          <Button type="button" variant="outline" size="sm" onClick={() => setConfirming(true)}>
            Remove two-factor sign-in
          </Button>
        )
      ) : null}
      {member.hasSecondFactor && self ? (
        <p className="text-sm text-slate-600">{TWO_FACTOR_MESSAGES.recovery}</p>
      ) : null}
    </section>
  )
}
