// A ticket as a conversation (issue 12): the database stamps who wrote each message and who asked,
// a reply to a resolved ticket reopens it, a closed ticket takes no customer replies, and only the
// requester rates a resolved ticket. Every test makes its own tickets: the seeded ones are counted
// by ticket-messages.test.ts.
import { CONVERSATION_MESSAGES } from '@siyakha/schemas/ticket'
import { describe, expect, it } from 'vitest'
import { ACME_CLINIC_ID, DEMO, sql } from '../helpers'
import { CALLERS, db, STAFF, service, ticketIn, useCallers } from './callers'

useCallers()

async function messageRow(id: string) {
  const [row] = await sql<{ author_kind: string; author_name: string }>(
    'select author_kind, author_name from public.ticket_messages where id = $1',
    [id],
  )
  return row
}

async function ticketStatus(id: string) {
  const [row] = await sql<{ status: string }>('select status from public.tickets where id = $1', [id])
  return row?.status
}

/** A ticket of Acme Clinic logged by its member, in the given state. */
async function acmeTicket(status: string, closeReason: string | null = null) {
  const [row] = await sql<{ id: string }>(
    `insert into public.tickets (created_by_user_id, company_id, summary, status, close_reason)
     values ($1, $2, 'Conversation test', $3, $4) returning id`,
    [DEMO.companyMember.id, ACME_CLINIC_ID, status, closeReason],
  )
  return (row as { id: string }).id
}

const reply = (ticketId: string, body = 'It is still happening this morning.') => ({
  ticket_id: ticketId,
  direction: 'inbound' as const,
  channel: 'portal' as const,
  body,
})

describe('who wrote a message', () => {
  it('a customer’s message is theirs, under their name', async () => {
    const ticket = await ticketIn('open')
    const { data } = await db.thabo
      .from('ticket_messages')
      .insert(reply(ticket))
      .select('id, author_kind, author_name, created_by')
      .single()
      .throwOnError()
    expect(data).toMatchObject({
      author_kind: 'customer',
      author_name: 'Thabo Molefe',
      created_by: DEMO.thabo.id,
    })
  })

  it('a staff reply carries the agent’s name', async () => {
    const ticket = await ticketIn('open')
    const { data } = await db.agent
      .from('ticket_messages')
      .insert({
        ticket_id: ticket,
        direction: 'outbound',
        channel: 'portal',
        body: 'On our way.',
        status: 'sent',
      })
      .select('author_kind, author_name')
      .single()
      .throwOnError()
    expect(data).toEqual({ author_kind: 'staff', author_name: 'Sipho Dlamini' })
  })

  it('a message without a user is the helpdesk’s own, or the outside sender’s when it came in', async () => {
    const ticket = await ticketIn('open')
    const { data: automatic } = await service
      .from('ticket_messages')
      .insert({
        ticket_id: ticket,
        direction: 'outbound',
        channel: 'email',
        body: 'We received your request.',
      })
      .select('author_kind, author_name')
      .single()
      .throwOnError()
    expect(automatic).toEqual({ author_kind: 'system', author_name: 'Siyakha Support' })
    const { data: inbound } = await service
      .from('ticket_messages')
      .insert({
        ticket_id: ticket,
        direction: 'inbound',
        channel: 'email',
        to_from: 'pat@example.org',
        author_name: 'Pat Ndlovu',
        body: 'Thanks, that worked.',
      })
      .select('author_kind, author_name')
      .single()
      .throwOnError()
    expect(inbound).toEqual({ author_kind: 'customer', author_name: 'Pat Ndlovu' })
  })

  it('a trusted writer cannot name a user’s message differently', async () => {
    const ticket = await ticketIn('open')
    const { data } = await service
      .from('ticket_messages')
      .insert({
        ...reply(ticket),
        created_by: DEMO.thabo.id,
        author_kind: 'staff',
        author_name: 'Sipho Dlamini',
      })
      .select('author_kind, author_name')
      .single()
      .throwOnError()
    expect(data).toEqual({ author_kind: 'customer', author_name: 'Thabo Molefe' })
  })

  it.each([
    ['author_name', { author_name: 'Sipho Dlamini' }],
    ['author_kind', { author_kind: 'staff' }],
  ] as const)('a customer cannot send %s', async (_, extra) => {
    const ticket = await ticketIn('open')
    const result = await db.thabo.from('ticket_messages').insert({ ...reply(ticket), ...extra })
    expect(result.error?.code).toBe('42501')
  })

  it.each(STAFF)('%s cannot rename the author of a recorded message', async (caller) => {
    const ticket = await ticketIn('open')
    const { data } = await db.thabo
      .from('ticket_messages')
      .insert(reply(ticket))
      .select('id')
      .single()
      .throwOnError()
    const result = await db[caller]
      .from('ticket_messages')
      .update({ author_name: 'Someone else' } as never)
      .eq('id', data.id)
    expect(result.error?.code).toBe('42501')
    expect(await messageRow(data.id)).toEqual({ author_kind: 'customer', author_name: 'Thabo Molefe' })
  })
})

