import { z } from 'zod'

/**
 * The email a person can turn off (public.notification_preferences; no row = on). The ticket's
 * acknowledgement is not among them: it carries the reference the person asked for.
 */
export const CUSTOMER_NOTIFICATIONS = {
  replies: 'Support replies to one of my tickets',
  ticket_updates: 'A ticket of mine needs my reply, is resolved or is closed',
} as const

export const STAFF_NOTIFICATIONS = {
  staff_new_ticket: 'A new ticket arrives (unassigned, or assigned to me)',
  staff_customer_reply: 'A customer writes on a ticket I handle',
  staff_assigned: 'Someone assigns a ticket to me',
} as const

export type NotificationCategory = keyof typeof CUSTOMER_NOTIFICATIONS | keyof typeof STAFF_NOTIFICATIONS

export const NOTIFICATION_CATEGORIES = [
  ...Object.keys(CUSTOMER_NOTIFICATIONS),
  ...Object.keys(STAFF_NOTIFICATIONS),
] as NotificationCategory[]

/** A checkbox as a form sends it: 'on' when ticked, absent (read as '') when not. */
const checkbox = z.enum(['on', ''], 'Tick the box or leave it empty.').transform((value) => value === 'on')

/**
 * 'Email notifications' (/portal/notifications): one checkbox per category shown, and `shown`
 * listing which were on the page, so an unticked box means "off" and a missing one "unchanged".
 */
export const notificationSettingsSchema = z
  .object({
    shown: z
      .string()
      .transform((value) => value.split(',').filter(Boolean))
      .pipe(
        z.array(z.enum(NOTIFICATION_CATEGORIES as [NotificationCategory, ...NotificationCategory[]])).min(1),
      ),
    ...Object.fromEntries(NOTIFICATION_CATEGORIES.map((category) => [category, checkbox.optional()])),
  })
  .transform(({ shown, ...boxes }) =>
    shown.map((category) => ({
      category,
      enabled: (boxes as Record<string, boolean | undefined>)[category] ?? false,
    })),
  )
export type NotificationSettings = z.output<typeof notificationSettingsSchema>

/** 'Retry' on the helpdesk's undelivered notifications: the outbox row to send again. */
export const outboxRetrySchema = z.object({
  id: z.coerce.number('Unknown notification.').int('Unknown notification.').positive('Unknown notification.'),
})
