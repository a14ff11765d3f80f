'use client'

import { useActionForm } from '@siyakha/ui/action-form'
import { Button } from '@siyakha/ui/button'
import { splitWhatsappMessageAction } from './actions'

/**
 * "Move to a new ticket" on a client's WhatsApp message: for a message about something else than
 * the ticket (WhatsApp has no subject line, so a client's new problem often arrives in an old
 * conversation). A plain form posting to a server action, so it works without JavaScript; the
 * database refuses anyone but staff. The agent lands on the new ticket.
 */
export function SplitMessage({ ticketId, messageId }: { ticketId: string; messageId: string }) {
  const { state, formAction, pending } = useActionForm({ action: splitWhatsappMessageAction })
  return (
    <div className="mt-3">
      <form action={formAction}>
        <input type="hidden" name="ticketId" value={ticketId} />
        <input type="hidden" name="messageId" value={messageId} />
        <Button type="submit" variant="outline" disabled={pending}>
          Move to a new ticket
        </Button>
      </form>
      {state.status === 'error' ? (
        <p role="alert" className="mt-2 text-sm font-semibold text-red-700">
          {state.message}
        </p>
      ) : null}
    </div>
  )
}
