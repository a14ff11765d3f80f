'use client'

import { TWO_FACTOR_MESSAGES } from '@siyakha/schemas/two-factor'
import { useActionForm } from '@siyakha/ui/action-form'
import { Button, buttonClasses } from '@siyakha/ui/button'
import { InputField } from '@siyakha/ui/field'
import { FormOutcome } from '@/components/form-outcome'
import { verifyCodeAction } from './actions'

/**
 * The second step of signing in for someone with an authenticator app turned on. A plain form
 * posting to a server action (works before hydration); a wrong code comes back with what was typed.
 */
export function CodeForm({ from, email }: { from: string; email?: string }) {
  const form = useActionForm({
    action: verifyCodeAction,
    failure: (refusal) =>
      // A wrong code, and the wait after too many, are said under the field.
      refusal.reason === 'validation' || refusal.reason === 'rate_limited'
        ? null
        : { title: 'Sign in failed', description: refusal.message, variant: 'destructive' },
  })
  const problem = form.state.status === 'error' && form.errorCount === 0 ? form.state.message : undefined
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h1 className="text-2xl font-bold text-brand-900">Two-factor sign-in</h1>
      <p className="mt-1 text-slate-600">
        {TWO_FACTOR_MESSAGES.codePrompt}
        {email ? ` to finish signing in as ${email}.` : '.'}
      </p>
      <form key={form.key} {...form.props} className="mt-6 space-y-4">
        <input type="hidden" name="from" value={from} />
        <InputField
          label="6-digit code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9 -]*"
          maxLength={9}
          required
          // The only field of this step, reached right after the password.
          autoFocus
          className="font-mono"
          {...form.sentField('code')}
        />
        <FormOutcome problem={problem} pageNotice={null} />
        <Button
          type="submit"
          className="w-full"
          disabled={form.pending}
          aria-busy={form.pending || undefined}
        >
          Verify
        </Button>
      </form>
      {/* Ends the half-finished session (a POST, as Sign Out everywhere) and starts again. */}
      <form action="/auth/signout" method="post" className="mt-4 text-center">
        <button type="submit" className={buttonClasses({ variant: 'link', size: 'sm' })}>
          Use another account
        </button>
      </form>
    </div>
  )
}
