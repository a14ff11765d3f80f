'use server'

import { succeeded } from '@siyakha/schemas/action-state'
import { cannedReplyIdSchema, cannedReplySchema } from '@siyakha/schemas/helpdesk'
import { addCannedReplyMutation, removeCannedReplyMutation } from '@siyakha/supabase/mutations'
import { revalidatePath } from 'next/cache'
import { portalAction, refuse } from '@/lib/action'

/** 'Add canned reply': shared with every agent. */
export const addCannedReplyAction = portalAction({
  role: 'staff',
  fields: ['title', 'body'],
  schema: cannedReplySchema,
  run: async (data, context) => {
    try {
      await addCannedReplyMutation(context.supabase, data)
    } catch (error) {
      if ((error as { code?: unknown } | null)?.code === '23505')
        return refuse(context, 'conflict', 'A canned reply with that title exists already.')
      console.error('Could not add the canned reply', error)
      return refuse(context, 'failed', 'Could not add the canned reply. Please try again.')
    }
    revalidatePath('/portal/helpdesk/canned-replies')
    return succeeded(null, { message: `Added “${data.title}”.` })
  },
})

/** Removes a canned reply: its author or a provider admin (the database decides). */
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
