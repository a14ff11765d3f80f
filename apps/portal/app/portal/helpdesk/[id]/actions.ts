'use server'

import {
  HELPDESK_MESSAGES,
  PRIORITY_LABELS,
  STAFF_STATUS_LABELS,
  staffReplySchema,
  staffStatusLabel,
  ticketAssignmentSchema,
  ticketPriorityChangeSchema,
  ticketStatusChangeSchema,
} from '@siyakha/schemas/helpdesk'
import {
  addStaffMessageMutation,
  assignTicketMutation,
  TicketChangedError,
  TicketNotUpdatedError,
  updateTicketPriorityMutation,
  updateTicketStatusMutation,
} from '@siyakha/supabase/mutations'
import { helpdeskTicketQuery } from '@siyakha/supabase/queries'
import type { TypedSupabaseClient } from '@siyakha/supabase/types'
import { revalidatePath } from 'next/cache'
import type { z } from 'zod'
import { type ActionState, refused, succeeded, valuesOf } from '@/lib/action-state'
import { currentUser, currentUserIsStaff, serverSupabase } from '@/lib/session'

// Server actions are reachable by any POST, so each one checks the session and the staff role
// itself. The writes then run as the signed-in user: row-level security and the ticket trigger
// have the last word, and their refusals come back as messages.

const SIGNED_OUT = 'Your session has ended. Sign in again to continue.'

type Staff = { supabase: TypedSupabaseClient; userId: string }

async function signedInStaff(): Promise<Staff | string> {
  const user = await currentUser()
  if (!user) return SIGNED_OUT
  if (!(await currentUserIsStaff())) return HELPDESK_MESSAGES.notFound
  return { supabase: await serverSupabase(), userId: user.id }
}

function invalid(values: Record<string, string>, error: z.ZodError): ActionState {
  const fieldErrors: Record<string, string> = {}
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '')
    fieldErrors[field] ??= issue.message
  }
  // Broken hidden fields (the ticket id, its version) have no control to show a message under.
  const { ticketId, version, ...shown } = fieldErrors
  return refused(values, ticketId ?? version ?? '', shown)
}

/** The message for a refused write; anything unexpected is logged and answered generically. */
function writeFailure(error: unknown, what: string): string {
  if (error instanceof TicketNotUpdatedError) return HELPDESK_MESSAGES.notFound
  const code = (error as { code?: unknown } | null)?.code
  // 42501: a policy or the ticket trigger said no. 23514: a check constraint (e.g. close reason).
  if (code === '42501') return 'You are not allowed to make that change.'
  if (code === '23514') return 'The database refused that change; check the fields and try again.'
  console.error(`Could not ${what}`, error)
  return `Could not ${what}. Please try again.`
}

type CurrentTicket = NonNullable<Awaited<ReturnType<typeof helpdeskTicketQuery>>['data']>

function assigneeText(ticket: CurrentTicket, userId: string): string {
  if (!ticket.assigned_to) return 'It is now unassigned.'
  return ticket.assigned_to === userId ? 'It is now assigned to you.' : 'It is now assigned to someone else.'
}

/**
 * Someone saved the ticket after this user loaded it, so their change was refused. The page is
 * refreshed (its details and every form's hidden version), and the form is answered with the
 * ticket's current values instead of what the user sent, with a message saying so: they see what
 * changed and decide again, rather than overwriting it blindly.
 */
async function stale(
  staff: Staff,
  ticketId: string,
  current: (ticket: CurrentTicket) => { values: Record<string, string>; shown: string },
): Promise<ActionState> {
  revalidatePath(`/portal/helpdesk/${ticketId}`)
  const { data } = await helpdeskTicketQuery(staff.supabase, ticketId).then(
    (answer) => answer,
    (error: unknown) => {
      console.error('Could not re-read a ticket changed by someone else', error)
      return { data: null }
    },
  )
  if (!data) return refused({ ticketId }, HELPDESK_MESSAGES.staleTicket)
  const { values, shown } = current(data)
  return refused(
    { ticketId, version: String(data.version), ...values },
    `${HELPDESK_MESSAGES.staleTicket} ${shown}`,
  )
}

