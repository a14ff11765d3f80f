// Which columns each kind of caller may write, and with which values: the database fills in what
// is its own (references, timestamps, versions, the first-response stamp) and refuses with 42501
// when a client sends those, or sends a staff-only value (priority, channel, status, assignee,
// delivery status) it may not choose. As anon, two customers, a company admin and staff.
import { beforeAll, describe, expect, it } from 'vitest'
import { ACME_CLINIC_ID, anonClient, type Client, DEMO, type DemoUser, signInAs, sql } from './helpers'

type Caller = 'anon' | DemoUser
/** Two customers (one without a company, one a member), a company admin. */
const CUSTOMERS = ['thabo', 'companyMember', 'companyAdmin'] as const
const db = {} as Record<Caller, Client>

/**
 * A fresh ticket each customer may write messages on (seeded tickets stay as the other suites
 * expect them): their own, and for the company admin a member's ticket filed under the company.
 */
const OWN_TICKET = {} as Record<(typeof CUSTOMERS)[number], string>
let staffTicket: string

const FUTURE = '2099-01-01T00:00:00Z'
const PAST = '2001-01-01T00:00:00Z'

beforeAll(async () => {
  db.anon = anonClient()
  for (const user of [...CUSTOMERS, 'agent'] as const) db[user] = (await signInAs(user)).supabase
  const ticket = async (owner: DemoUser, company: string | null) => {
    const [row] = await sql<{ id: string }>(
      `insert into public.tickets (created_by_user_id, company_id, summary, status)
       values ($1, $2, 'Column rules: timeline', 'open') returning id`,
      [DEMO[owner].id, company],
    )
    return row?.id as string
  }
  OWN_TICKET.thabo = await ticket('thabo', null)
  OWN_TICKET.companyMember = await ticket('companyMember', null)
  OWN_TICKET.companyAdmin = await ticket('companyMember', ACME_CLINIC_ID)
  staffTicket = await ticket('thabo', null)
})

const secondsFromNow = (iso: string) => Math.abs(Date.parse(iso) - Date.now()) / 1000

describe('tickets: what a customer may send on insert', () => {
  it.each([
    ['priority urgent', { priority: 'urgent' }],
    ['priority low', { priority: 'low' }],
    ['channel whatsapp', { channel: 'whatsapp' }],
    ['channel email', { channel: 'email' }],
    ['a tracking reference', { tracking_ref: 'TCK-AAAAAA' }],
    ['created_at in 2099', { created_at: FUTURE }],
    ['updated_at in the past', { updated_at: PAST }],
    ['a first response time', { first_response_at: PAST }],
    ['a version', { version: 42 }],
    ['its own id', { id: '00000000-0000-4000-8000-00000000beef' }],
  ])('refuses %s', async (_label, extra) => {
    for (const caller of CUSTOMERS) {
      const summary = `Column rules ${caller} ${_label}`
      const result = await db[caller]
        .from('tickets')
        .insert({ summary, ...extra } as never)
        .select('id')
      expect([caller, result.error?.code]).toEqual([caller, '42501'])
      const rows = await sql('select 1 from public.tickets where summary = $1', [summary])
      expect(rows).toEqual([])
    }
  })

  it('fills in the defaults for a plain ticket, also when the client spells them out', async () => {
    for (const caller of CUSTOMERS) {
      for (const sent of [{}, { priority: 'normal', channel: 'portal', status: 'new' }]) {
        const { data, error } = await db[caller]
          .from('tickets')
          .insert({ summary: `Defaults for ${caller}`, ...sent } as never)
          .select(
            'priority, channel, status, created_at, updated_at, tracking_ref, version, first_response_at',
          )
          .single()
        expect(error).toBeNull()
        expect(data).toMatchObject({
          priority: 'normal',
          channel: 'portal',
          status: 'new',
          version: 1,
          first_response_at: null,
        })
        expect(secondsFromNow(data?.created_at as string)).toBeLessThan(60)
        expect(data?.tracking_ref).toMatch(/^TCK-[A-Z0-9]{6}$/)
      }
    }
  })

  it('a company member files under their company with the defaults', async () => {
    const { data, error } = await db.companyMember
      .from('tickets')
      .insert({ summary: 'Column rules: company ticket', company_id: ACME_CLINIC_ID })
      .select('priority, channel')
      .single()
    expect(error).toBeNull()
    expect(data).toEqual({ priority: 'normal', channel: 'portal' })
  })

  it('anon cannot insert at all', async () => {
    const result = await db.anon.from('tickets').insert({ summary: 'Anon', priority: 'urgent' } as never)
    expect(result.error?.code).toBe('42501')
  })
})

describe('tickets: what staff may send on insert', () => {
  it('staff log a phoned-in ticket with its channel and priority', async () => {
    const { data, error } = await db.agent
      .from('tickets')
      .insert({
        summary: 'Column rules: phoned in',
        created_by_user_id: DEMO.thabo.id,
        channel: 'email',
        priority: 'urgent',
      })
      .select('channel, priority, version')
      .single()
    expect(error).toBeNull()
    expect(data).toEqual({ channel: 'email', priority: 'urgent', version: 1 })
  })

  it.each([
    ['created_at', { created_at: FUTURE }],
    ['updated_at', { updated_at: PAST }],
    ['tracking_ref', { tracking_ref: 'TCK-BBBBBB' }],
    ['first_response_at', { first_response_at: PAST }],
  ])('staff cannot set %s either: the database keeps those', async (_label, extra) => {
    const result = await db.agent
      .from('tickets')
      .insert({ summary: 'Column rules: backdated', created_by_user_id: DEMO.thabo.id, ...extra } as never)
    expect(result.error?.code).toBe('42501')
  })
})

