// Row-level security on ticket_messages: who reads and writes which messages; customers never see
// internal notes. The reads come first: they count the seeded messages before the writes add more.
import { timelineQuery } from '@siyakha/supabase/queries'
import { describe, expect, it } from 'vitest'
import { ACME_CLINIC_ID, asCaller, DEMO, SEED_TICKET_IDS, sql } from '../helpers'
import { CALLERS, type Caller, db, STAFF, T, ticketIn, useCallers, visibleSeedTickets } from './callers'

useCallers()

describe('ticket_messages: read', () => {
  async function visibleMessages(caller: Caller) {
    const { data, error } = await db[caller]
      .from('ticket_messages')
      .select('ticket_id, direction')
      .in('ticket_id', SEED_TICKET_IDS)
    if (error) throw error
    return data
  }

  it('anon cannot read messages', async () => {
    const result = await db.anon.from('ticket_messages').select('id')
    expect(result.error?.code).toBe('42501')
  })

  it.each(['thabo', 'companyMember', 'companyAdmin'] as const)(
    '%s reads messages of readable tickets only, never internal notes',
    async (caller) => {
      const visible = await visibleSeedTickets(caller)
      const messages = await visibleMessages(caller)
      expect(messages.length).toBeGreaterThan(0)
      expect(messages.every((m) => visible.includes(m.ticket_id))).toBe(true)
      expect(messages.some((m) => m.direction === 'internal')).toBe(false)
    },
  )

  it('exact counts per customer match the seed (internal notes left out)', async () => {
    expect((await visibleMessages('thabo')).length).toBe(6)
    expect((await visibleMessages('companyMember')).length).toBe(3)
    expect((await visibleMessages('companyAdmin')).length).toBe(8)
  })

  it.each(STAFF)('%s reads every message including internal notes', async (caller) => {
    const messages = await visibleMessages(caller)
    expect(messages.length).toBe(21)
    expect(messages.filter((m) => m.direction === 'internal').length).toBe(5)
  })

  it('the timeline of an inaccessible ticket is empty', async () => {
    const { data } = await timelineQuery(db.thabo, T('a5'))
    expect(data).toEqual([])
    const { data: own } = await timelineQuery(db.thabo, T('a1'))
    expect(own.map((m) => m.direction)).toEqual(['outbound', 'inbound'])
  })
})

