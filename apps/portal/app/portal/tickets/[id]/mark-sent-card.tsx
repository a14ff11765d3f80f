'use client'

import { useActionForm } from '@siyakha/ui/action-form'
import { Button } from '@siyakha/ui/button'
import { Card } from '@/components/card'
import { markSentAction } from '../actions'

/**
 * The last step of the portal's WhatsApp ticket flow ('Create & Open WhatsApp'): once the customer
 * has sent the prepared message in WhatsApp, 'Mark as sent' logs it to the conversation. A plain
 * form posting to a server action, so it works before hydration too.
 */
export function MarkSentCard({ ticketId, messageId }: { ticketId: string; messageId?: string }) {
  const mark = useActionForm<{ messageId: string }>({
    action: markSentAction,
    success: { title: 'Marked as sent', description: 'Logged to the timeline.', variant: 'success' },
    failure: (state) => state.notice ?? null,
  })
  // Marked in this page: without JavaScript the page says so; with it, the toast does.
  const done = mark.state.status === 'success' && (!messageId || mark.state.data.messageId === messageId)
  if (done ? mark.hydrated : !messageId) return null
  return (
    <Card title="Sent it on WhatsApp?" id="mark-sent-title">
      {done ? (
        <p role="status" className="mt-1 text-sm text-slate-600">
          Marked as sent. Logged to the timeline.
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600">
            After sending the message in WhatsApp, mark it as sent so it shows in the conversation.
          </p>
          <form action={mark.formAction} className="mt-3">
            <input type="hidden" name="ticketId" value={ticketId} />
            <input type="hidden" name="messageId" value={messageId} />
            <Button type="submit" variant="outline" disabled={mark.pending}>
              Mark as sent
            </Button>
          </form>
          {mark.state.status === 'error' ? (
            <p role="alert" className="mt-3 text-sm font-medium text-red-700">
              {mark.state.message}
            </p>
          ) : null}
        </>
      )}
    </Card>
  )
}
