'use server'

import { type ActionState, type Refusal, refused, succeeded } from '@siyakha/schemas/action-state'
import { ATTACHMENT_MESSAGES } from '@siyakha/schemas/attachments'
import {
  HELPDESK_MESSAGES,
  PRIORITY_LABELS,
  SPLIT_MESSAGE_MESSAGES,
  type StaffReplyKind,
  splitMessageSchema,
  staffReplySchema,
  staffStatusLabel,
  ticketAssignmentSchema,
  ticketCompanyChangeSchema,
  ticketPriorityChangeSchema,
  ticketStatusChangeSchema,
  ticketTagsSchema,
  UNVERIFIED_EMAIL_MESSAGES,
  unverifiedEmailDecisionSchema,
} from '@siyakha/schemas/helpdesk'
import {
  addStaffMessageMutation,
  askCustomerMutation,
  assignTicketMutation,
  decideUnverifiedEmailMutation,
  setTicketCompanyMutation,
  setTicketTagsMutation,
  splitWhatsappMessageMutation,
  TicketChangedError,
  TicketNotUpdatedError,
  updateTicketPriorityMutation,
  updateTicketStatusMutation,
} from '@siyakha/supabase/mutations'
import { helpdeskTicketQuery } from '@siyakha/supabase/queries'
import type { TypedSupabaseClient } from '@siyakha/supabase/types'
import { revalidatePath } from 'next/cache'
import { redirect } from 'next/navigation'
import type { z } from 'zod'
import { type ActionContext, portalAction, refuse } from '@/lib/action'
import { type SentWithFiles, sendWithAttachments, sentWords } from '@/lib/attachments'

// Staff only (the wrapper checks the session and the role). The writes run as the signed-in user:
// row-level security and the ticket trigger have the last word, and their refusals come back as
// messages.

/** Broken hidden fields (the ticket id, its version) have no control to show a message under. */
function hiddenFieldsOnTheForm(refusal: Refusal): Refusal {
  if (refusal.reason !== 'validation') return refusal
  const { ticketId, version, ...shown } = refusal.fieldErrors
  // A field's message shows under it; one about the whole form (e.g. a file) stays the form's.
  const own = Object.keys(shown).length > 0 ? '' : refusal.message
  return { ...refusal, message: ticketId ?? version ?? own, fieldErrors: shown }
}

/** The refusal of a failed write; anything unexpected is logged and answered generically. */
function writeFailure(context: ActionContext<string>, error: unknown, what: string): Refusal {
  if (error instanceof TicketNotUpdatedError) return refuse(context, 'forbidden', HELPDESK_MESSAGES.notFound)
  const code = (error as { code?: unknown } | null)?.code
  // 42501: a policy or the ticket trigger said no. 23514: a check constraint (e.g. close reason).
  if (code === '42501') return refuse(context, 'forbidden', 'You are not allowed to make that change.')
  if (code === '23514')
    return refuse(context, 'failed', 'The database refused that change; check the fields and try again.')
  // 22023: a WhatsApp reply on a ticket without the client's number (send_whatsapp_reply).
  if (code === '22023') return refuse(context, 'failed', HELPDESK_MESSAGES.noWhatsappNumber)
  console.error(`Could not ${what}`, error)
  return refuse(context, 'failed', `Could not ${what}. Please try again.`)
}

type CurrentTicket = NonNullable<Awaited<ReturnType<typeof helpdeskTicketQuery>>['data']>

function assigneeText(ticket: CurrentTicket, userId: string): string {
  if (!ticket.assigned_to) return 'It is now unassigned.'
  return ticket.assigned_to === userId
    ? 'It is now assigned to you.'
    : `It is now assigned to ${ticket.assignee_name}.`
}

/**
 * Someone saved the ticket after this user loaded it, so their change was refused. The page is
 * refreshed (its details and every form's hidden version), and the form is answered with the
 * ticket's current values instead of what the user sent, with a message saying so: they see what
 * changed and decide again, rather than overwriting it blindly.
 */
async function stale(
  supabase: TypedSupabaseClient,
  ticketId: string,
  current: (ticket: CurrentTicket) => { values: Record<string, string>; shown: string },
): Promise<Refusal> {
  revalidatePath(`/portal/helpdesk/${ticketId}`)
  const { data } = await helpdeskTicketQuery(supabase, ticketId).then(
    (answer) => answer,
    (error: unknown) => {
      console.error('Could not re-read a ticket changed by someone else', error)
      return { data: null }
    },
  )
  if (!data) return refused('conflict', { ticketId }, { message: HELPDESK_MESSAGES.staleTicket })
  const { values, shown } = current(data)
  return refused(
    'conflict',
    { ticketId, version: String(data.version), ...values },
    { message: `${HELPDESK_MESSAGES.staleTicket} ${shown}` },
  )
}