describe('who asked', () => {
  it('a new ticket carries its requester’s name, read by a company admin too', async () => {
    const ticket = await acmeTicket('new')
    const { data } = await db.companyAdmin
      .from('tickets')
      .select('requester_name')
      .eq('id', ticket)
      .single()
      .throwOnError()
    expect(data.requester_name).toBe('Lerato Nkosi')
  })

  it('a customer cannot choose the requester name', async () => {
    const result = await db.thabo.from('tickets').insert({
      created_by_user_id: DEMO.thabo.id,
      summary: 'Named by hand',
      requester_name: 'The CEO',
    } as never)
    expect(result.error?.code).toBe('42501')
  })
})

describe('replies move the ticket', () => {
  it('a customer reply to a resolved ticket reopens it', async () => {
    const ticket = await ticketIn('resolved')
    await db.thabo.from('ticket_messages').insert(reply(ticket)).throwOnError()
    expect(await ticketStatus(ticket)).toBe('open')
  })

  it('a company admin’s reply on a colleague’s resolved ticket reopens it too', async () => {
    const ticket = await acmeTicket('resolved')
    await db.companyAdmin.from('ticket_messages').insert(reply(ticket)).throwOnError()
    expect(await ticketStatus(ticket)).toBe('open')
  })

  it('a closed ticket takes no customer reply, and says why', async () => {
    const ticket = await ticketIn('closed', 'thabo', 'confirmed')
    const result = await db.thabo.from('ticket_messages').insert(reply(ticket))
    expect(result.error?.code).toBe('42501')
    expect(result.error?.message).toBe(CONVERSATION_MESSAGES.closed)
    expect(await ticketStatus(ticket)).toBe('closed')
  })

  it('staff may still add a note to a closed ticket', async () => {
    const ticket = await ticketIn('closed', 'thabo', 'confirmed')
    const result = await db.agent.from('ticket_messages').insert({
      ticket_id: ticket,
      direction: 'internal',
      channel: 'portal',
      body: 'Invoice sent.',
      status: 'sent',
    })
    expect(result.error).toBeNull()
  })

  it('a staff reply on a resolved ticket leaves it resolved', async () => {
    const ticket = await ticketIn('resolved')
    await db.agent
      .from('ticket_messages')
      .insert({
        ticket_id: ticket,
        direction: 'outbound',
        channel: 'portal',
        body: 'Glad it works.',
        status: 'sent',
      })
      .throwOnError()
    expect(await ticketStatus(ticket)).toBe('resolved')
  })
})

