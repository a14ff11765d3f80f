import type { WhatsappState } from '@/lib/whatsapp-state'

/**
 * The answer of a WhatsApp action written on the page, for a plain form post rendered without
 * JavaScript (with it, toasts say the same and the browser opens the chat): the link to the chat,
 * or what went wrong.
 */
export function FlowOutcome({ state, hydrated }: { state: WhatsappState; hydrated: boolean }) {
  if (hydrated) return null
  if (state.status === 'success') {
    const { trackingRef, link, ticketId } = state.data
    return (
      <div role="status" className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-brand-900">
        <p>
          Ticket {trackingRef} is ready.{' '}
          <a href={link} target="_blank" rel="noopener noreferrer" className="font-semibold underline">
            Open WhatsApp
          </a>{' '}
          to send the message, then{' '}
          <a href={`/portal/tickets/${ticketId}`} className="font-semibold underline">
            open the ticket
          </a>{' '}
          to mark it as sent.
        </p>
      </div>
    )
  }
  if (state.status === 'error' && state.notice) {
    return (
      <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
        <strong>{state.notice.title}</strong> {state.notice.description}
      </p>
    )
  }
  return null
}
