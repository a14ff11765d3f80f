'use client'

import type { Validation } from '@siyakha/schemas/action-state'
import { TICKET_MESSAGES, ticketFormSchema } from '@siyakha/schemas/ticket'
import { useActionForm } from '@siyakha/ui/action-form'
import { Button } from '@siyakha/ui/button'
import { InputField, TextareaField } from '@siyakha/ui/field'
import { toast } from '@siyakha/ui/toaster'
import { useWhatsappHandoff } from '@siyakha/ui/whatsapp-handoff'
import { useRouter } from 'next/navigation'
import type { ChatOpened } from '@/lib/whatsapp-state'
import { createTicketAction } from './actions'
import { FlowOutcome } from './flow-outcome'
import { PhoneField } from './phone-field'

type TicketValues = { summary: string; details: string; phone: string; message: string }

/**
 * The browser's check: all three required fields first (one notice), then the schema, whose phone
 * message goes under the phone field; any other problem is a notice.
 */
function validate(values: TicketValues): Validation<unknown> {
  if (!values.summary?.trim() || !values.phone?.trim() || !values.message?.trim()) {
    toast(TICKET_MESSAGES.missingInfo.title, { description: TICKET_MESSAGES.missingInfo.description })
    return { ok: false, errors: {} }
  }
  const parsed = ticketFormSchema.safeParse(values)
  if (parsed.success) return { ok: true, data: parsed.data }
  const phoneIssue = parsed.error.issues.find((issue) => issue.path[0] === 'phone')
  if (phoneIssue) return { ok: false, errors: { phone: phoneIssue.message } }
  toast('Check the ticket', { description: parsed.error.issues[0]?.message, variant: 'destructive' })
  return { ok: false, errors: {} }
}

/**
 * The WhatsApp ticket flow: the form posts to a server action that creates the ticket (with the
 * customer's WhatsApp number, where agents answer) and records the message intent; the browser
 * then opens a chat with the company's WhatsApp with the message and its reference, and the ticket
 * page offers 'Mark as sent' (the webhook marks it delivered when the message arrives). Without
 * JavaScript the answer links to the chat instead. Opened from a closed ticket's page, the new
 * ticket is its follow-up (`followUpOf`).
 */
export function CreateTicketForm({ followUpOf }: { followUpOf?: string } = {}) {
  const router = useRouter()
  const handoff = useWhatsappHandoff('the ticket timeline')
  const form = useActionForm<ChatOpened, TicketValues>({
    action: createTicketAction,
    validate,
    beforeSend: handoff.prepare,
    failure: (state) => state.notice ?? null,
    onAnswer: (state) => {
      if (state.status === 'error') {
        void handoff.settle(null)
        return
      }
      void handoff.settle(state.data).then(() => router.push(`/portal/tickets/${state.data.ticketId}`))
    },
  })
  const { state, hydrated } = form

  return (
    <form {...form.props} noValidate className="mt-6 space-y-4" aria-busy={form.pending || undefined}>
      <FlowOutcome state={state} hydrated={hydrated} />
      {followUpOf ? <input type="hidden" name="followUpOf" value={followUpOf} /> : null}
      <div key={form.key} className="space-y-4">
        <InputField
          label="Summary"
          required
          maxLength={200}
          autoComplete="off"
          {...form.sentField('summary')}
        />
        <TextareaField label="Details" optional rows={4} maxLength={10000} {...form.sentField('details')} />
        <PhoneField
          label="Your WhatsApp number"
          {...form.sentField('phone')}
          onChange={() => form.clearError('phone')}
        />
        <TextareaField label="Message" required rows={4} maxLength={4000} {...form.sentField('message')} />
      </div>
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" variant="primary" disabled={form.pending}>
          Create & Open WhatsApp
        </Button>
        <p role="status" className="text-sm text-slate-600">
          {hydrated && state.status === 'success'
            ? `Ticket ${state.data.trackingRef} created. Opening it…`
            : null}
        </p>
      </div>
    </form>
  )
}
