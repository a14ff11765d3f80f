'use server'

import { type ActionState, succeeded } from '@siyakha/schemas/action-state'
import {
  formatMinutes,
  TIME_MESSAGES,
  timeEntryDeleteSchema,
  timeEntryEditSchema,
  timeEntrySchema,
  timerStartSchema,
  timerStopSchema,
} from '@siyakha/schemas/time-entries'
import {
  addTimeEntryMutation,
  deleteTimeEntryMutation,
  startTimerMutation,
  stopTimerMutation,
  updateTimeEntryMutation,
} from '@siyakha/supabase/time-entries'
import { revalidatePath } from 'next/cache'
import { type ActionContext, portalAction, refuse } from '@/lib/action'

// The Time card's actions (staff only; the wrapper checks the session, the role and the fields).
// The writes run as the signed-in user, so row-level security decides who may correct what; its
// refusals and the timer functions' come back as messages.

const ENTRY_FIELDS = ['ticketId', 'minutes', 'workType', 'billable', 'workDate', 'note'] as const

function refresh(ticketId: string) {
  revalidatePath(`/portal/helpdesk/${ticketId}`)
  revalidatePath('/portal/helpdesk')
}

/** A refused write as the agent should read it; anything unexpected is logged and answered generically. */
function timeFailure(context: ActionContext<string>, error: unknown, what: string) {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown }
  if (code === '42501') return refuse(context, 'forbidden', TIME_MESSAGES.notAllowed)
  // 23503: the ticket is gone. 22023: the timer functions' own refusals (no such ticket, no timer).
  if (code === '23503') return refuse(context, 'failed', TIME_MESSAGES.ticket)
  if (code === '22023' && typeof message === 'string' && /No timer/.test(message))
    return refuse(context, 'conflict', TIME_MESSAGES.noTimer)
  if (code === '22023') return refuse(context, 'failed', TIME_MESSAGES.ticket)
  console.error(`Could not ${what}`, error)
  return refuse(context, 'failed', `Could not ${what}. Please try again.`)
}

export const startTimerAction = portalAction({
  fields: ['ticketId', 'workType', 'billable', 'note'],
  schema: timerStartSchema,
  role: 'staff',
  run: async (data, context): Promise<ActionState> => {
    try {
      await startTimerMutation(context.supabase, data)
    } catch (error) {
      return timeFailure(context, error, 'start the timer')
    }
    refresh(data.ticketId)
    return succeeded(null, { message: 'Timer started.' })
  },
})

export const stopTimerAction = portalAction({
  fields: ['ticketId'],
  schema: timerStopSchema,
  role: 'staff',
  run: async (data, context): Promise<ActionState> => {
    let minutes: number
    try {
      minutes = (await stopTimerMutation(context.supabase, data.ticketId)).minutes
    } catch (error) {
      refresh(data.ticketId)
      return timeFailure(context, error, 'stop the timer')
    }
    refresh(data.ticketId)
    return succeeded(null, { message: `Timer stopped: ${formatMinutes(minutes)} logged.` })
  },
})

export const addTimeAction = portalAction({
  fields: ENTRY_FIELDS,
  schema: timeEntrySchema,
  role: 'staff',
  run: async (data, context): Promise<ActionState> => {
    try {
      await addTimeEntryMutation(context.supabase, data)
    } catch (error) {
      return timeFailure(context, error, 'log the time')
    }
    refresh(data.ticketId)
    return succeeded(null, { message: `${formatMinutes(data.minutes)} logged.` })
  },
})

export const editTimeAction = portalAction({
  fields: [...ENTRY_FIELDS, 'entryId'],
  schema: timeEntryEditSchema,
  role: 'staff',
  run: async (data, context): Promise<ActionState> => {
    try {
      const changed = await updateTimeEntryMutation(context.supabase, data)
      if (!changed) return refuse(context, 'forbidden', TIME_MESSAGES.notAllowed)
    } catch (error) {
      return timeFailure(context, error, 'correct the time')
    }
    refresh(data.ticketId)
    return succeeded(null, { message: `Time corrected to ${formatMinutes(data.minutes)}.` })
  },
})

export const deleteTimeAction = portalAction({
  fields: ['ticketId', 'entryId'],
  schema: timeEntryDeleteSchema,
  role: 'staff',
  run: async (data, context): Promise<ActionState> => {
    try {
      const removed = await deleteTimeEntryMutation(context.supabase, data)
      if (!removed) return refuse(context, 'forbidden', TIME_MESSAGES.notAllowed)
    } catch (error) {
      return timeFailure(context, error, 'remove the time')
    }
    refresh(data.ticketId)
    return succeeded(null, { message: 'Time entry removed.' })
  },
})