describe('ticket_messages: write', () => {
  const message = (ticketId: string, extra: Record<string, unknown> = {}) => ({
    ticket_id: ticketId,
    direction: 'inbound' as const,
    channel: 'portal' as const,
    body: 'Still happening this morning.',
    ...extra,
  })

  it('a customer adds a message to their own ticket, as themselves', async () => {
    const { data, error } = await db.thabo
      .from('ticket_messages')
      .insert(message(T('a1')))
      .select('created_by, status')
      .single()
    expect(error).toBeNull()
    expect(data).toEqual({ created_by: DEMO.thabo.id, status: 'queued' })
  })

  it('a customer cannot write an internal note', async () => {
    const result = await db.thabo.from('ticket_messages').insert(message(T('a1'), { direction: 'internal' }))
    expect(result.error?.code).toBe('42501')
  })

  it('a customer cannot post to a ticket they cannot read', async () => {
    const result = await db.thabo.from('ticket_messages').insert(message(T('a5')))
    expect(result.error?.code).toBe('42501')
  })

  it('a customer cannot post in someone else’s name', async () => {
    const result = await db.thabo
      .from('ticket_messages')
      .insert(message(T('a1'), { created_by: DEMO.agent.id }))
    expect(result.error?.code).toBe('42501')
  })

  it('a company admin can add to a company ticket a member logged', async () => {
    const result = await db.companyAdmin.from('ticket_messages').insert(message(T('a8')))
    expect(result.error).toBeNull()
  })

  it('anon cannot write messages', async () => {
    const result = await db.anon.from('ticket_messages').insert(message(T('a1')))
    expect(result.error?.code).toBe('42501')
  })

  it('staff write internal notes and customers never see them', async () => {
    const { error } = await db.agent
      .from('ticket_messages')
      .insert(message(T('a3'), { direction: 'internal', body: 'Check the printer driver version.' }))
    expect(error).toBeNull()
    const { data } = await timelineQuery(db.thabo, T('a3'))
    expect(data.some((m) => m.body === 'Check the printer driver version.')).toBe(false)
    const { data: staffView } = await timelineQuery(db.providerAdmin, T('a3'))
    expect(staffView.some((m) => m.body === 'Check the printer driver version.')).toBe(true)
  })

  it('only staff update a message; customers match no rows', async () => {
    const [row] = await sql<{ id: string }>(
      `select id from public.ticket_messages where ticket_id = $1 and direction = 'outbound' limit 1`,
      [T('a1')],
    )
    const id = (row as { id: string }).id
    const byCustomer = await db.thabo
      .from('ticket_messages')
      .update({ status: 'failed' })
      .eq('id', id)
      .select('id')
    expect(byCustomer.data).toEqual([])
    const byAgent = await db.agent
      .from('ticket_messages')
      .update({ status: 'read' })
      .eq('id', id)
      .select('status')
    expect(byAgent.data).toEqual([{ status: 'read' }])
  })

  it.each([
    ['a reply that reads as the helpdesk', { direction: 'outbound', channel: 'portal' }],
    ['a WhatsApp message marked as sent', { direction: 'outbound', channel: 'whatsapp', status: 'sent' }],
    ['a delivery receipt', { direction: 'outbound', channel: 'whatsapp', status: 'read' }],
    ['an email', { direction: 'outbound', channel: 'email' }],
  ])('a customer cannot write %s', async (_, extra) => {
    const result = await db.thabo.from('ticket_messages').insert(message(T('a1'), extra))
    expect(result.error?.code).toBe('42501')
  })

  it('a customer records their own WhatsApp intent (outbound, whatsapp, queued)', async () => {
    const result = await db.thabo.from('ticket_messages').insert(
      message(T('a1'), {
        direction: 'outbound',
        channel: 'whatsapp',
        status: 'queued',
        to_from: '+27820000000',
      }),
    )
    expect(result.error).toBeNull()
  })

  it('staff change a message’s delivery status only, never its words or visibility', async () => {
    const [note] = await sql<{ id: string }>(
      `insert into public.ticket_messages (ticket_id, direction, channel, body, status)
       values ($1, 'internal', 'portal', 'Vendor RMA pending.', 'sent') returning id`,
      [T('a1')],
    )
    const id = (note as { id: string }).id
    for (const change of [
      { direction: 'outbound' as const },
      { body: 'Rewritten.' },
      { channel: 'email' as const },
    ]) {
      const result = await db.agent.from('ticket_messages').update(change).eq('id', id).select('id')
      expect(result.error?.code).toBe('42501')
    }
    const [row] = await sql<{ direction: string; body: string }>(
      'select direction, body from public.ticket_messages where id = $1',
      [id],
    )
    expect(row).toEqual({ direction: 'internal', body: 'Vendor RMA pending.' })
  })

  it('the first public staff reply opens a new ticket and stamps the first response; a note does not', async () => {
    const fresh = await ticketIn('new')
    await db.agent
      .from('ticket_messages')
      .insert({
        ticket_id: fresh,
        direction: 'internal',
        channel: 'portal',
        body: 'Looking into it.',
        status: 'sent',
      })
      .throwOnError()
    const [afterNote] = await sql<{ status: string }>('select status from public.tickets where id = $1', [
      fresh,
    ])
    expect(afterNote?.status).toBe('new')
    await db.agent
      .from('ticket_messages')
      .insert({
        ticket_id: fresh,
        direction: 'outbound',
        channel: 'portal',
        body: 'On it today.',
        status: 'sent',
      })
      .throwOnError()
    const [afterReply] = await sql<{ status: string; first_response_at: string | null }>(
      'select status, first_response_at from public.tickets where id = $1',
      [fresh],
    )
    expect(afterReply?.status).toBe('open')
    expect(afterReply?.first_response_at).not.toBeNull()
  })

  it('a customer WhatsApp intent leaves a new ticket new', async () => {
    const fresh = await ticketIn('new')
    await db.thabo
      .from('ticket_messages')
      .insert(message(fresh, { direction: 'outbound', channel: 'whatsapp', status: 'queued' }))
      .throwOnError()
    const [row] = await sql<{ status: string }>('select status from public.tickets where id = $1', [fresh])
    expect(row?.status).toBe('new')
  })

  it('a customer reply puts a ticket waiting on them back to open', async () => {
    const waiting = await ticketIn('waiting_on_customer')
    await db.thabo.from('ticket_messages').insert(message(waiting)).throwOnError()
    const [row] = await sql<{ status: string }>('select status from public.tickets where id = $1', [waiting])
    expect(row?.status).toBe('open')
  })

  it.each(CALLERS)('%s cannot delete messages', async (caller) => {
    const result = await db[caller].from('ticket_messages').delete().eq('ticket_id', T('a1'))
    expect(result.error?.code).toBe('42501')
  })
})

