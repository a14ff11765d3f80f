'use server'

import { succeeded } from '@siyakha/schemas/action-state'
import { outboxRetrySchema } from '@siyakha/schemas/notifications'
import { retryNotificationMutation } from '@siyakha/supabase/mutations'
import { revalidatePath } from 'next/cache'
import { portalAction, refuse } from '@/lib/action'

/** 'Retry' on an undelivered notification: back in the queue for the worker's next run. */
export const retryNotificationAction = portalAction({
  role: 'staff',
  fields: ['id'],
  schema: outboxRetrySchema,
  run: async ({ id }, context) => {
    try {
      const released = await retryNotificationMutation(context.supabase, id)
      if (released === 0) return refuse(context, 'conflict', 'That notification is already on its way again.')
    } catch (error) {
      console.error('Could not retry the notification', error)
      return refuse(context, 'failed', 'Could not retry it. Please try again.')
    }
    revalidatePath('/portal/helpdesk/outbox')
    return succeeded(null, { message: 'Sending it again.' })
  },
})
