'use client'

import type { TicketStatus } from '@siyakha/schemas/ticket'
import { useActionForm } from '@siyakha/ui/action-form'
import { Button } from '@siyakha/ui/button'
import { useState } from 'react'
import { Card } from '@/components/card'
import { decideAction } from './actions'

/**
 * The customer's say over their ticket: confirm a resolution or report it still broken, or cancel
 * a ticket nobody has picked up (after a second click, which needs JavaScript). The decisions are
 * plain forms posting to a server action; the answer comes back as a toast or a message here.
 */
export function DecisionCard({ ticketId, status }: { ticketId: string; status: TicketStatus }) {
  const { state, formAction, pending } = useActionForm({
    action: decideAction,
    success: ({ message }) => ({ title: message, variant: 'success' }),
  })
  const [confirmingCancel, setConfirmingCancel] = useState(false)

  if (status !== 'resolved' && status !== 'new') return null
  const problem = state.status === 'error' ? state.message : undefined

  const decide = (decision: string, label: string, variant: 'primary' | 'outline' = 'primary') => (
    <form action={formAction}>
      <input type="hidden" name="ticketId" value={ticketId} />
      <input type="hidden" name="decision" value={decision} />
      <Button type="submit" variant={variant} disabled={pending}>
        {label}
      </Button>
    </form>
  )

  return (
    <Card title={status === 'resolved' ? 'Is it fixed?' : 'No longer needed?'} id="decision-title">
      {status === 'resolved' ? (
        <>
          <p className="mt-1 text-sm text-slate-600">
            We think this is resolved. Tell us if it is, or if you still have the problem.
          </p>
          <div className="mt-4 flex flex-wrap gap-3">
            {decide('confirm', 'Yes, it’s fixed')}
            {decide('reopen', 'No, it’s still broken', 'outline')}
          </div>
        </>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600">
            Nobody has picked this ticket up yet, so you can still cancel it.
          </p>
          <div className="mt-4 flex flex-wrap gap-3">
            {confirmingCancel ? (
              <>
                {decide('cancel', 'Yes, cancel the ticket')}
                <Button type="button" variant="outline" onClick={() => setConfirmingCancel(false)}>
                  Keep it
                </Button>
              </>
            ) : (
              <Button type="button" variant="outline" onClick={() => setConfirmingCancel(true)}>
                Cancel ticket
              </Button>
            )}
          </div>
        </>
      )}
      {problem ? (
        <p role="alert" className="mt-3 text-sm font-semibold text-red-700">
          {problem}
        </p>
      ) : null}
    </Card>
  )
}
