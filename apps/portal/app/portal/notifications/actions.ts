'use server'

import { succeeded } from '@siyakha/schemas/action-state'
import { NOTIFICATION_CATEGORIES, notificationSettingsSchema } from '@siyakha/schemas/notifications'
import { saveNotificationPreferencesMutation } from '@siyakha/supabase/mutations'
import { revalidatePath } from 'next/cache'
import { portalAction, refuse } from '@/lib/action'

/** 'Save' on /portal/notifications, as the signed-in user (row-level security: own rows only). */
export const saveNotificationsAction = portalAction({
  fields: ['shown', ...NOTIFICATION_CATEGORIES],
  schema: notificationSettingsSchema,
  run: async (choices, context) => {
    try {
      await saveNotificationPreferencesMutation(context.supabase, { userId: context.user.id, choices })
    } catch (error) {
      console.error('Could not save the notification settings', error)
      return refuse(context, 'failed', 'Your settings were not saved. Please try again.')
    }
    revalidatePath('/portal/notifications')
    return succeeded(null, { message: 'Your email settings are saved.' })
  },
})
