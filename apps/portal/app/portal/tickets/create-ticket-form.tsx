'use client'

import { TICKET_MESSAGES, ticketFormSchema } from '@siyakha/schemas/ticket'
import { Button } from '@siyakha/ui/button'
import { InputField, TextareaField } from '@siyakha/ui/field'
import { toast } from '@siyakha/ui/toaster'
import { useRouter } from 'next/navigation'
import { type FormEvent, startTransition, useActionState, useEffect, useRef, useState } from 'react'
import { useHydrated } from '@/lib/use-hydrated'
import { WHATSAPP_IDLE } from '@/lib/whatsapp-state'
import { copyText, openPendingWindow, sendWindowTo } from '@/lib/whatsapp-window'
import { createTicketAction } from './actions'
import { FlowOutcome } from './flow-outcome'

/**
 * The WhatsApp ticket flow: the form posts to a server action that creates the ticket and records
 * the message intent; the browser then opens WhatsApp with the message and its reference, and the
 * ticket page offers 'Mark as sent'. Without JavaScript the answer links to the chat instead.
 */
const PHONE_ID = 'ticket-phone'

export function CreateTicketForm() {
  const router = useRouter()
  const hydrated = useHydrated()
  const [state, formAction, busy] = useActionState(createTicketAction, WHATSAPP_IDLE)
  const [phoneError, setPhoneError] = useState<string | undefined>(
    state.status === 'error' ? state.fieldErrors.phone : undefined,
  )
  const pendingWindow = useRef<Window | null>(null)
  const sent = state.status === 'error' ? state.values : undefined

  useEffect(() => {
    const win = pendingWindow.current
    pendingWindow.current = null
    if (state.status === 'error') {
      win?.close()
      setPhoneError(state.fieldErrors.phone)
      if (state.fieldErrors.phone) document.getElementById(PHONE_ID)?.focus()
      const { title, description, variant } = state.notice
      toast(title, { description, variant })
      return
    }
    if (state.status !== 'opened') return
    const { link, text, ticketId } = state
    void (async () => {
      if (win && !win.closed) {
        sendWindowTo(win, link)
        toast('WhatsApp opened', { description: 'After sending, mark as sent.', variant: 'success' })
      } else {
        const copied = await copyText(text)
        toast('Popup blocked', {
          description: copied
            ? 'We copied the message. Paste it into WhatsApp.'
            : 'Copy the message from the ticket timeline and paste it into WhatsApp.',
        })
      }
      router.push(`/portal/tickets/${ticketId}`)
    })()
  }, [state, router])

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    const formData = new FormData(event.currentTarget)
    const values = {
      summary: String(formData.get('summary') ?? ''),
      details: String(formData.get('details') ?? ''),
      phone: String(formData.get('phone') ?? ''),
      message: String(formData.get('message') ?? ''),
    }
    if (!values.summary.trim() || !values.phone.trim() || !values.message.trim()) {
      toast(TICKET_MESSAGES.missingInfo.title, { description: TICKET_MESSAGES.missingInfo.description })
      return
    }
    const parsed = ticketFormSchema.safeParse(values)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      const phoneIssue = parsed.error.issues.find((i) => i.path[0] === 'phone')
      setPhoneError(phoneIssue?.message)
      if (phoneIssue) document.getElementById(PHONE_ID)?.focus()
      else toast('Check the ticket', { description: issue?.message, variant: 'destructive' })
      return
    }
    setPhoneError(undefined)
    // Open the window inside the click: after the server's answer a popup blocker would refuse it.
    pendingWindow.current = openPendingWindow()
    startTransition(() => formAction(formData))
  }

  return (
    <form
      className="mt-6 space-y-4"
      action={formAction}
      onSubmit={onSubmit}
      noValidate
      aria-busy={busy || undefined}
    >
      <FlowOutcome state={state} hydrated={hydrated} />
      <div key={state.status === 'error' ? state.at : 'fields'} className="space-y-4">
        <InputField
          label="Summary"
          name="summary"
          required
          maxLength={200}
          autoComplete="off"
          defaultValue={sent?.summary}
        />
        <TextareaField
          label="Details"
          name="details"
          optional
          rows={4}
          maxLength={10000}
          defaultValue={sent?.details}
        />
        <InputField
          id={PHONE_ID}
          label="Client WhatsApp number"
          name="phone"
          type="tel"
          required
          autoComplete="tel"
          inputMode="tel"
          placeholder="+27 82 123 4567"
          hint="E.164 format, e.g. +27821234567"
          error={phoneError}
          onChange={() => setPhoneError(undefined)}
          defaultValue={sent?.phone}
        />
        <TextareaField
          label="Message"
          name="message"
          required
          rows={4}
          maxLength={4000}
          defaultValue={sent?.message}
        />
      </div>
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" variant="primary" disabled={busy}>
          Create & Open WhatsApp
        </Button>
        <p role="status" className="text-sm text-slate-600">
          {hydrated && state.status === 'opened' ? `Ticket ${state.trackingRef} created. Opening it…` : null}
        </p>
      </div>
    </form>
  )
}
