'use client'

import { Button } from '@siyakha/ui/button'
import { controlClasses } from '@siyakha/ui/field'
import { toast } from '@siyakha/ui/toaster'
import { type FormEvent, startTransition, useActionState, useEffect, useId, useState } from 'react'
import { type FormAction, IDLE } from '@/lib/form-state'
import { useHydrated } from '@/lib/use-hydrated'
import { HoneypotField } from './honeypot-field'
import { FormPageNotice } from './page-notice'

export type NewsletterBoxProps = {
  /** Signs the address up (the newsletter-subscribe function sends a confirmation email). */
  action: FormAction
  note?: string
}

const SENT = 'Almost done: check your inbox and click the link to confirm your subscription.'
const FAILURE = { title: 'Something went wrong', description: 'We couldn’t subscribe you. Please try again.' }

/**
 * Email + Subscribe (double opt-in: the visitor confirms through the emailed link). The browser
 * checks the address (type=email, required); the form posts to the server action, with or without
 * JavaScript, and the address typed comes back if sending fails.
 */
export function NewsletterBox({ action, note = 'No spam. Unsubscribe anytime.' }: NewsletterBoxProps) {
  const hydrated = useHydrated()
  const [state, formAction, busy] = useActionState(action, IDLE)
  const [email, setEmail] = useState(state.status === 'error' ? (state.values.email ?? '') : '')
  const inputId = useId()

  useEffect(() => {
    if (state.status === 'success') setEmail('')
    if (state.status !== 'error') return
    console.error('Newsletter subscription failed', state.reason)
    toast(FAILURE.title, { description: FAILURE.description, variant: 'destructive' })
  }, [state])

  // Posted by hand so the address stays in the field when sending fails (a form action resets it).
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy) return
    const formData = new FormData(event.currentTarget)
    startTransition(() => formAction(formData))
  }

  return (
    <form action={formAction} onSubmit={onSubmit} className="relative space-y-3">
      <HoneypotField />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1 space-y-1.5">
          <label htmlFor={inputId} className="block text-sm font-semibold text-brand-900">
            Email address
          </label>
          <input
            id={inputId}
            name="email"
            type="email"
            required
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            className={controlClasses}
          />
        </div>
        <Button type="submit" disabled={busy}>
          Subscribe
        </Button>
      </div>
      <p className="text-sm text-slate-600">{note}</p>
      <p role="status" className="text-sm font-medium text-brand-900 empty:hidden">
        {state.status === 'success' ? SENT : null}
      </p>
      <FormPageNotice notice={!hydrated && state.status === 'error' ? { ...FAILURE, tone: 'error' } : null} />
    </form>
  )
}
