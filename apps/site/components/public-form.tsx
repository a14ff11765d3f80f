'use client'

import type { ActionState, Refusal } from '@siyakha/schemas/action-state'
import type { FormNotice, useActionForm } from '@siyakha/ui/action-form'
import { Button } from '@siyakha/ui/button'
import type { ReactNode } from 'react'
import type { Sent } from '@/lib/form-actions'
import { HoneypotField } from './honeypot-field'
import { FieldErrorCount, FormPageNotice } from './page-notice'

/**
 * The public forms' toasts: the success, and 'Something went wrong' when sending failed (a
 * validation refusal shows under the fields instead).
 */
export function publicFormNotices({
  title,
  description,
  failure,
}: {
  title: string
  description: string
  failure: string
}): { success: FormNotice; failure: (state: Refusal) => FormNotice | null } {
  return {
    success: { title, description, variant: 'success' },
    failure: (state) =>
      state.reason === 'validation'
        ? null
        : { title: 'Something went wrong', description: failure, variant: 'destructive' },
  }
}

/**
 * The reference of the ticket the last request opened, kept on the page after the toast has gone
 * (the confirmation email repeats it).
 */
function TicketReference({ state }: { state: ActionState<Sent> }) {
  if (state.status !== 'success' || !state.data.reference) return null
  return (
    <p
      role="status"
      className="rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-sm text-brand-900"
    >
      Your ticket reference is <strong className="font-mono font-semibold">{state.data.reference}</strong>. We
      have emailed you a copy.
    </p>
  )
}

/**
 * The frame of the quote and support forms: the spam trap, the outcome of a plain form post, the
 * fields, how many need fixing and the submit button (its label while sending as `sending`).
 */
export function PublicForm({
  form,
  submit,
  sending,
  children,
}: {
  form: Pick<
    ReturnType<typeof useActionForm<Sent>>,
    'props' | 'pageNotice' | 'errorCount' | 'pending' | 'state'
  >
  submit: string
  sending: string
  children: ReactNode
}) {
  return (
    <form {...form.props} noValidate className="relative space-y-5">
      <HoneypotField />
      <FormPageNotice notice={form.pageNotice} />
      <TicketReference state={form.state} />
      {children}
      <FieldErrorCount count={form.errorCount} />
      <Button type="submit" size="lg" disabled={form.pending} className="w-full sm:w-auto">
        {form.pending ? sending : submit}
      </Button>
    </form>
  )
}
