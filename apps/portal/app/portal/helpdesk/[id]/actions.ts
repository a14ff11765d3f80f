'use server'

import {
  HELPDESK_MESSAGES,
  PRIORITY_LABELS,
  STAFF_STATUS_LABELS,
  staffReplySchema,
  ticketAssignmentSchema,
  ticketPriorityChangeSchema,
  ticketStatusChangeSchema,
} from '@siyakha/schemas/helpdesk'
import {
  addStaffMessageMutation,
  assignTicketMutation,
  TicketNotUpdatedError,
  updateTicketPriorityMutation,
  updateTicketStatusMutation,
} from '@siyakha/supabase/mutations'
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
  // A broken hidden field (the ticket id) has no control to show its message under.
  const { ticketId, ...shown } = fieldErrors
  return refused(values, ticketId ?? '', shown)
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

function done(ticketId: string, message: string): ActionState {
  revalidatePath('/portal/helpdesk')
  revalidatePath(`/portal/helpdesk/${ticketId}`)
  revalidatePath(`/portal/tickets/${ticketId}`)
  return succeeded(message)
}

export async function changeStatusAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const values = valuesOf(formData, ['ticketId', 'status', 'closeReason'])
  const staff = await signedInStaff()
  if (typeof staff === 'string') return refused(values, staff)
  const parsed = ticketStatusChangeSchema.safeParse(values)
  if (!parsed.success) return invalid(values, parsed.error)
  try {
    await updateTicketStatusMutation(staff.supabase, parsed.data)
  } catch (error) {
    return refused(values, writeFailure(error, 'change the status'))
  }
  return done(parsed.data.ticketId, `Status changed to ${STAFF_STATUS_LABELS[parsed.data.status]}.`)
}

export async function changePriorityAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const values = valuesOf(formData, ['ticketId', 'priority'])
  const staff = await signedInStaff()
  if (typeof staff === 'string') return refused(values, staff)
  const parsed = ticketPriorityChangeSchema.safeParse(values)
  if (!parsed.success) return invalid(values, parsed.error)
  try {
    await updateTicketPriorityMutation(staff.supabase, parsed.data)
  } catch (error) {
    return refused(values, writeFailure(error, 'change the priority'))
  }
  return done(parsed.data.ticketId, `Priority changed to ${PRIORITY_LABELS[parsed.data.priority]}.`)
}

export async function assignAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const values = valuesOf(formData, ['ticketId', 'assignee'])
  const staff = await signedInStaff()
  if (typeof staff === 'string') return refused(values, staff)
  const parsed = ticketAssignmentSchema.safeParse(values)
  if (!parsed.success) return invalid(values, parsed.error)
  const { ticketId, assignee } = parsed.data
  try {
    await assignTicketMutation(staff.supabase, {
      ticketId,
      assignee: assignee === 'me' ? staff.userId : null,
    })
  } catch (error) {
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
