'use client'

import { ticketUpdateSchema } from '@siyakha/schemas/ticket'
import { ticketMessageText, ticketUpdateLink } from '@siyakha/schemas/whatsapp'
import { createClient as browserSupabase } from '@siyakha/supabase/client'
import { Button } from '@siyakha/ui/button'
import { InputField, TextareaField } from '@siyakha/ui/field'
import { toast } from '@siyakha/ui/toaster'
import { useRouter } from 'next/navigation'
import { type FormEvent, useState } from 'react'
import { functionErrorMessage } from '@/lib/function-error'
import { copyText, openPendingWindow, sendWindowTo } from '@/lib/whatsapp-window'

type FieldErrors = Partial<Record<'phone' | 'message', string>>

/** 'Send Update via WhatsApp': record the intent, open WhatsApp, then 'Mark as sent'. */
export function SendUpdateCard({
  ticketId,
  trackingRef,
  defaultPhone,
  pendingMessageId,
}: {
  ticketId: string
  trackingRef: string
  defaultPhone: string
  /** A WhatsApp message of this ticket that is still queued (from the server's timeline). */
  pendingMessageId?: string
}) {
  const router = useRouter()
  const [busy, setBusy] = useState(false)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [problem, setProblem] = useState<string>()
  const [sentId, setSentId] = useState<string>()
  const [startedId, setStartedId] = useState<string>()
  const pending = startedId ?? pendingMessageId
  const awaitingMark = pending && pending !== sentId ? pending : undefined

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    const form = new FormData(event.currentTarget)
    const parsed = ticketUpdateSchema.safeParse({
      phone: String(form.get('phone') ?? ''),
      message: String(form.get('message') ?? ''),
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
    const win = openPendingWindow()
    void start(parsed.data.phone, parsed.data.message, win, event.currentTarget)
  }

  async function start(phone: string, message: string, win: Window | null, form: HTMLFormElement) {
    setBusy(true)
    setProblem(undefined)
    try {
      const text = ticketMessageText(message, trackingRef)
      const { data, error } = await browserSupabase().functions.invoke<{ id: string }>('messages-intent', {
        body: { ticket_id: ticketId, phoneE164: phone, message: text, tracking_ref: trackingRef },
      })
      if (error || !data?.id) throw new Error((await functionErrorMessage(error)) ?? '')
      setStartedId(data.id)
      const url = ticketUpdateLink(phone, text)
      if (win && !win.closed) {
        sendWindowTo(win, url)
        toast('WhatsApp opened', { description: 'After sending, mark as sent.', variant: 'success' })
      } else {
        const copied = await copyText(text)
        toast('Popup blocked', {
          description: copied
            ? 'We copied the message. Paste it into WhatsApp.'
            : 'Copy the message from the timeline and paste it into WhatsApp.',
        })
      }
      const messageField = form.elements.namedItem('message')
      if (messageField instanceof HTMLTextAreaElement) messageField.value = ''
      router.refresh()
    } catch (error) {
      win?.close()
      console.error('Could not start the WhatsApp update', error)
      setProblem('Failed to start WhatsApp')
      const text = error instanceof Error ? error.message : ''
      toast('Failed', { description: text || 'Please try again', variant: 'destructive' })
    } finally {
      setBusy(false)
    }
  }

  async function markSent(messageId: string) {
    if (busy) return
    setBusy(true)
    setProblem(undefined)
    try {
      const { error } = await browserSupabase().functions.invoke('messages-mark-sent', {
        body: { messageId, ticketId },
      })
      if (error) throw new Error((await functionErrorMessage(error)) ?? '')
      setSentId(messageId)
      toast('Marked as sent', { description: 'Logged to the timeline.', variant: 'success' })
      router.refresh()
    } catch (error) {
      console.error('Could not mark the message as sent', error)
      setProblem('Could not mark as sent')
      const text = error instanceof Error ? error.message : ''
      toast('Error', { description: text || 'Try again', variant: 'destructive' })
    } finally {
      setBusy(false)
    }
  }

  return (
    <section
      aria-labelledby="send-update-title"
      className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <h2 id="send-update-title" className="text-xl font-bold text-brand-900">
        Send Update via WhatsApp
      </h2>
      <form className="mt-4 space-y-4" onSubmit={onSubmit} noValidate>
        <InputField
          label="Client WhatsApp number"
          name="phone"
          type="tel"
          required
          inputMode="tel"
          autoComplete="tel"
          placeholder="+27 82 123 4567"
          hint="E.164 format, e.g. +27821234567"
          defaultValue={defaultPhone}
          error={errors.phone}
        />
        <TextareaField
          label="Description"
          name="message"
          required
          rows={6}
          maxLength={4000}
          error={errors.message}
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={busy}>
            Open WhatsApp
          </Button>
          {awaitingMark ? (
            <Button variant="outline" disabled={busy} onClick={() => void markSent(awaitingMark)}>
              Mark as sent
            </Button>
          ) : null}
        </div>
        {problem ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {problem}
          </p>
        ) : null}
      </form>
    </section>
  )
}