describe('ticket_ratings', () => {
  const rate = (ticketId: string, rating = 5, comment: string | null = 'Quick and friendly.') => ({
    ticket_id: ticketId,
    rating,
    comment,
  })

  it('the requester rates a resolved ticket and may change the rating', async () => {
    const ticket = await ticketIn('resolved')
    const { data } = await db.thabo
      .from('ticket_ratings')
      .insert(rate(ticket, 4))
      .select('rating, comment, rated_by')
      .single()
      .throwOnError()
    expect(data).toEqual({ rating: 4, comment: 'Quick and friendly.', rated_by: DEMO.thabo.id })
    const changed = await db.thabo
      .from('ticket_ratings')
      .update({ rating: 2, comment: 'It broke again.' })
      .eq('ticket_id', ticket)
      .select('rating, comment')
    expect(changed.data).toEqual([{ rating: 2, comment: 'It broke again.' }])
  })

  it('a ticket closed after its resolution can be rated; a cancelled one cannot', async () => {
    const confirmed = await ticketIn('closed', 'thabo', 'confirmed')
    expect((await db.thabo.from('ticket_ratings').insert(rate(confirmed))).error).toBeNull()
    const cancelled = await ticketIn('closed', 'thabo', 'cancelled')
    expect((await db.thabo.from('ticket_ratings').insert(rate(cancelled))).error?.code).toBe('42501')
  })

  it.each(['new', 'open', 'waiting_on_customer', 'on_hold'])(
    'a ticket that is %s cannot be rated yet',
    async (status) => {
      const ticket = await ticketIn(status)
      const result = await db.thabo.from('ticket_ratings').insert(rate(ticket))
      expect(result.error?.code).toBe('42501')
    },
  )

  it.each(['companyMember', 'companyAdmin', 'agent', 'providerAdmin'] as const)(
    '%s cannot rate someone else’s ticket',
    async (caller) => {
      const ticket = await ticketIn('resolved')
      const result = await db[caller].from('ticket_ratings').insert(rate(ticket))
      expect(result.error?.code).toBe('42501')
    },
  )

  it('a rating outside 1–5 is refused', async () => {
    const ticket = await ticketIn('resolved')
    for (const rating of [0, 6]) {
      const result = await db.thabo.from('ticket_ratings').insert(rate(ticket, rating))
      expect(result.error?.code).toBe('23514')
    }
  })

  it('nobody changes whose rating it is', async () => {
    const ticket = await ticketIn('resolved')
    await db.thabo.from('ticket_ratings').insert(rate(ticket)).throwOnError()
    const result = await db.thabo
      .from('ticket_ratings')
      .update({ rated_by: DEMO.companyMember.id } as never)
      .eq('ticket_id', ticket)
    expect(result.error?.code).toBe('42501')
  })

  it('read by the requester, their company admin and staff; not by another customer or anon', async () => {
    const ticket = await acmeTicket('resolved')
    await db.companyMember.from('ticket_ratings').insert(rate(ticket, 3)).throwOnError()
    const readers = {
      companyMember: true,
      companyAdmin: true,
      agent: true,
      providerAdmin: true,
      thabo: false,
    }
    for (const [caller, sees] of Object.entries(readers)) {
      const { data, error } = await db[caller as keyof typeof readers]
        .from('ticket_ratings')
        .select('rating')
        .eq('ticket_id', ticket)
      expect(error, caller).toBeNull()
      expect(data, caller).toEqual(sees ? [{ rating: 3 }] : [])
    }
    expect((await db.anon.from('ticket_ratings').select('rating').eq('ticket_id', ticket)).error?.code).toBe(
      '42501',
    )
  })

  it('anon cannot rate', async () => {
    const ticket = await ticketIn('resolved')
    expect((await db.anon.from('ticket_ratings').insert(rate(ticket))).error?.code).toBe('42501')
  })

  it.each(CALLERS)('%s cannot delete a rating', async (caller) => {
    const ticket = await ticketIn('resolved')
    await db.thabo.from('ticket_ratings').insert(rate(ticket)).throwOnError()
    const result = await db[caller]
      .from('ticket_ratings')
      .delete()
      .eq('ticket_id', ticket)
      .select('ticket_id')
    // No delete grant: refused outright (anon has no grants at all).
    expect(result.error?.code, caller).toBe('42501')
    const [row] = await sql('select 1 from public.ticket_ratings where ticket_id = $1', [ticket])
    expect(row).toBeDefined()
  })
})
