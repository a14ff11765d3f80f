// Row-level security of the notification settings and the helpdesk's dead letters (issue 12): a
// person reads and writes only their own choices; only staff see and retry undelivered mail.
import { describe, expect, it } from 'vitest'
import { DEMO, sql } from '../helpers'
import { CALLERS, db, STAFF, useCallers } from './callers'

useCallers()

describe('notification_preferences', () => {
  it('anon can neither read nor write', async () => {
    expect((await db.anon.from('notification_preferences').select('category')).error?.code).toBe('42501')
    const insert = await db.anon
      .from('notification_preferences')
      .insert({ category: 'replies', enabled: false })
    expect(insert.error?.code).toBe('42501')
  })

  it('a customer saves their own choice and nobody else reads it', async () => {
    await db.companyMember
      .from('notification_preferences')
      .upsert({ user_id: DEMO.companyMember.id, category: 'ticket_updates', enabled: false })
      .throwOnError()
    const own = await db.companyMember.from('notification_preferences').select('user_id, category, enabled')
    expect(own.data).toEqual([{ user_id: DEMO.companyMember.id, category: 'ticket_updates', enabled: false }])
    for (const caller of ['thabo', 'companyAdmin', 'agent', 'providerAdmin'] as const) {
      const { data } = await db[caller]
        .from('notification_preferences')
        .select('category')
        .eq('user_id', DEMO.companyMember.id)
      expect(data, caller).toEqual([])
    }
  })

  it('nobody writes a choice in someone else’s name', async () => {
    for (const caller of ['thabo', 'agent'] as const) {
      const result = await db[caller]
        .from('notification_preferences')
        .insert({ user_id: DEMO.companyMember.id, category: 'replies', enabled: true })
      expect(result.error?.code, caller).toBe('42501')
    }
  })

  it('an unknown category is refused', async () => {
    const result = await db.thabo
      .from('notification_preferences')
      .insert({ category: 'newsletter', enabled: false })
    expect(result.error?.code).toBe('23514')
  })
})

describe('dead letters', () => {
  async function deadLetter() {
    const [ticket] = await sql<{ id: string }>(
      `insert into public.tickets (created_by_user_id, summary) values ($1, 'Dead letter test') returning id`,
      [DEMO.thabo.id],
    )
    const [row] = await sql<{ id: string }>(
      `insert into private.notification_outbox (idempotency_key, channel, event, ticket_id, recipient, ordering_key, state,
         last_error)
       values ($1, 'email', 'staff_reply', $2, 'nobody@example.invalid', 'x', 'failed', '550 Mailbox unavailable')
       returning id`,
      [`test:${Date.now()}:${Math.random()}`, ticket?.id],
    )
    return Number(row?.id)
  }

  it.each(STAFF)('%s sees a failed notification and sends it again', async (caller) => {
    const id = await deadLetter()
    const { data } = await db[caller].rpc('outbox_dead_letters', { p_limit: 500 }).throwOnError()
    expect(data.some((row) => row.id === id && row.last_error === '550 Mailbox unavailable')).toBe(true)
    const { data: released } = await db[caller].rpc('outbox_retry', { p_ids: [id] }).throwOnError()
    expect(released).toBe(1)
    const [row] = await sql<{ state: string }>(
      'select state from private.notification_outbox where id = $1',
      [id],
    )
    expect(row?.state).not.toBe('failed')
  })

  it.each(CALLERS.filter((c) => !STAFF.includes(c as never)))(
    '%s sees none and retries none',
    async (caller) => {
      const id = await deadLetter()
      const listed = await db[caller].rpc('outbox_dead_letters', { p_limit: 500 })
      if (caller === 'anon') expect(listed.error?.code).toBe('42501')
      else expect(listed.data).toEqual([])
      const retried = await db[caller].rpc('outbox_retry', { p_ids: [id] })
      expect(retried.error?.code).toBe('42501')
      const [row] = await sql<{ state: string }>(
        'select state from private.notification_outbox where id = $1',
        [id],
      )
      expect(row?.state).toBe('failed')
    },
  )
})
