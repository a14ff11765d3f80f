'use server'

import { CUSTOMER_DECISIONS, customerDecisionSchema } from '@siyakha/schemas/ticket'
import { customerDecisionMutation, TicketNotUpdatedError } from '@siyakha/supabase/mutations'
import { revalidatePath } from 'next/cache'
import { type ActionState, refused, succeeded, valuesOf } from '@/lib/action-state'
import { currentUser, serverSupabase } from '@/lib/session'

// A server action is reachable by any POST: it checks the session itself, validates with the
// shared schema, and acts as the signed-in user, so row-level security and the ticket trigger
// decide whether the move is allowed.

export async function decideAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const values = valuesOf(formData, ['ticketId', 'decision'])
  if (!(await currentUser())) return refused(values, 'Your session has ended. Sign in again to continue.')
  const parsed = customerDecisionSchema.safeParse(values)
  if (!parsed.success) {
    return refused(values, parsed.error.issues[0]?.message ?? 'Choose what to do with the ticket.')
  }
  const move = CUSTOMER_DECISIONS[parsed.data.decision]
  try {
    await customerDecisionMutation(await serverSupabase(), { ticketId: parsed.data.ticketId, move })
  } catch (error) {
    if (error instanceof TicketNotUpdatedError) {
      return refused(values, 'The ticket has changed since this page loaded. Reload to see where it stands.')
    }
    console.error('Could not record the decision', error)
    return refused(values, 'Could not update the ticket. Please try again.')
  }
  revalidatePath(`/portal/tickets/${parsed.data.ticketId}`)
  revalidatePath('/portal/my-tickets')
  revalidatePath('/portal/tickets')
  return succeeded(move.done)
}
