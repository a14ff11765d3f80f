'use client'

import { validate } from '@siyakha/schemas/action-state'
import { ticketUpdateSchema } from '@siyakha/schemas/ticket'
import { useActionForm } from '@siyakha/ui/action-form'
import { Button } from '@siyakha/ui/button'
import { TextareaField } from '@siyakha/ui/field'
import { useWhatsappHandoff } from '@siyakha/ui/whatsapp-handoff'
import type { ChatOpened } from '@/lib/whatsapp-state'
import { markSentAction, sendUpdateAction } from '../../tickets/actions'
import { FlowOutcome } from '../../tickets/flow-outcome'
import { PhoneField } from '../../tickets/phone-field'

/**
 * 'Send Update via WhatsApp' (staff, on the helpdesk ticket): a message to the client's own
 * WhatsApp number, from the agent's WhatsApp. The form posts to a server action that records the intent and answers
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
  const handoff = useWhatsappHandoff('the timeline')
  const send = useActionForm<ChatOpened>({
    action: sendUpdateAction,
    validate: (values) => validate(ticketUpdateSchema, { phone: values.phone, message: values.message }),
    beforeSend: handoff.prepare,
    // Field messages show under their fields; anything else is a toast.
    failure: (state) =>
      state.fieldErrors.phone || state.fieldErrors.message ? null : (state.notice ?? null),
    onAnswer: (state) => void handoff.settle(state.status === 'success' ? state.data : null),
  })
  const mark = useActionForm<{ messageId: string }>({
    action: markSentAction,
    success: { title: 'Marked as sent', description: 'Logged to the timeline.', variant: 'success' },
    failure: (state) => state.notice ?? null,
  })
  const { state, hydrated } = send
  const marked = mark.state
  const busy = send.pending || mark.pending

  // The action refreshes the page, so the queued message comes from the server's timeline.
  const awaitingMark =
    pendingMessageId && !(marked.status === 'success' && marked.data.messageId === pendingMessageId)
      ? pendingMessageId
      : undefined
  const problem =
    state.status === 'error' ? state.message : marked.status === 'error' ? marked.message : undefined

  return (
    <section
      aria-labelledby="send-update-title"
      className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <h2 id="send-update-title" className="text-xl font-bold text-brand-900">
        Send Update via WhatsApp
      </h2>
      <form {...send.props} noValidate className="mt-4 space-y-4">
        <FlowOutcome state={state} hydrated={hydrated} />
        <input type="hidden" name="ticketId" value={ticketId} />
        {/* Re-mounted after each answer: a refusal shows what was sent, a success clears the message. */}
        <div key={send.key} className="space-y-4">
          <PhoneField {...send.sentField('phone', defaultPhone)} />
          <TextareaField
            label="Description"
            required
            rows={6}
            maxLength={4000}
            {...send.sentField('message')}
          />
        </div>
        <Button type="submit" disabled={busy}>
          Open WhatsApp
        </Button>
      </form>
      {awaitingMark ? (
        <form action={mark.formAction} className="mt-3">
          <input type="hidden" name="ticketId" value={ticketId} />
          <input type="hidden" name="messageId" value={awaitingMark} />
          <Button type="submit" variant="outline" disabled={busy}>
            Mark as sent
          </Button>
        </form>
      ) : null}
      {marked.status === 'success' && !hydrated ? (
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
