'use server'

import { type ActionState, type Notice, type Refusal, succeeded } from '@siyakha/schemas/action-state'
import { TICKET_MESSAGES, ticketFormSchema, ticketUpdateSchema } from '@siyakha/schemas/ticket'
import { messagesIntentSchema, messagesMarkSentSchema } from '@siyakha/schemas/ticket-messages'
import { ticketMessageText, ticketUpdateLink } from '@siyakha/schemas/whatsapp'
import { callFunction } from '@siyakha/supabase/functions'
import { createTicketMutation } from '@siyakha/supabase/mutations'
import { ticketQuery } from '@siyakha/supabase/queries'
import type { TypedSupabaseClient } from '@siyakha/supabase/types'
import { revalidatePath } from 'next/cache'
import { z } from 'zod'
import { portalAction, refuse } from '@/lib/action'
import { companyWhatsappNumber } from '@/lib/company-contact'
import type { ChatOpened } from '@/lib/whatsapp-state'

// The portal's WhatsApp flows run here, as the signed-in user (the browser holds no token): create
// the ticket, record the message intent with the messages-intent function, and hand the wa.me link
// back for the browser to open. A customer's chat opens with the company's number; staff message a
// client's. Row-level security and the functions decide what is allowed.

const failed = (message: string | null): Notice => ({
  title: 'Failed',
  description: message || 'Please try again',
  variant: 'destructive',
})

/** The function's own message: a validation answer names the field that failed, which beats the rest. */
class FunctionRefused extends Error {}

async function accessToken(supabase: TypedSupabaseClient): Promise<string | undefined> {
  const { data } = await supabase.auth.getSession()
  return data.session?.access_token
}

/**
 * Records the intent (messages-intent) to `phone` and answers the chat link to it; throws with the
 * function's message.
 */
async function recordIntent(
  supabase: TypedSupabaseClient,
  ticket: { id: string; tracking_ref: string },
  phone: string,
  message: string,
): Promise<ChatOpened> {
  const text = ticketMessageText(message, ticket.tracking_ref)
  const body = messagesIntentSchema.parse({
    ticket_id: ticket.id,
    phoneE164: phone,
    message: text,
    tracking_ref: ticket.tracking_ref,
  })
  const answer = await callFunction('messages-intent', {
    body,
    accessToken: await accessToken(supabase),
    answer: z.object({ id: z.string().min(1) }),
  })
  if (!answer.ok) throw new FunctionRefused(Object.values(answer.error.fields)[0] || answer.error.message)
  return {
    ticketId: ticket.id,
    trackingRef: ticket.tracking_ref,
    link: ticketUpdateLink(phone, text),
    text,
  }
}

function refresh(ticketId: string) {
  revalidatePath(`/portal/tickets/${ticketId}`)
  revalidatePath(`/portal/helpdesk/${ticketId}`)
  revalidatePath('/portal/my-tickets')
  revalidatePath('/portal/tickets')
}

/** The message of a failed step, for the toast; unexpected failures are logged. */
function messageOf(error: unknown, what: string): string | null {
  console.error(what, error)
  return error instanceof Error ? error.message : null
}

