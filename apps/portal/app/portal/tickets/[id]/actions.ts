'use server'

import { succeeded } from '@siyakha/schemas/action-state'
import {
  CONVERSATION_MESSAGES,
  CUSTOMER_DECISIONS,
  customerDecisionSchema,
  customerReplySchema,
  ticketRatingSchema,
} from '@siyakha/schemas/ticket'
import {
  addCustomerReplyMutation,
  customerDecisionMutation,
  rateTicketMutation,
  TicketClosedError,
  TicketNotUpdatedError,
} from '@siyakha/supabase/mutations'
import { revalidatePath } from 'next/cache'
import { portalAction, refuse } from '@/lib/action'
import { type SentWithFiles, sendWithAttachments, sentWords } from '@/lib/attachments'

// The customer's side of a ticket runs as the signed-in user, so row-level security and the
// ticket and message triggers decide whether a move, a reply or a rating is allowed.

function refresh(ticketId: string) {
  revalidatePath(`/portal/tickets/${ticketId}`)
  revalidatePath('/portal/my-tickets')
  revalidatePath('/portal/tickets')
}

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
    refresh(ticketId)
    return succeeded(null, { message: move.done })
  },
})

/** 'Send reply': the customer's message joins the conversation (and reopens a resolved ticket). */
export const replyAction = portalAction({
  fields: ['ticketId', 'body', 'status'],
  schema: customerReplySchema,
  files: 'files',
  run: async ({ ticketId, body }, context) => {
    let sent: SentWithFiles
    try {
      sent = await sendWithAttachments(
        context.supabase,
        { ticketId, internal: false, files: context.files },
        () => addCustomerReplyMutation(context.supabase, { ticketId, body, userId: context.user.id }),
      )
    } catch (error) {
      if (error instanceof TicketClosedError) return refuse(context, 'conflict', CONVERSATION_MESSAGES.closed)
      console.error('Could not add the reply', error)
      return refuse(context, 'failed', 'Your reply was not sent. Please try again.')
    }
    if (!sent.ok) return refuse(context, sent.reason, sent.message)
    refresh(ticketId)
    // The page's status field says what the customer saw: a reply to a resolved ticket reopens it.
    const reopened = context.values.status === 'resolved'
    return succeeded(null, {
      message: sentWords(reopened ? CONVERSATION_MESSAGES.reopened : CONVERSATION_MESSAGES.replySent, sent),
    })
  },
})

/** 'Rate our help': 1-5 and a comment, saved over an earlier rating. */
export const rateAction = portalAction({
  fields: ['ticketId', 'rating', 'comment'],
  schema: ticketRatingSchema,
  run: async ({ ticketId, rating, comment }, context) => {
    try {
      await rateTicketMutation(context.supabase, {
        ticketId,
        rating,
        comment: comment ? comment : null,
        userId: context.user.id,
      })
    } catch (error) {
      console.error('Could not save the rating', error)
      return refuse(context, 'failed', 'Your rating was not saved. Please try again.')
    }
    revalidatePath(`/portal/tickets/${ticketId}`)
    return succeeded(null, { message: CONVERSATION_MESSAGES.rated })
  },
})
