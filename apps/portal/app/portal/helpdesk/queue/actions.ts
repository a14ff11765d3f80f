'use server'

import { type ActionState, succeeded } from '@siyakha/schemas/action-state'
import { HELPDESK_MESSAGES } from '@siyakha/schemas/helpdesk'
import {
  bulkChangeSchema,
  SAVED_VIEW_MESSAGES,
  savedViewIdSchema,
  savedViewSchema,
} from '@siyakha/schemas/helpdesk-queue'
import {
  addSavedViewMutation,
  bulkChangeTicketsMutation,
  removeSavedViewMutation,
  TicketChangedError,
} from '@siyakha/supabase/mutations'
import { revalidatePath } from 'next/cache'
import { portalAction, refuse } from '@/lib/action'

/** The database's code for a refused write, when it gave one. */
const codeOf = (error: unknown) => (error as { code?: unknown } | null)?.code

const bulkChange = portalAction({
  role: 'staff',
  fields: ['ids', 'assignee', 'status', 'closeReason', 'priority'],
  schema: bulkChangeSchema,
  run: async (data, context) => {
    let changed: number
    try {
      changed = await bulkChangeTicketsMutation(context.supabase, {
        tickets: data.ids,
        assignee: data.assignee === 'none' ? null : data.assignee,
        status: data.status,
        closeReason: data.closeReason,
        priority: data.priority,
      })
    } catch (error) {
      // One ticket the rules refuse stops the whole change: nothing is half done. Tickets changed
      // since the list was loaded are named, so the agent knows which rows to look at again.
      if (error instanceof TicketChangedError) {
        revalidatePath('/portal/helpdesk')
        return refuse(context, 'conflict', `${error.message} Nothing was changed.`)
      }
      const code = codeOf(error)
      if (code === '23514')
        return refuse(context, 'failed', `${HELPDESK_MESSAGES.notStaff} Nothing was changed.`)
      if (code === '42501') return refuse(context, 'forbidden', 'You are not allowed to make that change.')
      console.error('Could not change the selected tickets', error)
      return refuse(context, 'failed', 'Could not change the selected tickets. Nothing was changed.')
    }
    revalidatePath('/portal/helpdesk')
    return succeeded(null, {
      message: changed === 1 ? 'Changed 1 ticket.' : `Changed ${changed} tickets.`,
    })
  },
})

/**
 * 'Apply to selected'. The row checkboxes all send `ids` (each `id:version`, the version the row
 * showed); the schema reads them as one comma-separated field, so they are joined here, with or
 * without JavaScript.
 */
export async function bulkChangeAction(previous: ActionState, formData: FormData): Promise<ActionState> {
  const joined = new FormData()
  for (const [name, value] of formData) {
    if (name !== 'ids') joined.append(name, value)
  }
  joined.set(
    'ids',
    formData
      .getAll('ids')
      .filter((id): id is string => typeof id === 'string')
      .join(','),
  )
  return bulkChange(previous, joined)
}

/** 'Save view': the queue's current filters under a name, for this agent only. */
export const saveViewAction = portalAction({
  role: 'staff',
  fields: ['name', 'query'],
  schema: savedViewSchema,
  run: async (data, context) => {
    try {
      await addSavedViewMutation(context.supabase, data)
    } catch (error) {
      if (codeOf(error) === '23505') return refuse(context, 'conflict', SAVED_VIEW_MESSAGES.nameTaken)
      console.error('Could not save the view', error)
      return refuse(context, 'failed', 'Could not save the view. Please try again.')
    }
    revalidatePath('/portal/helpdesk')
    return succeeded(null, { message: `Saved “${data.name}”.` })
  },
})

/** Removes one of the agent's saved views. */
export const removeViewAction = portalAction({
  role: 'staff',
  fields: ['id'],
  schema: savedViewIdSchema,
  run: async ({ id }, context) => {
    try {
      const removed = await removeSavedViewMutation(context.supabase, id)
      if (removed === 0) return refuse(context, 'forbidden', 'That view is already gone.')
    } catch (error) {
      console.error('Could not remove the view', error)
      return refuse(context, 'failed', 'Could not remove the view. Please try again.')
    }
    revalidatePath('/portal/helpdesk')
    return succeeded(null, { message: 'View removed.' })
  },
})
