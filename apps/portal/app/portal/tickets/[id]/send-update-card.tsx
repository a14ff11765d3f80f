'use client'

import { ticketUpdateSchema } from '@siyakha/schemas/ticket'
import { Button } from '@siyakha/ui/button'
import { InputField, TextareaField } from '@siyakha/ui/field'
import { toast } from '@siyakha/ui/toaster'
import { type FormEvent, startTransition, useActionState, useEffect, useRef, useState } from 'react'
import { useHydrated } from '@/lib/use-hydrated'
import { WHATSAPP_IDLE } from '@/lib/whatsapp-state'
import { copyText, openPendingWindow, sendWindowTo } from '@/lib/whatsapp-window'
import { markSentAction, sendUpdateAction } from '../actions'
import { FlowOutcome } from '../flow-outcome'

type FieldErrors = Partial<Record<'phone' | 'message', string>>

/**
 * 'Send Update via WhatsApp': the form posts to a server action that records the intent and answers
 * the chat link, which the browser opens; then 'Mark as sent' (another server action). Both are
 * plain forms, so they work without JavaScript too.
 */
export function SendUpdateCard({
  ticketId,
  defaultPhone,
  pendingMessageId,
}: {
  ticketId: string
  defaultPhone: string
  /** A WhatsApp message of this ticket that is still queued (from the server's timeline). */
  pendingMessageId?: string
}) {
  const hydrated = useHydrated()
  const [state, sendAction, sending] = useActionState(sendUpdateAction, WHATSAPP_IDLE)
  const [marked, markAction, marking] = useActionState(markSentAction, WHATSAPP_IDLE)
  const [errors, setErrors] = useState<FieldErrors>(() => (state.status === 'error' ? state.fieldErrors : {}))
  const pendingWindow = useRef<Window | null>(null)
  const busy = sending || marking
  const sent = state.status === 'error' ? state.values : undefined

  useEffect(() => {
    const win = pendingWindow.current
    pendingWindow.current = null
    if (state.status === 'error') {
      win?.close()
      setErrors(state.fieldErrors)
      const { title, description, variant } = state.notice
      if (!state.fieldErrors.phone && !state.fieldErrors.message) toast(title, { description, variant })
      return
    }
    if (state.status !== 'opened') return
    const { link, text } = state
    if (win && !win.closed) {
      sendWindowTo(win, link)
      toast('WhatsApp opened', { description: 'After sending, mark as sent.', variant: 'success' })
      return
    }
    void copyText(text).then((copied) =>
      toast('Popup blocked', {
        description: copied
          ? 'We copied the message. Paste it into WhatsApp.'
          : 'Copy the message from the timeline and paste it into WhatsApp.',
      }),
    )
  }, [state])

  useEffect(() => {
    if (marked.status === 'marked')
      toast('Marked as sent', { description: 'Logged to the timeline.', variant: 'success' })
    if (marked.status === 'error') {
      const { title, description, variant } = marked.notice
      toast(title, { description, variant })
    }
  }, [marked])

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    const formData = new FormData(event.currentTarget)
    const parsed = ticketUpdateSchema.safeParse({
      phone: String(formData.get('phone') ?? ''),
      message: String(formData.get('message') ?? ''),
    })
    if (!parsed.success) {
      const next: FieldErrors = {}
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof FieldErrors
        next[field] ??= issue.message
      }
      setErrors(next)
      return
    }
    setErrors({})
    // Open the window inside the click: after the server's answer a popup blocker would refuse it.
    pendingWindow.current = openPendingWindow()
    startTransition(() => sendAction(formData))
  }

  // The action refreshes the page, so the queued message comes from the server's timeline.
  const awaitingMark =
    pendingMessageId && !(marked.status === 'marked' && marked.messageId === pendingMessageId)
      ? pendingMessageId
      : undefined
  const problem =
    state.status === 'error' ? state.problem : marked.status === 'error' ? marked.problem : undefined

  return (
    <section
      aria-labelledby="send-update-title"
      className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <h2 id="send-update-title" className="text-xl font-bold text-brand-900">
        Send Update via WhatsApp
      </h2>
      <form className="mt-4 space-y-4" action={sendAction} onSubmit={onSubmit} noValidate>
        <FlowOutcome state={state} hydrated={hydrated} />
        <input type="hidden" name="ticketId" value={ticketId} />
        {/* Re-mounted after each answer: a refusal shows what was sent, a success clears the message. */}
        <div key={state.status === 'idle' ? 'fields' : state.at} className="space-y-4">
          <InputField
            label="Client WhatsApp number"
            name="phone"
            type="tel"
            required
            inputMode="tel"
            autoComplete="tel"
            placeholder="+27 82 123 4567"
            hint="E.164 format, e.g. +27821234567"
            defaultValue={sent?.phone ?? defaultPhone}
            error={errors.phone}
          />
          <TextareaField
            label="Description"
            name="message"
            required
            rows={6}
            maxLength={4000}
            defaultValue={sent?.message}
            error={errors.message}
          />
        </div>
        <Button type="submit" disabled={busy}>
          Open WhatsApp
        </Button>
      </form>
      {awaitingMark ? (
        <form action={markAction} className="mt-3">
          <input type="hidden" name="ticketId" value={ticketId} />
          <input type="hidden" name="messageId" value={awaitingMark} />
          <Button type="submit" variant="outline" disabled={busy}>
            Mark as sent
          </Button>
        </form>
      ) : null}
      {marked.status === 'marked' && !hydrated ? (
        <p role="status" className="mt-3 text-sm text-slate-600">
          Marked as sent. Logged to the timeline.
        </p>
      ) : null}
      {problem ? (
        <p role="alert" className="mt-3 text-sm font-medium text-red-700">
          {problem}
        </p>
      ) : null}
    </section>
  )
}
