'use client'

import { TWO_FACTOR_MESSAGES } from '@siyakha/schemas/two-factor'
import { useActionForm } from '@siyakha/ui/action-form'
import { Button } from '@siyakha/ui/button'
import { InputField } from '@siyakha/ui/field'
import { toast } from '@siyakha/ui/toaster'
import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { FormOutcome } from '@/components/form-outcome'
import {
  confirmTwoFactorAction,
  startTwoFactorAction,
  type TwoFactorEnrolment,
  turnOffTwoFactorAction,
} from './actions'

const success = ({ message }: { message: string }) => ({ title: message, variant: 'success' as const })
const failure = ({ message }: { message: string }) =>
  message ? { title: message, variant: 'destructive' as const } : null

/**
 * Two-factor sign-in for the signed-in staff member: off (a button to start), setting up (the QR
 * code, the same key as text, and the first code from the app), or on (a button to turn it off).
 * Each step is a plain form posting to a server action, so it also works before hydration.
 */
export function TwoFactorCard({
  factorId,
  required,
  from,
}: {
  /** The verified authenticator app, when two-factor sign-in is on. */
  factorId: string | null
  required: boolean
  /** A checked same-site path to go on to once it is on (the page that sent the person here). */
  from: string
}) {
  return factorId ? <TurnOff factorId={factorId} required={required} /> : <TurnOn from={from} />
}

function TurnOn({ from }: { from: string }) {
  const start = useActionForm({ action: startTwoFactorAction, failure })
  const enrolment = start.state.status === 'success' ? start.state.data : null
  if (enrolment) return <SetUp key={enrolment.factorId} enrolment={enrolment} from={from} />
  return (
    <form {...start.props} className="space-y-4">
      <p className="text-slate-700">
        Sign in with a code from an authenticator app (such as Google Authenticator, Microsoft Authenticator
        or 1Password) as well as your password.
      </p>
      <FormOutcome
        problem={start.state.status === 'error' ? start.state.message : undefined}
        pageNotice={null}
      />
      <Button type="submit" name="start" value="1" disabled={start.pending}>
        Turn on two-factor sign-in
      </Button>
    </form>
  )
}

function SetUp({ enrolment, from }: { enrolment: TwoFactorEnrolment; from: string }) {
  const router = useRouter()
  const [copied, setCopied] = useState(false)
  const confirm = useActionForm({
    action: confirmTwoFactorAction,
    // Said at once, as the page it goes on to may not be this one.
    success: ({ message }) => ({
      title: message,
      description: TWO_FACTOR_MESSAGES.recovery,
      variant: 'success',
    }),
    failure,
    onAnswer: (answer) => {
      if (answer.status !== 'success') return
      if (answer.data.to) router.replace(answer.data.to)
      router.refresh()
    },
  })
  const problem =
    confirm.state.status === 'error' && confirm.errorCount === 0 ? confirm.state.message : undefined

  async function copyKey() {
    try {
      await navigator.clipboard.writeText(enrolment.secret)
      setCopied(true)
      toast('Key copied')
    } catch (error) {
      console.error('Could not copy the key', error)
      toast('Could not copy the key', {
        description: 'Select it and copy it yourself.',
        variant: 'destructive',
      })
    }
  }

  return (
    <div className="space-y-6">
      <ol className="list-decimal space-y-2 pl-5 text-slate-700">
        <li>Open your authenticator app and add an account.</li>
        <li>Scan the QR code, or enter the key below.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-wrap items-start gap-6">
        {/* An SVG data URI from Supabase Auth: nothing to optimise, and next/image would not load it. */}
        {/* biome-ignore lint/performance/noImgElement: see above */}
        <img
          src={enrolment.qrCode}
          alt="QR code to scan with your authenticator app"
          width={176}
          height={176}
          className="rounded-md border border-slate-200 bg-white p-2"
        />
        <div className="min-w-0 flex-1 space-y-2">
          <InputField
            label="Setup key"
            name="setup-key"
            hint="Can't scan the code? Enter this key in your app (time-based)."
            value={enrolment.secret}
            readOnly
            spellCheck={false}
            className="[&_input]:font-mono [&_input]:tracking-wider"
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button type="button" variant="outline" size="sm" onClick={copyKey}>
            {copied ? 'Copied' : 'Copy key'}
          </Button>
          <p className="text-sm text-slate-600">{TWO_FACTOR_MESSAGES.secondApp}</p>
        </div>
      </div>
      <form key={confirm.key} {...confirm.props} className="space-y-4">
        <input type="hidden" name="factorId" value={enrolment.factorId} />
        <input type="hidden" name="from" value={from} />
        <InputField
          label="6-digit code"
          hint={TWO_FACTOR_MESSAGES.codePrompt}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={9}
          required
          className="max-w-48 [&_input]:font-mono"
          {...confirm.sentField('code')}
        />
        <FormOutcome problem={problem} pageNotice={confirm.pageNotice} />
        <Button type="submit" disabled={confirm.pending}>
          Verify and turn on
        </Button>
      </form>
    </div>
  )
}

function TurnOff({ factorId, required }: { factorId: string; required: boolean }) {
  const router = useRouter()
  const turnOff = useActionForm({
    action: turnOffTwoFactorAction,
    success,
    failure,
    onAnswer: (answer) => {
      if (answer.status === 'success') router.refresh()
    },
  })
  return (
    <form {...turnOff.props} className="space-y-4">
      <p role="status" className="font-semibold text-brand-900">
        {TWO_FACTOR_MESSAGES.turnedOn}
      </p>
      <p className="text-slate-700">You sign in with your password and a code from your authenticator app.</p>
      <p className="text-slate-700">{TWO_FACTOR_MESSAGES.recovery}</p>
      <input type="hidden" name="factorId" value={factorId} />
      {required ? <p className="text-sm text-slate-600">{TWO_FACTOR_MESSAGES.requiredNoTurnOff}</p> : null}
      <FormOutcome
        problem={turnOff.state.status === 'error' ? turnOff.state.message : undefined}
        pageNotice={turnOff.pageNotice}
      />
      <Button type="submit" variant="outline" disabled={required || turnOff.pending}>
        Turn off two-factor sign-in
      </Button>
    </form>
  )
}
