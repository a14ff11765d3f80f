'use client'

import { Button } from '@siyakha/ui/button'
import { controlClasses } from '@siyakha/ui/field'
import { toast } from '@siyakha/ui/toaster'
import { type FormEvent, useId, useState } from 'react'
import { HoneypotField, readHoneypot } from './honeypot-field'

export type NewsletterBoxProps = {
  /** Signs the address up (the newsletter-subscribe function sends a confirmation email). */
  subscribe?: (email: string, honeypot: string) => Promise<{ ok: true } | { ok: false; message?: string }>
  note?: string
}

/**
 * Email + Subscribe (double opt-in: the visitor confirms through the emailed link). The browser
 * checks the address (type=email, required); without a `subscribe` it says plainly that
 * subscriptions open soon instead of faking a success.
 */
export function NewsletterBox({ subscribe, note = 'No spam. Unsubscribe anytime.' }: NewsletterBoxProps) {
  const [email, setEmail] = useState('')
  const [status, setStatus] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const inputId = useId()

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!subscribe) {
      setStatus('Subscriptions open soon. Thanks for your interest!')
      return
    }
    const honeypot = readHoneypot(event.currentTarget)
    setBusy(true)
    setStatus(null)
    try {
      const result = await subscribe(email.trim(), honeypot)
      if (result.ok) {
        setEmail('')
        setStatus('Almost done: check your inbox and click the link to confirm your subscription.')
        return
      }
      console.error('Newsletter subscription failed', result.message)
    } catch (error) {
      console.error('Newsletter subscription failed', error)
    } finally {
      setBusy(false)
    }
    toast('Something went wrong', {
      description: 'We couldn’t subscribe you. Please try again.',
      variant: 'destructive',
    })
  }

  return (
    <form onSubmit={onSubmit} className="relative space-y-3">
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
        {status}
      </p>
    </form>
  )
}
