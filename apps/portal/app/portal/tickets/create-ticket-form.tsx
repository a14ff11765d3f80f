'use client'

import { TICKET_MESSAGES, ticketFormSchema } from '@siyakha/schemas/ticket'
import { ticketMessageText, ticketUpdateLink } from '@siyakha/schemas/whatsapp'
import { createClient as browserSupabase } from '@siyakha/supabase/client'
import { createTicketMutation } from '@siyakha/supabase/mutations'
import { Button } from '@siyakha/ui/button'
import { InputField, TextareaField } from '@siyakha/ui/field'
import { toast } from '@siyakha/ui/toaster'
import { useRouter } from 'next/navigation'
import { type FormEvent, useEffect, useState } from 'react'
import { functionErrorMessage } from '@/lib/function-error'
import { copyText, openPendingWindow, sendWindowTo } from '@/lib/whatsapp-window'

/**
 * The WhatsApp ticket flow (spec §4): create the ticket, record the message intent, open WhatsApp
 * with the message and its reference, then the ticket page offers 'Mark as sent'.
 */
const PHONE_ID = 'ticket-phone'

export function CreateTicketForm({ userId }: { userId: string }) {
  const router = useRouter()
  const [busy, setBusy] = useState(false)
  const [phoneError, setPhoneError] = useState<string>()
  const [created, setCreated] = useState<string>()
  const [signedIn, setSignedIn] = useState(!!userId)

  useEffect(() => {
    const { data } = browserSupabase().auth.onAuthStateChange((_event, session) => setSignedIn(!!session))
    return () => data.subscription.unsubscribe()
  }, [])

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    if (!signedIn) {
      toast(TICKET_MESSAGES.signInRequired.title, { description: TICKET_MESSAGES.signInRequired.description })
      return
    }
    const form = new FormData(event.currentTarget)
    const values = {
      summary: String(form.get('summary') ?? ''),
      details: String(form.get('details') ?? ''),
      phone: String(form.get('phone') ?? ''),
      message: String(form.get('message') ?? ''),
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
    // Open the window inside the click: after the awaits below a popup blocker would refuse it.
    const win = openPendingWindow()
    void createAndSend(parsed.data, win)
  }

  async function createAndSend(ticketForm: (typeof ticketFormSchema)['_output'], win: Window | null) {
    setBusy(true)
    try {
      const supabase = browserSupabase()
      const ticket = await createTicketMutation(supabase, {
        summary: ticketForm.summary,
        details: ticketForm.details,
        userId,
      })
      if (!ticket?.id) {
        win?.close()
        toast('Could not create ticket', { variant: 'destructive' })
        return
      }
      const text = ticketMessageText(ticketForm.message, ticket.tracking_ref)
      const { data: intent, error: intentError } = await supabase.functions.invoke<{ id: string }>(
        'messages-intent',
        {
          body: {
            ticket_id: ticket.id,
            phoneE164: ticketForm.phone,
            message: text,
            tracking_ref: ticket.tracking_ref,
          },
        },
      )
      if (intentError || !intent?.id) throw new Error((await functionErrorMessage(intentError)) ?? '')
      setCreated(ticket.tracking_ref)

      const url = ticketUpdateLink(ticketForm.phone, text)
      if (win && !win.closed) {
        sendWindowTo(win, url)
        toast('WhatsApp opened', { description: 'After sending, mark as sent.', variant: 'success' })
      } else {
        const copied = await copyText(text)
        toast('Popup blocked', {
          description: copied
            ? 'We copied the message. Paste it into WhatsApp.'
            : 'Copy the message from the ticket timeline and paste it into WhatsApp.',
        })
      }
      router.push(`/portal/tickets/${ticket.id}`)
    } catch (error) {
      win?.close()
      console.error('WhatsApp ticket flow failed', error)
      const message = error instanceof Error ? error.message : ''
      toast('Failed', { description: message || 'Please try again', variant: 'destructive' })
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="mt-6 space-y-4" onSubmit={onSubmit} noValidate aria-busy={busy || undefined}>
      <InputField label="Summary" name="summary" required maxLength={200} autoComplete="off" />
      <TextareaField label="Details" name="details" optional rows={4} maxLength={10000} />
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
      />
      <TextareaField label="Message" name="message" required rows={4} maxLength={4000} />
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" variant="primary" disabled={busy}>
          Create & Open WhatsApp
        </Button>
        <p role="status" className="text-sm text-slate-600">
          {created ? `Ticket ${created} created. Opening it…` : null}
        </p>
      </div>
    </form>
  )
}
