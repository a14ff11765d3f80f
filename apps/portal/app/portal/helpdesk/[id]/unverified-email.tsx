'use client'

import { useActionForm } from '@siyakha/ui/action-form'
import { Button } from '@siyakha/ui/button'
import { decideUnverifiedEmailAction } from './actions'

/**
 * Staff's decision on an email whose sender could not be verified: accept it as the requester's
 * message (it joins the conversation the customer sees and moves the ticket as their reply would)
 * or discard it. Plain forms posting to a server action, so they work without JavaScript; the
 * database refuses anyone but staff.
 */
export function UnverifiedEmailActions({
  ticketId,
  messageId,
  from,
}: {
  ticketId: string
  messageId: string
  from: string
}) {
  const { state, formAction, pending } = useActionForm({
    action: decideUnverifiedEmailAction,
    success: ({ message }) => ({ title: message, variant: 'success' }),
  })
  const problem = state.status === 'error' ? state.message : undefined

  const decide = (decision: 'accept' | 'discard', label: string, variant: 'primary' | 'outline') => (
    <form action={formAction}>
      <input type="hidden" name="ticketId" value={ticketId} />
      <input type="hidden" name="messageId" value={messageId} />
      <input type="hidden" name="decision" value={decision} />
      <Button
        type="submit"
        variant={variant}
        disabled={pending}
        aria-label={`${label}: the email from ${from}`}
      >
        {label}
      </Button>
    </form>
  )

  return (
    <div className="mt-3">
      <div className="flex flex-wrap gap-3">
        {decide('accept', "Accept as the requester's message", 'primary')}
        {decide('discard', 'Discard', 'outline')}
      </div>
      {problem ? (
        <p role="alert" className="mt-2 text-sm font-semibold text-red-700">
          {problem}
        </p>
      ) : null}
    </div>
  )
}
