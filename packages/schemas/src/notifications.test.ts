import { describe, expect, it } from 'vitest'
import { notificationSettingsSchema } from './notifications'

describe('notificationSettingsSchema', () => {
  it('reads ticked boxes as on and unticked shown ones as off', () => {
    const parsed = notificationSettingsSchema.parse({
      shown: 'replies,ticket_updates',
      replies: 'on',
      ticket_updates: '',
    })
    expect(parsed).toEqual([
      { category: 'replies', enabled: true },
      { category: 'ticket_updates', enabled: false },
    ])
  })

  it('leaves categories that were not on the page alone', () => {
    const parsed = notificationSettingsSchema.parse({ shown: 'replies', replies: 'on', staff_assigned: '' })
    expect(parsed).toEqual([{ category: 'replies', enabled: true }])
  })

  it('refuses unknown categories and odd checkbox values', () => {
    expect(notificationSettingsSchema.safeParse({ shown: 'replies,newsletter' }).success).toBe(false)
    expect(notificationSettingsSchema.safeParse({ shown: '' }).success).toBe(false)
    expect(notificationSettingsSchema.safeParse({ shown: 'replies', replies: 'yes' }).success).toBe(false)
  })
})