function done(ticketId: string, message: string): ActionState {
  revalidatePath('/portal/helpdesk')
  revalidatePath(`/portal/helpdesk/${ticketId}`)
  revalidatePath(`/portal/tickets/${ticketId}`)
  return succeeded(message)
}

export async function changeStatusAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const values = valuesOf(formData, ['ticketId', 'version', 'status', 'closeReason'])
  const staff = await signedInStaff()
  if (typeof staff === 'string') return refused(values, staff)
  const parsed = ticketStatusChangeSchema.safeParse(values)
  if (!parsed.success) return invalid(values, parsed.error)
  try {
    await updateTicketStatusMutation(staff.supabase, parsed.data)
  } catch (error) {
    if (error instanceof TicketChangedError) {
      return stale(staff, parsed.data.ticketId, (ticket) => ({
        values: { status: ticket.status, closeReason: ticket.close_reason ?? '' },
        shown: `Current status: ${staffStatusLabel(ticket.status)}.`,
      }))
    }
    return refused(values, writeFailure(error, 'change the status'))
  }
  return done(parsed.data.ticketId, `Status changed to ${STAFF_STATUS_LABELS[parsed.data.status]}.`)
}

export async function changePriorityAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const values = valuesOf(formData, ['ticketId', 'version', 'priority'])
  const staff = await signedInStaff()
  if (typeof staff === 'string') return refused(values, staff)
  const parsed = ticketPriorityChangeSchema.safeParse(values)
  if (!parsed.success) return invalid(values, parsed.error)
  try {
    await updateTicketPriorityMutation(staff.supabase, parsed.data)
  } catch (error) {
    if (error instanceof TicketChangedError) {
      return stale(staff, parsed.data.ticketId, (ticket) => ({
        values: { priority: ticket.priority },
        shown: `Current priority: ${PRIORITY_LABELS[ticket.priority]}.`,
      }))
    }
    return refused(values, writeFailure(error, 'change the priority'))
  }
  return done(parsed.data.ticketId, `Priority changed to ${PRIORITY_LABELS[parsed.data.priority]}.`)
}

export async function assignAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const values = valuesOf(formData, ['ticketId', 'version', 'assignee'])
  const staff = await signedInStaff()
  if (typeof staff === 'string') return refused(values, staff)
  const parsed = ticketAssignmentSchema.safeParse(values)
  if (!parsed.success) return invalid(values, parsed.error)
  const { ticketId, assignee, version } = parsed.data
  try {
    await assignTicketMutation(staff.supabase, {
      ticketId,
      assignee: assignee === 'me' ? staff.userId : null,
      version,
    })
  } catch (error) {
    if (error instanceof TicketChangedError) {
      return stale(staff, ticketId, (ticket) => ({ values: {}, shown: assigneeText(ticket, staff.userId) }))
    }
    return refused(values, writeFailure(error, 'change the assignee'))
  }
  return done(ticketId, assignee === 'me' ? 'Assigned to you.' : 'Unassigned.')
}

export async function replyAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const values = valuesOf(formData, ['ticketId', 'kind', 'body'])
  const staff = await signedInStaff()
  if (typeof staff === 'string') return refused(values, staff)
  const parsed = staffReplySchema.safeParse(values)
  if (!parsed.success) return invalid(values, parsed.error)
  try {
    await addStaffMessageMutation(staff.supabase, { ...parsed.data, userId: staff.userId })
  } catch (error) {
    return refused(values, writeFailure(error, 'add the message'))
  }
  return done(
    parsed.data.ticketId,
    parsed.data.kind === 'public' ? 'Reply added to the timeline.' : 'Internal note added.',
  )
}
