'use server'

import { succeeded } from '@siyakha/schemas/action-state'
import { CUSTOMER_DECISIONS, customerDecisionSchema } from '@siyakha/schemas/ticket'
import { customerDecisionMutation, TicketNotUpdatedError } from '@siyakha/supabase/mutations'
import { revalidatePath } from 'next/cache'
import { portalAction, refuse } from '@/lib/action'

// The customer's decision runs as the signed-in user, so row-level security and the ticket
// trigger decide whether the move is allowed.

export const decideAction = portalAction({
  fields: ['ticketId', 'decision'],
  schema: customerDecisionSchema,
  run: async ({ ticketId, decision }, context) => {
    const move = CUSTOMER_DECISIONS[decision]
    try {
      await customerDecisionMutation(context.supabase, { ticketId, move })
    } catch (error) {
      if (error instanceof TicketNotUpdatedError) {
        return refuse(
          context,
          'conflict',
          'The ticket has changed since this page loaded. Reload to see where it stands.',
        )
      }
      console.error('Could not record the decision', error)
      return refuse(context, 'failed', 'Could not update the ticket. Please try again.')
    }
    revalidatePath(`/portal/tickets/${ticketId}`)
    revalidatePath('/portal/my-tickets')
    revalidatePath('/portal/tickets')
    return succeeded(null, { message: move.done })
  },
})
