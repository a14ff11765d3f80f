// Live helpdesk (issue 13, part 5) through the local stack's Realtime with unmodified supabase-js:
// the tables the pages follow are in the supabase_realtime publication, a change reaches only
// those allowed to read the row (staff, the ticket's owner; never another customer, never an
// internal note to a customer), and only staff join a ticket's presence channel.
import type { RealtimeChannel } from '@supabase/supabase-js'
import { afterEach, describe, expect, it } from 'vitest'
import { type Client, DEMO, newCustomer, signInAs, sql } from './helpers'

const channels: [Client, RealtimeChannel][] = []

afterEach(async () => {
  for (const [client, channel] of channels.splice(0)) await client.removeChannel(channel)
})

/** Subscribes `client` to new messages of one ticket; resolves once Realtime says SUBSCRIBED. */
async function watchMessages(client: Client, ticketId: string) {
  const seen: { body: string; direction: string; at: number }[] = []
  await client.realtime.setAuth()
  const channel = client.channel(`test-ticket:${ticketId}:${Math.random()}`)
  channel.on(
    'postgres_changes',
    { event: 'INSERT', schema: 'public', table: 'ticket_messages', filter: `ticket_id=eq.${ticketId}` },
    (change) => {
      const row = change.new as { body: string; direction: string }
      seen.push({ body: row.body, direction: row.direction, at: Date.now() })
    },
  )
  await new Promise<void>((resolve, reject) => {
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve()
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(error ?? new Error(status))
    })
  })
  channels.push([client, channel])
  return seen
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function until(check: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms
  while (!check() && Date.now() < end) await settle(25)
}

describe('the supabase_realtime publication', () => {
  it('carries the tables the queue and ticket pages follow', async () => {
    const rows = await sql<{ tablename: string }>(
      `select tablename from pg_publication_tables where pubname = 'supabase_realtime' and schemaname = 'public'`,
    )
    expect(rows.map((row) => row.tablename)).toEqual(
      expect.arrayContaining(['tickets', 'ticket_messages', 'ticket_attachments']),
    )
  })
})

describe('postgres_changes on a ticket', () => {
  it('reaches staff and the owner within a second; never another customer; notes stay with staff', async () => {
    const owner = await newCustomer('live-owner')
    const stranger = await newCustomer('live-stranger')
    const agent = await signInAs('agent')
    const [ticket] = await sql<{ id: string }>(
      `insert into public.tickets (created_by_user_id, summary) values ($1, 'Live test') returning id`,
      [owner.id],
    )
    const id = ticket?.id as string
    const [staffSees, ownerSees, strangerSees] = await Promise.all([
      watchMessages(agent.supabase, id),
      watchMessages(owner.supabase, id),
      watchMessages(stranger.supabase, id),
    ])

    const sent = Date.now()
    await owner.supabase
      .from('ticket_messages')
      .insert({
        ticket_id: id,
        direction: 'inbound',
        channel: 'portal',
        body: 'The printer is back',
        created_by: owner.id,
      })
      .throwOnError()
    await agent.supabase
      .from('ticket_messages')
      .insert({
        ticket_id: id,
        direction: 'internal',
        channel: 'portal',
        body: 'Checked the spooler',
        status: 'sent',
        created_by: DEMO.agent.id,
      })
      .throwOnError()
    await until(() => staffSees.length === 2 && ownerSees.length === 1)
    await settle(500)

    expect(staffSees.map((event) => event.body)).toEqual(['The printer is back', 'Checked the spooler'])
    expect(ownerSees.map((event) => event.body)).toEqual(['The printer is back'])
    expect(strangerSees).toEqual([])
    expect((staffSees[0]?.at ?? Number.POSITIVE_INFINITY) - sent).toBeLessThan(1000)
  })
})

describe('presence on a ticket', () => {
  async function join(client: Client, ticketId: string, key: string) {
    await client.realtime.setAuth()
    const channel = client.channel(`helpdesk:ticket:${ticketId}`, {
      config: { private: true, presence: { key } },
    })
    // realtime-js asks for presence only when something listens to it, as the product's page does.
    channel.on('presence', { event: 'sync' }, () => undefined)
    const status = await new Promise<string>((resolve) => {
      channel.subscribe((state) => {
        if (state !== 'CLOSED') resolve(state)
      })
    })
    channels.push([client, channel])
    return { channel, status }
  }

  it('staff see each other on the ticket; a customer may not join its channel', async () => {
    const [agent, admin, thabo] = await Promise.all([
      signInAs('agent'),
      signInAs('providerAdmin'),
      signInAs('thabo'),
    ])
    const ticketId = '00000000-0000-4000-8000-0000000000a1'
    const first = await join(agent.supabase, ticketId, DEMO.agent.id)
    const second = await join(admin.supabase, ticketId, DEMO.providerAdmin.id)
    expect([first.status, second.status]).toEqual(['SUBSCRIBED', 'SUBSCRIBED'])
    expect(await first.channel.track({ name: 'Sipho Dlamini' })).toBe('ok')
    expect(await second.channel.track({ name: 'Naledi Mokoena' })).toBe('ok')
    await until(() => Object.keys(first.channel.presenceState()).length === 2)
    expect(Object.keys(first.channel.presenceState()).sort()).toEqual(
      [DEMO.providerAdmin.id, DEMO.agent.id].sort(),
    )

    const customer = await join(thabo.supabase, ticketId, DEMO.thabo.id)
    expect(customer.status).toBe('CHANNEL_ERROR')
  })
})
