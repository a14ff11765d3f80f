'use server'

import { succeeded } from '@siyakha/schemas/action-state'
import {
  businessCalendarSchema,
  CALENDAR_FIELDS,
  closedDayRemoveSchema,
  closedDaySchema,
  SLA_TARGET_FIELDS,
  slaTargetsSchema,
} from '@siyakha/schemas/sla-admin'
import {
  addClosedDayMutation,
  removeClosedDayMutation,
  saveBusinessCalendarMutation,
  saveSlaTargetsMutation,
} from '@siyakha/supabase/sla-admin'
import { revalidatePath } from 'next/cache'
import { portalAction } from '@/lib/action'
import { databaseRefusal } from '../refusal'

const PATH = '/portal/helpdesk/admin/sla'

/** What a save did to the open tickets, for its toast: "Targets saved: 3 open tickets have new due times." */
function recomputed(done: string, moved: number) {
  const tickets =
    moved === 0
      ? 'no open ticket’s due times changed'
      : `${moved} open ${moved === 1 ? 'ticket has' : 'tickets have'} new due times`
  return succeeded(null, { message: `${done}: ${tickets}.` })
}

/** Global targets, or a contract's plan (a priority left empty follows the global targets). */
export const saveSlaTargetsAction = portalAction({
  role: 'admin',
  fields: SLA_TARGET_FIELDS,
  schema: slaTargetsSchema,
  run: async (data, context) => {
    let moved: number
    try {
      moved = await saveSlaTargetsMutation(context.supabase, data)
    } catch (error) {
      return databaseRefusal(context, error, 'Could not save the targets. Please try again.')
    }
    revalidatePath(PATH)
    return recomputed(data.contract ? 'Contract plan saved' : 'Targets saved', moved)
  },
})

export const saveBusinessCalendarAction = portalAction({
  role: 'admin',
  fields: CALENDAR_FIELDS,
  schema: businessCalendarSchema,
  run: async (data, context) => {
    let moved: number
    try {
      moved = await saveBusinessCalendarMutation(context.supabase, data)
    } catch (error) {
      return databaseRefusal(context, error, 'Could not save the business calendar. Please try again.')
    }
    revalidatePath(PATH)
    return recomputed('Business calendar saved', moved)
  },
})

export const addClosedDayAction = portalAction({
  role: 'admin',
  fields: ['day', 'name'],
  schema: closedDaySchema,
  run: async (data, context) => {
    let moved: number
    try {
      moved = await addClosedDayMutation(context.supabase, data)
    } catch (error) {
      return databaseRefusal(
        context,
        error,
        'Could not add the closed day. Please try again.',
        'That day is a closed day already.',
      )
    }
    revalidatePath(PATH)
    return recomputed(`Closed day ${data.day} added`, moved)
  },
})

export const removeClosedDayAction = portalAction({
  role: 'admin',
  fields: ['day'],
  schema: closedDayRemoveSchema,
  run: async ({ day }, context) => {
    let moved: number
    try {
      moved = await removeClosedDayMutation(context.supabase, day)
    } catch (error) {
      return databaseRefusal(context, error, 'Could not remove the closed day. Please try again.')
    }
    revalidatePath(PATH)
    return recomputed(`Closed day ${day} removed`, moved)
  },
})