/**
 * One staff change to a ticket: the wrapper checks the session, the role and the fields; the write
 * runs as the user; a refused write becomes its message, and an outdated page (the ticket's
 * version moved on) gets the ticket's current values back via `current`.
 */
function ticketChange<S extends z.ZodType<{ ticketId: string }>, N extends string>(config: {
  fields: readonly N[]
  schema: S
  what: string
  write: (data: z.output<S>, context: ActionContext<N>) => Promise<unknown>
  current?: (
    ticket: CurrentTicket,
    context: ActionContext<N>,
  ) => { values: Record<string, string>; shown: string }
  done: (data: z.output<S>, context: ActionContext<N>) => string
}) {
  const { fields, schema, what, write, current, done } = config
  return portalAction({
    fields,
    schema,
    role: 'staff',
    present: hiddenFieldsOnTheForm,
    run: async (data, context): Promise<ActionState> => {
      const { ticketId } = data
      try {
        await write(data, context)
      } catch (error) {
        if (current && error instanceof TicketChangedError) {
          return stale(context.supabase, ticketId, (ticket) => current(ticket, context))
        }
        return writeFailure(context, error, what)
      }
      revalidatePath('/portal/helpdesk')
      revalidatePath(`/portal/helpdesk/${ticketId}`)
      revalidatePath(`/portal/tickets/${ticketId}`)
      return succeeded(null, { message: done(data, context) })
    },
  })
}

export const changeStatusAction = ticketChange({
  fields: ['ticketId', 'version', 'status', 'closeReason', 'question'],
  schema: ticketStatusChangeSchema,
  what: 'change the status',
  // Waiting on the customer is a question for them: it goes with the move, as a public reply.
  write: ({ question, ...data }, { supabase }) =>
    question
      ? askCustomerMutation(supabase, { ticketId: data.ticketId, version: data.version, question })
      : updateTicketStatusMutation(supabase, data),
  current: (ticket) => ({
    values: { status: ticket.status, closeReason: ticket.close_reason ?? '' },
    shown: `Current status: ${staffStatusLabel(ticket.status)}.`,
  }),
  done: (data) =>
    data.question
      ? `Status changed to ${staffStatusLabel(data.status)}; your question was sent to the customer.`
      : `Status changed to ${staffStatusLabel(data.status)}.`,
})

export const changePriorityAction = ticketChange({
  fields: ['ticketId', 'version', 'priority'],
  schema: ticketPriorityChangeSchema,
  what: 'change the priority',
  write: (data, { supabase }) => updateTicketPriorityMutation(supabase, data),
  current: (ticket) => ({
    values: { priority: ticket.priority },
    shown: `Current priority: ${PRIORITY_LABELS[ticket.priority]}.`,
  }),
  done: (data) => `Priority changed to ${PRIORITY_LABELS[data.priority]}.`,
})

export const assignAction = ticketChange({
  fields: ['ticketId', 'version', 'assignee'],
  schema: ticketAssignmentSchema,
  what: 'change the assignee',
  write: ({ ticketId, assignee, version }, { supabase, user }) =>
    assignTicketMutation(supabase, {
      ticketId,
      assignee: assignee === 'me' ? user.id : assignee === 'none' ? null : assignee,
      version,
    }),
  current: (ticket, { user }) => ({
    values: { assignee: ticket.assigned_to ?? 'none' },
    shown: assigneeText(ticket, user.id),
  }),
  done: ({ assignee }, { user }) =>
    assignee === 'me' || assignee === user.id
      ? 'Assigned to you.'
      : assignee === 'none'
        ? 'Unassigned.'
        : 'Assignee changed.',
})

export const changeCompanyAction = ticketChange({
  fields: ['ticketId', 'version', 'company'],
  schema: ticketCompanyChangeSchema,
  what: 'change the company',
  write: ({ ticketId, company, version }, { supabase }) =>
    setTicketCompanyMutation(supabase, { ticketId, company: company ?? null, version }),
  current: (ticket) => ({
    values: { company: ticket.company_id ?? '' },
    shown: `Current company: ${ticket.company?.name ?? 'none'}.`,
  }),
  done: (data) => (data.company ? 'Company changed.' : 'Company removed.'),
})

export const changeTagsAction = ticketChange({
  fields: ['ticketId', 'version', 'tags'],
  schema: ticketTagsSchema,
  what: 'change the tags',
  write: (data, { supabase }) => setTicketTagsMutation(supabase, data),
  current: (ticket) => ({
    values: { tags: ticket.tags.join(', ') },
    shown: `Current tags: ${ticket.tags.join(', ') || 'none'}.`,
  }),
  done: (data) => (data.tags.length ? `Tags saved: ${data.tags.join(', ')}.` : 'Tags removed.'),
})