describe('tickets: timestamps on update', () => {
  it.each([
    ['thabo', 'updated_at'],
    ['thabo', 'created_at'],
    ['agent', 'updated_at'],
    ['agent', 'first_response_at'],
  ] as const)('%s cannot write %s', async (caller, column) => {
    const [row] = await sql<{ id: string; updated_at: Date }>(
      `insert into public.tickets (created_by_user_id, summary) values ($1, 'Column rules: update') returning id, updated_at`,
      [DEMO.thabo.id],
    )
    const result = await db[caller]
      .from('tickets')
      .update({ [column]: FUTURE } as never)
      .eq('id', row?.id as string)
      .select('id')
    expect(result.error?.code).toBe('42501')
    const [after] = await sql<{ updated_at: Date; created_at: Date; version: number }>(
      'select updated_at, created_at, version from public.tickets where id = $1',
      [row?.id],
    )
    expect(after?.updated_at.getFullYear()).toBeLessThan(2099)
    expect(after?.created_at.getFullYear()).toBeLessThan(2099)
    expect(after?.version).toBe(1)
  })
})

describe('ticket_messages: what a customer may send', () => {
  const reply = (ticketId: string, extra: Record<string, unknown> = {}) => ({
    ticket_id: ticketId,
    direction: 'inbound',
    channel: 'portal',
    body: `Column rules reply ${Math.random()}`,
    ...extra,
  })
  const intent = (ticketId: string, extra: Record<string, unknown> = {}) =>
    reply(ticketId, { direction: 'outbound', channel: 'whatsapp', to_from: '+27820000000', ...extra })

  it.each([
    ['a reply marked read', (id: string) => reply(id, { status: 'read' })],
    ['a reply marked delivered', (id: string) => reply(id, { status: 'delivered' })],
    ['a reply marked sent', (id: string) => reply(id, { status: 'sent' })],
    ['a reply marked failed', (id: string) => reply(id, { status: 'failed' })],
    ['a reply dated in the past', (id: string) => reply(id, { created_at: PAST })],
    ['a reply dated in the future', (id: string) => reply(id, { created_at: FUTURE })],
    ['a reply with its own id', (id: string) => reply(id, { id: '00000000-0000-4000-8000-00000000f00d' })],
    ['a reply with delivery metadata', (id: string) => reply(id, { metadata: { marked_sent_at: PAST } })],
    ['a WhatsApp intent marked sent', (id: string) => intent(id, { status: 'sent' })],
    ['a WhatsApp intent dated in the past', (id: string) => intent(id, { created_at: PAST })],
    [
      'a WhatsApp intent with extra metadata',
      (id: string) => intent(id, { metadata: { tracking_ref: 'TCK-7Q4M2A', read_at: PAST } }),
    ],
  ])('refuses %s', async (_label, build) => {
    for (const caller of CUSTOMERS) {
      const row = build(OWN_TICKET[caller])
      const result = await db[caller]
        .from('ticket_messages')
        .insert(row as never)
        .select('id')
      expect([caller, result.error?.code]).toEqual([caller, '42501'])
      expect(await sql('select 1 from public.ticket_messages where body = $1', [row.body])).toEqual([])
    }
  })

  it('a reply and a WhatsApp intent get the database’s status and time', async () => {
    for (const caller of CUSTOMERS) {
      for (const row of [
        reply(OWN_TICKET[caller]),
        reply(OWN_TICKET[caller], { status: 'queued' }),
        intent(OWN_TICKET[caller], { status: 'queued', metadata: { tracking_ref: 'TCK-7Q4M2A' } }),
      ]) {
        const { data, error } = await db[caller]
          .from('ticket_messages')
          .insert(row as never)
          .select('status, created_at, created_by')
          .single()
        expect([caller, error]).toEqual([caller, null])
        expect(data?.status).toBe('queued')
        expect(data?.created_by).toBe(DEMO[caller].id)
        expect(secondsFromNow(data?.created_at as string)).toBeLessThan(60)
      }
    }
  })

  it('anon writes no messages', async () => {
    const result = await db.anon.from('ticket_messages').insert(reply(OWN_TICKET.thabo) as never)
    expect(result.error?.code).toBe('42501')
  })
})

describe('ticket_messages: what staff may send', () => {
  it('staff record a reply as sent', async () => {
    const { data, error } = await db.agent
      .from('ticket_messages')
      .insert({
        ticket_id: staffTicket,
        direction: 'outbound',
        channel: 'portal',
        body: 'Column rules: staff',
        status: 'sent',
      })
      .select('status')
      .single()
    expect(error).toBeNull()
    expect(data).toEqual({ status: 'sent' })
  })

  it('staff cannot backdate a message', async () => {
    const result = await db.agent.from('ticket_messages').insert({
      ticket_id: staffTicket,
      direction: 'internal',
      channel: 'portal',
      body: 'Column rules: backdated note',
      created_at: PAST,
    } as never)
    expect(result.error?.code).toBe('42501')
  })

  it('nobody rewrites a message’s time through the API', async () => {
    const [row] = await sql<{ id: string }>(
      `insert into public.ticket_messages (ticket_id, direction, channel, body, status)
       values ($1, 'outbound', 'portal', 'Column rules: dated', 'sent') returning id`,
      [staffTicket],
    )
    const result = await db.agent
      .from('ticket_messages')
      .update({ created_at: PAST } as never)
      .eq('id', row?.id as string)
    expect(result.error?.code).toBe('42501')
  })
})
