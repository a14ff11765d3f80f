'use client'

import { type FormAction, type FormNotice, useActionForm } from '@siyakha/ui/action-form'
import { Button } from '@siyakha/ui/button'
import { controlClasses } from '@siyakha/ui/field'
import { useId } from 'react'
import type { Sent } from '@/lib/form-actions'
import { HoneypotField } from './honeypot-field'
import { FormPageNotice } from './page-notice'

export type NewsletterBoxProps = {
  /** Signs the address up (the newsletter-subscribe function sends a confirmation email). */
  action: FormAction<Sent>
  note?: string
}

const SENT = 'Almost done: check your inbox and click the link to confirm your subscription.'
const FAILURE: FormNotice = {
  title: 'Something went wrong',
  description: 'We couldn’t subscribe you. Please try again.',
  variant: 'destructive',
}

/**
 * Email + Subscribe (double opt-in: the visitor confirms through the emailed link). The browser
 * checks the address (type=email, required); the form posts to the server action, with or without
 * JavaScript, and the address typed comes back if sending fails.
 */
export function NewsletterBox({ action, note = 'No spam. Unsubscribe anytime.' }: NewsletterBoxProps) {
  const form = useActionForm({ action, empty: { email: '' }, failure: FAILURE })
  const inputId = useId()
  const email = form.field('email')

  return (
    <form {...form.props} className="relative space-y-3">
      <HoneypotField />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1 space-y-1.5">
          <label htmlFor={inputId} className="field-label">
            Email address
          </label>
          <input
            id={inputId}
            name="email"
            type="email"
            required
            autoComplete="email"
            value={email.value}
            onChange={email.onChange}
            className={controlClasses}
          />
        </div>
        <Button type="submit" disabled={form.pending}>
          Subscribe
        </Button>
      </div>
      <p className="text-sm text-slate-600">{note}</p>
      <p role="status" className="text-sm font-medium text-brand-900 empty:hidden">
        {form.state.status === 'success' ? SENT : null}
      </p>
      <FormPageNotice notice={form.pageNotice} />
    </form>
  )
}