/** 'Reply or note', with any files: the files go up first, so a refused file sends nothing. */
export const replyAction = portalAction({
  fields: ['ticketId', 'kind', 'body'],
  schema: staffReplySchema,
  role: 'staff',
  present: hiddenFieldsOnTheForm,
  files: 'files',
  // The answer names the kind sent, so the form keeps that mode after the send, also when a plain
  // form post (no JavaScript) renders the page anew.
  run: async (data, context): Promise<ActionState<{ kind: StaffReplyKind }>> => {
    const { ticketId, kind } = data
    if (context.files.length > 0 && kind === 'whatsapp')
      return refuse(context, 'validation', ATTACHMENT_MESSAGES.notOnWhatsapp)
    let sent: SentWithFiles
    try {
      sent = await sendWithAttachments(
        context.supabase,
        { ticketId, internal: kind === 'internal', files: context.files },
        () => addStaffMessageMutation(context.supabase, { ...data, userId: context.user.id }),
      )
    } catch (error) {
      return writeFailure(context, error, 'add the message')
    }
    if (!sent.ok) return refuse(context, sent.reason, sent.message)
    revalidatePath('/portal/helpdesk')
    revalidatePath(`/portal/helpdesk/${ticketId}`)
    revalidatePath(`/portal/tickets/${ticketId}`)
    const done = {
      public: 'Reply added to the timeline.',
      whatsapp: 'WhatsApp reply added to the timeline; it is on its way to the client.',
      internal: 'Internal note added.',
    }[kind]
    return succeeded({ kind }, { message: sentWords(done, sent) })
  },
})

/**
 * Accept or discard an email whose sender could not be verified (messaging-contract.md §3.4). The
 * database decides who may (staff only) and answers P0002 when someone dealt with it first.
 */
export const decideUnverifiedEmailAction = portalAction({
  fields: ['ticketId', 'messageId', 'decision'],
  schema: unverifiedEmailDecisionSchema,
  role: 'staff',
  present: (refusal) =>
    refusal.reason === 'validation'
      ? { ...refusal, message: Object.values(refusal.fieldErrors)[0] ?? refusal.message }
      : refusal,
  run: async ({ ticketId, messageId, decision }, context): Promise<ActionState> => {
    let accepted: Awaited<ReturnType<typeof decideUnverifiedEmailMutation>>
    try {
      accepted = await decideUnverifiedEmailMutation(context.supabase, { messageId, decision })
    } catch (error) {
      if ((error as { code?: unknown } | null)?.code === 'P0002') {
        revalidatePath(`/portal/helpdesk/${ticketId}`)
        return refuse(context, 'conflict', UNVERIFIED_EMAIL_MESSAGES.gone)
      }
      return writeFailure(context, error, decision === 'accept' ? 'accept the email' : 'discard the email')
    }
    revalidatePath('/portal/helpdesk')
    revalidatePath(`/portal/helpdesk/${ticketId}`)
    revalidatePath(`/portal/tickets/${ticketId}`)
    if (!accepted) return succeeded(null, { message: 'Email discarded.' })
    const done = {
      message: "Accepted: the email is now the requester's message.",
      opened: "Accepted: the email is now the ticket's request.",
      follow_up: 'Accepted: the ticket was closed, so the email opened a follow-up ticket.',
    }[accepted.outcome]
    if (accepted.ticket_id !== ticketId) revalidatePath(`/portal/helpdesk/${accepted.ticket_id}`)
    return succeeded(null, { message: done })
  },
})

/**
 * Moves a client's WhatsApp message to a new ticket (it was about something else). The database
 * decides who may (staff only), creates the ticket for the same requester and logs the move on
 * both tickets; the agent goes on to the new ticket (the message, and with it this form, has left
 * the page it was on), whose activity log says where the message came from.
 */
export const splitWhatsappMessageAction = portalAction({
  fields: ['ticketId', 'messageId'],
  schema: splitMessageSchema,
  role: 'staff',
  present: (refusal) =>
    refusal.reason === 'validation'
      ? { ...refusal, message: Object.values(refusal.fieldErrors)[0] ?? refusal.message }
      : refusal,
  run: async ({ ticketId, messageId }, context): Promise<ActionState> => {
    let created: Awaited<ReturnType<typeof splitWhatsappMessageMutation>>
    try {
      created = await splitWhatsappMessageMutation(context.supabase, messageId)
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code
      if (code === 'P0002') {
        revalidatePath(`/portal/helpdesk/${ticketId}`)
        return refuse(context, 'conflict', SPLIT_MESSAGE_MESSAGES.gone)
      }
      if (code === '22023') return refuse(context, 'failed', SPLIT_MESSAGE_MESSAGES.notSplittable)
      return writeFailure(context, error, 'move the message to a new ticket')
    }
    revalidatePath('/portal/helpdesk')
    revalidatePath(`/portal/helpdesk/${ticketId}`)
    revalidatePath(`/portal/tickets/${ticketId}`)
    redirect(`/portal/helpdesk/${created.ticket_id}`)
  },
})