/** 'Create & Open WhatsApp' on /portal/tickets. */
export const createTicketAction = portalAction({
  fields: ['summary', 'details', 'phone', 'message', 'followUpOf'],
  schema: ticketFormSchema,
  precheck: (values) =>
    !values.summary.trim() || !values.phone.trim() || !values.message.trim()
      ? refuse({ values }, 'validation', '')
      : null,
  present: (refusal): Refusal => {
    if (refusal.reason === 'unauthenticated')
      return { ...refusal, message: '', notice: { ...TICKET_MESSAGES.signInRequired, variant: 'default' } }
    if (refusal.reason === 'validation' && !refusal.message)
      return { ...refusal, notice: { ...TICKET_MESSAGES.missingInfo, variant: 'default' } }
    if (refusal.reason === 'validation') {
      const notice: Notice = {
        title: 'Check the ticket',
        description: refusal.message,
        variant: 'destructive',
      }
      return { ...refusal, message: '', notice }
    }
    return { ...refusal, message: '', notice: refusal.notice ?? failed(refusal.message) }
  },
  run: async (data, { user, supabase, values }): Promise<ActionState<ChatOpened>> => {
    const notCreated = { title: 'Could not create ticket', variant: 'destructive' } as const
    let ticket: { id: string; tracking_ref: string }
    try {
      ticket = await createTicketMutation(supabase, {
        summary: data.summary,
        details: data.details,
        userId: user.id,
        contactPhone: data.phone,
        followUpOf: data.followUpOf,
      })
    } catch (error) {
      console.error('Could not create the ticket', error)
      return { ...refuse({ values }, 'failed', ''), notice: notCreated }
    }
    if (!ticket?.id) return { ...refuse({ values }, 'failed', ''), notice: notCreated }
    try {
      // The chat opens with the company's WhatsApp (CMS settings), where the webhook hears it; the
      // customer's own number is the ticket's, for the helpdesk's answers.
      const company = await companyWhatsappNumber()
      if (!company) throw new FunctionRefused(TICKET_MESSAGES.whatsappUnavailable(ticket.tracking_ref))
      const opened = await recordIntent(supabase, ticket, company, data.message)
      refresh(ticket.id)
      return succeeded(opened)
    } catch (error) {
      refresh(ticket.id)
      return refuse({ values }, 'failed', messageOf(error, 'WhatsApp ticket flow failed') ?? '')
    }
  },
})

const NOT_FOUND = 'Not found or access denied.'

/**
 * 'Open WhatsApp' on a helpdesk ticket: staff message the client's number. The reference comes from
 * the ticket as this user reads it. Customers continue on the company's number instead.
 */
export const sendUpdateAction = portalAction({
  role: 'staff',
  fields: ['ticketId', 'phone', 'message'],
  schema: ticketUpdateSchema,
  present: (refusal): Refusal => ({
    ...refusal,
    notice: failed(refusal.message),
    // Field messages show under their fields; anything else also on the card.
    message: refusal.reason === 'validation' ? '' : 'Failed to start WhatsApp',
  }),
  run: async (data, { supabase, values }): Promise<ActionState<ChatOpened>> => {
    const ticketId = messagesMarkSentSchema.shape.ticketId.safeParse(values.ticketId)
    if (!ticketId.success) return refuse({ values }, 'forbidden', NOT_FOUND)
    try {
      const { data: ticket } = await ticketQuery(supabase, ticketId.data)
      if (!ticket) return refuse({ values }, 'forbidden', NOT_FOUND)
      const opened = await recordIntent(supabase, ticket, data.phone, data.message)
      refresh(ticket.id)
      return succeeded(opened)
    } catch (error) {
      return refuse({ values }, 'failed', messageOf(error, 'Could not start the WhatsApp update') ?? '')
    }
  },
})

/** 'Mark as sent': the queued message was sent (messages-mark-sent logs it to the timeline). */
export const markSentAction = portalAction({
  fields: ['messageId', 'ticketId'],
  schema: messagesMarkSentSchema,
  present: (refusal): Refusal => ({
    ...refusal,
    fieldErrors: {},
    notice: { title: 'Error', description: refusal.message || 'Try again', variant: 'destructive' },
    message: 'Could not mark as sent',
  }),
  run: async (data, { supabase, values }): Promise<ActionState<{ messageId: string }>> => {
    const answer = await callFunction('messages-mark-sent', {
      body: data,
      accessToken: await accessToken(supabase),
    })
    if (!answer.ok) {
      const message = Object.values(answer.error.fields)[0] || answer.error.message
      console.error('Could not mark the message as sent', answer.error)
      return refuse({ values }, answer.error.reason, message)
    }
    refresh(data.ticketId)
    return succeeded({ messageId: data.messageId })
  },
})