describe('ticket_messages: access written on the row', () => {
  const readable = async (caller: Caller, id: string) => {
    const { data, error } = await db[caller].from('ticket_messages').select('id').eq('id', id)
    if (error) throw error
    return data.length === 1
  }

  it('a ticket given to a company takes its conversation with it, and away again', async () => {
    const ticket = await ticketIn('open')
    const [note] = await sql<{ id: string }>(
      `insert into public.ticket_messages (ticket_id, direction, channel, body, created_by)
       values ($1, 'inbound', 'portal', 'Access follows the ticket', $2) returning id`,
      [ticket, DEMO.thabo.id],
    )
    const id = (note as { id: string }).id
    expect(await readable('thabo', id)).toBe(true)
    expect(await readable('companyAdmin', id)).toBe(false)
    await sql('update public.tickets set company_id = $2 where id = $1', [ticket, ACME_CLINIC_ID])
    expect(await readable('companyAdmin', id)).toBe(true)
    expect(await readable('companyMember', id)).toBe(false)
    await sql('update public.tickets set company_id = null where id = $1', [ticket])
    expect(await readable('companyAdmin', id)).toBe(false)
    expect(await readable('thabo', id)).toBe(true)
  })

  it('clients cannot write the copied access columns; they read what the ticket says', async () => {
    const write = await db.thabo.from('ticket_messages').insert({
      ticket_id: T('a1'),
      direction: 'inbound',
      channel: 'portal',
      body: 'Let me in',
      ticket_company_id: ACME_CLINIC_ID,
    } as never)
    expect(write.error?.code).toBe('42501')
    const { data: read } = await db.thabo
      .from('ticket_messages')
      .select('ticket_created_by_user_id, ticket_company_id')
      .eq('ticket_id', T('a1'))
      .throwOnError()
    expect(read.length).toBeGreaterThan(0)
    for (const row of read)
      expect(row).toEqual({ ticket_created_by_user_id: DEMO.thabo.id, ticket_company_id: null })
  })

  /**
   * One statement as Thabo, in a transaction rolled back, with its result's row count and the
   * private functions it called and how often: PostgreSQL counts the calls itself (track_functions).
   */
  async function privateCallsOf(statement: string, params: unknown[] = []) {
    return asCaller(
      { sub: DEMO.thabo.id, role: 'authenticated' },
      async (pg) => {
        const { rowCount } = await pg.query(statement, params)
        await pg.query('reset role')
        const { rows: counted } = await pg.query<{ name: string; calls: number }>(
          `select p.proname as name, pg_stat_get_xact_function_calls(p.oid)::int as calls
           from pg_proc p where p.pronamespace = 'private'::regnamespace
             and pg_stat_get_xact_function_calls(p.oid) > 0`,
        )
        return { rows: rowCount ?? 0, counted, names: counted.map((c) => c.name) }
      },
      (pg) => pg.query(`set local track_functions = 'all'`),
    )
  }

  it('reading messages calls no function per row (issue 11), however many rows it passes over', async () => {
    const calls = await privateCallsOf('select id from public.ticket_messages')
    expect(calls.rows).toBeGreaterThanOrEqual(6)
    // At most once per statement: the companies the caller administers, if their own rows run out.
    for (const { calls: n } of calls.counted) expect(n).toBeLessThanOrEqual(1)
    expect(calls.names).not.toContain('can_read_ticket')
  })

  it('a customer’s new ticket and WhatsApp intent keep the customers’ rules and ask no staff check (issue 11)', async () => {
    const ticket = await privateCallsOf(
      `insert into public.tickets (created_by_user_id, summary) values ($1, 'Printer offline')`,
      [DEMO.thabo.id],
    )
    const intent = await privateCallsOf(
      `insert into public.ticket_messages (ticket_id, direction, channel, to_from, body, created_by, metadata)
       values ($1, 'outbound', 'whatsapp', '+27821234567', 'My printer is offline.', $2, '{}')`,
      [await ticketIn('open'), DEMO.thabo.id],
    )
    // The rules ran (their functions are counted) and decided without the staff check.
    expect(ticket.names).toContain('enforce_ticket_rules')
    expect(intent.names).toEqual(
      expect.arrayContaining(['enforce_message_insert_rules', 'enforce_ticket_rules']),
    )
    expect(ticket.names).not.toContain('is_staff')
    expect(intent.names).not.toContain('is_staff')
  })
})
