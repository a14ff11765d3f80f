'use server'

import { succeeded } from '@siyakha/schemas/action-state'
import { cannedReplyEditSchema, cannedReplyIdSchema, cannedReplySchema } from '@siyakha/schemas/helpdesk'
import {
  addCannedReplyMutation,
  editCannedReplyMutation,
  removeCannedReplyMutation,
} from '@siyakha/supabase/mutations'
import { revalidatePath } from 'next/cache'
import { portalAction, refuse } from '@/lib/action'

const TITLE_TAKEN = {
  team: 'A team reply with that title exists already.',
  personal: 'You have a personal reply with that title already.',
} as const

/** 'Add canned reply': the team's (every agent) or the agent's own. */
export const addCannedReplyAction = portalAction({
  role: 'staff',
  fields: ['title', 'body', 'scope'],
  schema: cannedReplySchema,
  run: async (data, context) => {
    try {
      await addCannedReplyMutation(context.supabase, data)
    } catch (error) {
      if ((error as { code?: unknown } | null)?.code === '23505')
        return refuse(context, 'conflict', TITLE_TAKEN[data.scope])
      console.error('Could not add the canned reply', error)
      return refuse(context, 'failed', 'Could not add the canned reply. Please try again.')
    }
    revalidatePath('/portal/helpdesk/canned-replies')
    return succeeded(null, { message: `Added “${data.title}”.` })
  },
})

/** Saves an edited reply: its author, or a provider admin for a team one (the database decides). */
export const editCannedReplyAction = portalAction({
  role: 'staff',
  fields: ['id', 'title', 'body', 'scope'],
  schema: cannedReplyEditSchema,
  run: async (data, context) => {
    try {
      const changed = await editCannedReplyMutation(context.supabase, data)
      if (changed === 0)
        return refuse(
          context,
          'forbidden',
          'Only its author (or a provider admin, for a team reply) can change that reply.',
        )
    } catch (error) {
      if ((error as { code?: unknown } | null)?.code === '23505')
        return refuse(context, 'conflict', TITLE_TAKEN[data.scope])
      if ((error as { code?: unknown } | null)?.code === '42501')
        return refuse(context, 'forbidden', 'Only its author can make a reply personal.')
      console.error('Could not save the canned reply', error)
      return refuse(context, 'failed', 'Could not save the canned reply. Please try again.')
    }
    revalidatePath('/portal/helpdesk/canned-replies')
    return succeeded(null, { message: `Saved “${data.title}”.` })
  },
})

/** Removes a canned reply: its author, or a provider admin for a team one (the database decides). */
export const removeCannedReplyAction = portalAction({
  role: 'staff',
  fields: ['id'],
  schema: cannedReplyIdSchema,
  run: async ({ id }, context) => {
    try {
      const removed = await removeCannedReplyMutation(context.supabase, id)
      if (removed === 0)
        return refuse(context, 'forbidden', 'Only its author or a provider admin can remove that reply.')
    } catch (error) {
      console.error('Could not remove the canned reply', error)
      return refuse(context, 'failed', 'Could not remove the canned reply. Please try again.')
    }
    revalidatePath('/portal/helpdesk/canned-replies')
    return succeeded(null, { message: 'Canned reply removed.' })
  },
})
