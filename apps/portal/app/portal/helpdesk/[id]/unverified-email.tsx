'use client'

import { useActionForm } from '@siyakha/ui/action-form'
import { Button } from '@siyakha/ui/button'
import { createContext, type ReactNode, useContext } from 'react'
import { decideUnverifiedEmailAction } from './actions'

type Decisions = ReturnType<typeof useDecisionForm>

const DecisionsContext = createContext<Decisions | null>(null)

function useDecisionForm() {
  return useActionForm({
    action: decideUnverifiedEmailAction,
    success: ({ message }) => (message ? { title: message, variant: 'success' } : null),
    // A decision someone else made first takes the item off the page with its buttons, so the
    // answer has nowhere to be written but a toast; any other refusal is written under the item.
    failure: (refusal) =>
      refusal.reason === 'conflict' ? { title: refusal.message, variant: 'destructive' } : null,
  })
}

/**
 * Holds staff's decisions on unverified emails for the whole conversation. The answer to a decision
 * arrives with the page that no longer has the item (accepted, it is the requester's message;
 * discarded, it is gone), so the form state cannot live in the item: it would unmount before it
 * could say what happened. Before JavaScript, the outcome is written above the conversation.
 */
export function UnverifiedEmailDecisions({ children }: { children: ReactNode }) {
  const decisions = useDecisionForm()
  return (
    <DecisionsContext.Provider value={decisions}>
      {decisions.pageNotice ? (
        <p
          role={decisions.pageNotice.variant === 'destructive' ? 'alert' : 'status'}
          className="mb-3 rounded-md bg-emerald-50 px-3 py-2 text-sm text-brand-900"
        >
          {decisions.pageNotice.title}
        </p>
      ) : null}
      {children}
    </DecisionsContext.Provider>
  )
}

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
  const decisions = useContext(DecisionsContext)
  if (!decisions) throw new Error('UnverifiedEmailActions is rendered inside UnverifiedEmailDecisions')
  const { state, formAction, pending } = decisions
  const problem = state.status === 'error' && state.values.messageId === messageId ? state.message : undefined

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
