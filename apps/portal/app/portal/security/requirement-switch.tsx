'use client'

import { TWO_FACTOR_MESSAGES } from '@siyakha/schemas/two-factor'
import { useActionForm } from '@siyakha/ui/action-form'
import { cn } from '@siyakha/ui/cn'
import { useRouter } from 'next/navigation'
import { FormOutcome } from '@/components/form-outcome'
import { setTwoFactorRequirementAction } from './actions'

/**
 * A provider admin's "Require two-factor sign-in for all staff": a switch (a button with
 * role="switch") that posts the opposite of what it shows. Changing it needs the admin's own session
 * to have two factors, so they cannot lock themselves out; the database holds the same rule.
 */
export function RequirementSwitch({ required, canChange }: { required: boolean; canChange: boolean }) {
  const router = useRouter()
  const form = useActionForm({
    action: setTwoFactorRequirementAction,
    success: ({ message }) => ({ title: message, variant: 'success' }),
    failure: ({ message }) => ({ title: message, variant: 'destructive' }),
    onAnswer: (answer) => {
      if (answer.status === 'success') router.refresh()
    },
  })
  const locked = !canChange
  return (
    <form {...form.props} className="space-y-3">
      <input type="hidden" name="required" value={required ? 'false' : 'true'} />
      <div className="flex items-center justify-between gap-4">
        <span id="require-two-factor-label" className="font-medium text-brand-900">
          Require two-factor sign-in for all staff
        </span>
        <button
          type="submit"
          role="switch"
          aria-checked={required}
          aria-labelledby="require-two-factor-label"
          aria-describedby="require-two-factor-hint"
          disabled={locked || form.pending}
          className={cn(
            'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
            'disabled:cursor-not-allowed disabled:opacity-60',
            required ? 'bg-brand-700' : 'bg-slate-300',
          )}
        >
          <span
            aria-hidden="true"
            className={cn(
              'inline-block size-5 rounded-full bg-white shadow transition-transform',
              required ? 'translate-x-6' : 'translate-x-1',
            )}
          />
        </button>
      </div>
      <p id="require-two-factor-hint" className="text-sm text-slate-600">
        {locked
          ? TWO_FACTOR_MESSAGES.adminNeedsTwoFactor
          : 'While on, staff who signed in without their code are asked for it before they can use the helpdesk. Customers are not affected.'}
      </p>
      <FormOutcome
        problem={form.state.status === 'error' ? form.state.message : undefined}
        pageNotice={form.pageNotice}
      />
    </form>
  )
}
