'use server'

import { TICKET_MESSAGES, ticketFormSchema, ticketUpdateSchema } from '@siyakha/schemas/ticket'
import { messagesIntentSchema, messagesMarkSentSchema } from '@siyakha/schemas/ticket-messages'
import { ticketMessageText, ticketUpdateLink } from '@siyakha/schemas/whatsapp'
import { createTicketMutation } from '@siyakha/supabase/mutations'
import { ticketQuery } from '@siyakha/supabase/queries'
import type { TypedSupabaseClient } from '@siyakha/supabase/types'
import { revalidatePath } from 'next/cache'
import type { z } from 'zod'
import { valuesOf } from '@/lib/action-state'
import { functionErrorMessage } from '@/lib/function-error'
import { currentUser, serverSupabase } from '@/lib/session'
import type { FlowNotice, WhatsappState } from '@/lib/whatsapp-state'

// The portal's WhatsApp flows run here, as the signed-in user (the browser holds no token): create
// the ticket, record the message intent with the messages-intent function, and hand the wa.me link
// back for the browser to open. Row-level security and the functions decide what is allowed.

function refused(
  values: Record<string, string>,
  notice: FlowNotice,
  extra: { problem?: string; fieldErrors?: Record<string, string> } = {},
): WhatsappState {
  return {
    status: 'error',
    notice,
    fieldErrors: extra.fieldErrors ?? {},
    values,
    at: Date.now(),
    problem: extra.problem,
  }
}

function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const issue of error.issues) errors[String(issue.path[0] ?? '')] ??= issue.message
  return errors
}

const failed = (message: string | null): FlowNotice => ({
  title: 'Failed',
  description: message || 'Please try again',
  variant: 'destructive',
})

/** Records the intent (messages-intent) and answers the chat link; throws with the function's message. */
async function recordIntent(
  supabase: TypedSupabaseClient,
  ticket: { id: string; tracking_ref: string },
  phone: string,
  message: string,
): Promise<{ link: string; text: string }> {
  const text = ticketMessageText(message, ticket.tracking_ref)
  const body = messagesIntentSchema.parse({
    ticket_id: ticket.id,
    phoneE164: phone,
    message: text,
    tracking_ref: ticket.tracking_ref,
  })
  const { data, error } = await supabase.functions.invoke<{ id: string }>('messages-intent', { body })
  if (error || !data?.id) throw new Error((await functionErrorMessage(error)) ?? '')
  return { link: ticketUpdateLink(phone, text), text }
}

function refresh(ticketId: string) {
  revalidatePath(`/portal/tickets/${ticketId}`)
  revalidatePath('/portal/my-tickets')
  revalidatePath('/portal/tickets')
}

/** 'Create & Open WhatsApp' on /portal/tickets. */
export async function createTicketAction(
  _previous: WhatsappState,
  formData: FormData,
): Promise<WhatsappState> {
  const values = valuesOf(formData, ['summary', 'details', 'phone', 'message'])
  const user = await currentUser()
  if (!user) return refused(values, { ...TICKET_MESSAGES.signInRequired, variant: 'default' })
  if (!values.summary?.trim() || !values.phone?.trim() || !values.message?.trim()) {
    return refused(values, { ...TICKET_MESSAGES.missingInfo, variant: 'default' })
  }
  const parsed = ticketFormSchema.safeParse(values)
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error)
    const notice: FlowNotice = {
      title: 'Check the ticket',
      description: parsed.error.issues[0]?.message,
      variant: 'destructive',
    }
    return refused(values, notice, { fieldErrors })
  }
  const supabase = await serverSupabase()
  let ticket: { id: string; tracking_ref: string }
  try {
    ticket = await createTicketMutation(supabase, {
      summary: parsed.data.summary,
      details: parsed.data.details,
      userId: user.id,
    })
  } catch (error) {
    console.error('Could not create the ticket', error)
    return refused(values, { title: 'Could not create ticket', variant: 'destructive' })
  }
  if (!ticket?.id) return refused(values, { title: 'Could not create ticket', variant: 'destructive' })
  try {
    const { link, text } = await recordIntent(supabase, ticket, parsed.data.phone, parsed.data.message)
    refresh(ticket.id)
    return {
      status: 'opened',
      ticketId: ticket.id,
      trackingRef: ticket.tracking_ref,
      link,
      text,
      at: Date.now(),
    }
  } catch (error) {
    console.error('WhatsApp ticket flow failed', error)
    refresh(ticket.id)
    return refused(values, failed(error instanceof Error ? error.message : null))
  }
}

/** 'Open WhatsApp' on a ticket page: the reference comes from the ticket as this user reads it. */
export async function sendUpdateAction(_previous: WhatsappState, formData: FormData): Promise<WhatsappState> {
  const values = valuesOf(formData, ['ticketId', 'phone', 'message'])
  const problem = 'Failed to start WhatsApp'
  if (!(await currentUser())) {
    return refused(values, failed('Your session has ended. Sign in again to continue.'), { problem })
  }
  const parsed = ticketUpdateSchema.safeParse(values)
  if (!parsed.success)
    return refused(values, failed(parsed.error.issues[0]?.message ?? null), {
      fieldErrors: fieldErrorsOf(parsed.error),
    })
  const ticketId = messagesMarkSentSchema.shape.ticketId.safeParse(values.ticketId)
  if (!ticketId.success) return refused(values, failed('Not found or access denied.'), { problem })
  try {
    const supabase = await serverSupabase()
    const { data: ticket } = await ticketQuery(supabase, ticketId.data)
    if (!ticket) return refused(values, failed('Not found or access denied.'), { problem })
    const { link, text } = await recordIntent(supabase, ticket, parsed.data.phone, parsed.data.message)
    refresh(ticket.id)
    return {
      status: 'opened',
      ticketId: ticket.id,
      trackingRef: ticket.tracking_ref,
      link,
      text,
      at: Date.now(),
    }
  } catch (error) {
    console.error('Could not start the WhatsApp update', error)
    return refused(values, failed(error instanceof Error ? error.message : null), { problem })
  }
}

/** 'Mark as sent': the queued message was sent (messages-mark-sent logs it to the timeline). */
export async function markSentAction(_previous: WhatsappState, formData: FormData): Promise<WhatsappState> {
  const values = valuesOf(formData, ['messageId', 'ticketId'])
  const problem = 'Could not mark as sent'
  const error = (description: string | null): WhatsappState =>
    refused(
      values,
      { title: 'Error', description: description || 'Try again', variant: 'destructive' },
      { problem },
    )
  if (!(await currentUser())) return error('Your session has ended. Sign in again to continue.')
  const parsed = messagesMarkSentSchema.safeParse(values)
  if (!parsed.success) return error(parsed.error.issues[0]?.message ?? null)
  try {
    const supabase = await serverSupabase()
    const { error: invokeError } = await supabase.functions.invoke('messages-mark-sent', {
      body: parsed.data,
    })
    if (invokeError) throw new Error((await functionErrorMessage(invokeError)) ?? '')
  } catch (caught) {
    console.error('Could not mark the message as sent', caught)
    return error(caught instanceof Error ? caught.message : null)
  }
  refresh(parsed.data.ticketId)
  return { status: 'marked', messageId: parsed.data.messageId, at: Date.now() }
}
