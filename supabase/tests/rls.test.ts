// Row-level security and privileges, table by table, as each kind of caller, through supabase-js
// exactly as the portal uses it (password sign-in against the test stack).
import { adminCompanyIdsQuery, myTicketsQuery, ticketQuery, timelineQuery } from '@siyakha/supabase/queries'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  ACME_CLINIC_ID,
  anonClient,
  type Client,
  DEMO,
  type DemoUser,
  newCustomer,
  SEED_TICKET_IDS,
  SEED_TICKETS,
  type SeedTicketId,
  type SignedInUser,
  serviceClient,
  signInAs,
  sql,
} from './helpers'

type Caller = 'anon' | DemoUser
const SIGNED_IN: DemoUser[] = ['thabo', 'companyMember', 'companyAdmin', 'agent', 'providerAdmin']
const CALLERS: Caller[] = ['anon', ...SIGNED_IN]
const STAFF: DemoUser[] = ['agent', 'providerAdmin']

const users = {} as Record<DemoUser, SignedInUser>
const db = {} as Record<Caller, Client>
let service: Client

const T = (n: string) => `00000000-0000-4000-8000-0000000000${n}` as SeedTicketId

beforeAll(async () => {
  service = serviceClient()
  db.anon = anonClient()
  for (const user of SIGNED_IN) {
    users[user] = await signInAs(user)
    db[user] = users[user].supabase
  }
  // One row in each staff-only table, written as the functions would (service role).
  await sql(`insert into public.support_requests (reference, full_name, contact_number, email, category, description)
             values ('SR-RLS001', 'Nomsa Zulu', '+27 82 555 0199', 'nomsa@example.co.za', 'Email', 'Mailbox full, cannot send.')`)
  await sql(`insert into public.quote_requests (reference, full_name, email, phone, service, message)
             values ('QR-RLS001', 'Pieter van Wyk', 'pieter@example.co.za', '+27 82 555 0198', 'Managed IT', 'Quote for 12 staff.')`)
  await sql(`insert into public.newsletter_subscribers (email) values ('rls-subscriber@example.co.za')`)
  await sql(`insert into public.page_views (namespace, page_key, count) values ('rls-test', '/rls', 7)`)
})

/** Ids of seeded tickets a caller can read. */
async function visibleSeedTickets(caller: Caller): Promise<string[]> {
  const { data, error } = await db[caller].from('tickets').select('id').in('id', SEED_TICKET_IDS)
  if (error) throw error
  return data.map((row) => row.id).sort()
}

const seedTickets = (filter: (t: (typeof SEED_TICKETS)[SeedTicketId]) => boolean) =>
  SEED_TICKET_IDS.filter((id) => filter(SEED_TICKETS[id])).sort()

/** A fresh ticket in the given state, created by `owner` (through SQL, so any state is possible). */
async function ticketIn(
  status: string,
  owner: DemoUser = 'thabo',
  closeReason: string | null = null,
): Promise<string> {
  const [row] = await sql<{ id: string }>(
    `insert into public.tickets (created_by_user_id, summary, status, close_reason)
     values ($1, 'RLS transition test', $2, $3) returning id`,
    [DEMO[owner].id, status, closeReason],
  )
  return (row as { id: string }).id
}

describe('tickets: read', () => {
  it('anon cannot read tickets at all', async () => {
    const result = await db.anon.from('tickets').select('id')
    expect(result.error?.code).toBe('42501')
    expect(result.data).toBeNull()
  })

  it('a customer sees only the tickets they created', async () => {
    expect(await visibleSeedTickets('thabo')).toEqual(seedTickets((t) => t.by === 'thabo'))
  })

  it('a company member sees their own tickets, not colleagues’ company tickets', async () => {
    expect(await visibleSeedTickets('companyMember')).toEqual(seedTickets((t) => t.by === 'companyMember'))
  })

  it("a company admin sees their own and the company's tickets, not a member's private ones", async () => {
    const visible = await visibleSeedTickets('companyAdmin')
    expect(visible).toEqual(seedTickets((t) => t.by === 'companyAdmin' || t.acme))
    expect(visible).not.toContain(T('aa'))
  })

  it.each(STAFF)('%s (staff) sees every ticket', async (caller) => {
    expect(await visibleSeedTickets(caller)).toEqual([...SEED_TICKET_IDS].sort())
  })

  it('a new customer sees nothing, and another customer’s ticket reads as not found', async () => {
    const carol = await newCustomer('rls-c')
    const { data: list } = await myTicketsQuery(carol.supabase, { userId: carol.id, limit: 50 })
    expect(list).toEqual([])
    const { data: ticket } = await ticketQuery(carol.supabase, T('a1'))
    expect(ticket).toBeNull()
  })

  it.each(SIGNED_IN)(
    "%s: the portal's scoped list holds exactly the seeded tickets RLS lets a customer read",
    async (caller) => {
      const { data: companies } = await adminCompanyIdsQuery(db[caller], users[caller].id)
      const adminCompanyIds = companies.map((c) => c.company_id)
      const { data } = await myTicketsQuery(db[caller], {
        userId: users[caller].id,
        adminCompanyIds,
        limit: 1000,
      })
      const listed = data.map((t) => t.id).filter((id) => SEED_TICKET_IDS.includes(id as SeedTicketId))
      // Staff read everything, but their "My Tickets" is what they filed themselves.
      const expected = STAFF.includes(caller)
        ? seedTickets((t) => t.by === caller)
        : await visibleSeedTickets(caller)
      expect(listed.sort()).toEqual(expected)
      if (caller === 'companyAdmin') expect(adminCompanyIds).toEqual([ACME_CLINIC_ID])
    },
  )

  it('the portal list query returns newest first, with the spec columns', async () => {
    const { data } = await myTicketsQuery(db.thabo, { userId: users.thabo.id, limit: 3 })
    expect(data).toHaveLength(3)
    expect(Object.keys(data[0] ?? {}).sort()).toEqual(
      ['created_at', 'id', 'priority', 'status', 'summary', 'tracking_ref'].sort(),
    )
    const times = data.map((t) => Date.parse(t.created_at))
    expect([...times].sort((a, b) => b - a)).toEqual(times)
  })
})

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

describe('roles, companies and memberships: read', () => {
  const rows = async (caller: Caller, table: 'user_roles' | 'companies' | 'company_members') => {
    const { data, error } = await db[caller].from(table).select('*')
    if (error) throw error
    return data as Record<string, unknown>[]
  }

  it('user_roles: nobody but provider admins sees other people’s roles', async () => {
    expect(await rows('anon', 'user_roles')).toEqual([])
    expect(await rows('thabo', 'user_roles')).toEqual([])
    expect(await rows('companyAdmin', 'user_roles')).toEqual([])
    expect((await rows('agent', 'user_roles')).map((r) => r.role)).toEqual(['agent'])
    // Other test files may add staff; the seeded ones must be there.
    const all = await rows('providerAdmin', 'user_roles')
    expect(all).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ user_id: DEMO.providerAdmin.id, role: 'siyakha_admin' }),
        expect.objectContaining({ user_id: DEMO.agent.id, role: 'agent' }),
      ]),
    )
    expect(new Set(all.map((r) => r.user_id)).size).toBeGreaterThan(1)
  })

  it('companies: members and staff see Acme Clinic; others see nothing', async () => {
    expect(await rows('anon', 'companies')).toEqual([])
    expect(await rows('thabo', 'companies')).toEqual([])
    for (const caller of ['companyMember', 'companyAdmin', 'agent', 'providerAdmin'] as const) {
      expect((await rows(caller, 'companies')).map((r) => r.name)).toContain('Acme Clinic')
    }
  })

  it('company_members: own row; company admins their company; staff all', async () => {
    expect(await rows('anon', 'company_members')).toEqual([])
    expect(await rows('thabo', 'company_members')).toEqual([])
    expect((await rows('companyMember', 'company_members')).map((r) => r.user_id)).toEqual([
      DEMO.companyMember.id,
    ])
    const acme = (r: Record<string, unknown>) => r.company_id === ACME_CLINIC_ID
    expect((await rows('companyAdmin', 'company_members')).filter(acme)).toHaveLength(2)
    expect((await rows('agent', 'company_members')).filter(acme)).toHaveLength(2)
    expect((await rows('providerAdmin', 'company_members')).filter(acme)).toHaveLength(2)
  })
})

describe('nobody grants themselves a role or joins a company', () => {
  it.each(CALLERS)('%s cannot insert, update or delete user_roles', async (caller) => {
    const me = caller === 'anon' ? DEMO.thabo.id : DEMO[caller].id
    const insert = await db[caller].from('user_roles').insert({ user_id: me, role: 'siyakha_admin' })
    expect(insert.error?.code).toBe('42501')
    const update = await db[caller]
      .from('user_roles')
      .update({ role: 'siyakha_admin' })
      .eq('user_id', DEMO.agent.id)
    expect(update.error?.code).toBe('42501')
    const remove = await db[caller].from('user_roles').delete().eq('user_id', DEMO.agent.id)
    expect(remove.error?.code).toBe('42501')
  })

  it.each(CALLERS)('%s cannot insert, update or delete companies', async (caller) => {
    const insert = await db[caller].from('companies').insert({ name: `Shadow Co ${caller}` })
    expect(insert.error?.code).toBe('42501')
    const update = await db[caller].from('companies').update({ name: 'Renamed' }).eq('id', ACME_CLINIC_ID)
    expect(update.error?.code).toBe('42501')
    const remove = await db[caller].from('companies').delete().eq('id', ACME_CLINIC_ID)
    expect(remove.error?.code).toBe('42501')
  })

  it.each(CALLERS)('%s cannot insert, update or delete company_members', async (caller) => {
    const insert = await db[caller]
      .from('company_members')
      .insert({ company_id: ACME_CLINIC_ID, user_id: DEMO.thabo.id, role: 'company_admin' })
    expect(insert.error?.code).toBe('42501')
    const update = await db[caller]
      .from('company_members')
      .update({ role: 'company_admin' })
      .eq('user_id', DEMO.companyMember.id)
    expect(update.error?.code).toBe('42501')
    const remove = await db[caller].from('company_members').delete().eq('user_id', DEMO.companyMember.id)
    expect(remove.error?.code).toBe('42501')
  })

  it('the rows are untouched and the service role can still manage them', async () => {
    const roles = await sql(
      'select user_id, role from public.user_roles where user_id = any($1) order by role',
      [[DEMO.providerAdmin.id, DEMO.agent.id, DEMO.thabo.id, DEMO.companyAdmin.id, DEMO.companyMember.id]],
    )
    expect(roles).toEqual([
      { user_id: DEMO.providerAdmin.id, role: 'siyakha_admin' },
      { user_id: DEMO.agent.id, role: 'agent' },
    ])
    const members = await sql('select user_id, role from public.company_members where company_id = $1', [
      ACME_CLINIC_ID,
    ])
    expect(members).toHaveLength(2)
    const carol = await newCustomer('rls-role')
    const granted = await service.from('user_roles').insert({ user_id: carol.id, role: 'agent' }).select()
    expect(granted.error).toBeNull()
    await sql('delete from public.user_roles where user_id = $1', [carol.id])
  })
})

describe('tickets: insert', () => {
  it('anon cannot create a ticket', async () => {
    const result = await db.anon
      .from('tickets')
      .insert({ summary: 'Anonymous ticket', created_by_user_id: DEMO.thabo.id })
    expect(result.error?.code).toBe('42501')
  })

  it('a customer creates a ticket as themselves with the defaults', async () => {
    const { data, error } = await db.thabo
      .from('tickets')
      .insert({ summary: 'Mouse not working' })
      .select('created_by_user_id, channel, priority, status, tracking_ref, company_id, close_reason')
      .single()
    expect(error).toBeNull()
    expect(data).toMatchObject({
      created_by_user_id: DEMO.thabo.id,
      channel: 'portal',
      priority: 'normal',
      status: 'new',
      company_id: null,
      close_reason: null,
    })
    expect(data?.tracking_ref).toMatch(/^TCK-[A-Z0-9]{6}$/)
  })

  it('a customer cannot create a ticket for someone else', async () => {
    const result = await db.thabo
      .from('tickets')
      .insert({ summary: 'Not mine', created_by_user_id: DEMO.companyMember.id })
    expect(result.error?.code).toBe('42501')
  })

  it('a customer cannot file a ticket under a company they do not belong to', async () => {
    const result = await db.thabo.from('tickets').insert({ summary: 'Sneaky', company_id: ACME_CLINIC_ID })
    expect(result.error?.code).toBe('42501')
  })

  it('a company member can file under their company, and the company admin then sees it', async () => {
    const { data, error } = await db.companyMember
      .from('tickets')
      .insert({ summary: 'Label printer jammed', company_id: ACME_CLINIC_ID })
      .select('id')
      .single()
    expect(error).toBeNull()
    const { data: seen } = await ticketQuery(db.companyAdmin, data?.id as string)
    expect(seen?.summary).toBe('Label printer jammed')
    const { data: unseen } = await ticketQuery(db.thabo, data?.id as string)
    expect(unseen).toBeNull()
  })

  it.each([
    ['status open', { status: 'open' as const }],
    ['status resolved', { status: 'resolved' as const }],
    ['a close reason', { status: 'closed' as const, close_reason: 'confirmed' as const }],
    ['an assignee', { assigned_to: DEMO.agent.id }],
    ['a first response time', { first_response_at: new Date().toISOString() }],
  ])('a customer cannot create a ticket with %s', async (_label, extra) => {
    const result = await db.thabo.from('tickets').insert({ summary: 'Skip the queue', ...extra })
    expect(result.error?.code).toBe('42501')
  })

  it('staff can log a ticket for a customer in any state', async () => {
    const { data, error } = await db.agent
      .from('tickets')
      .insert({
        summary: 'Phoned in: VPN down',
        created_by_user_id: DEMO.thabo.id,
        channel: 'web',
        status: 'open',
        priority: 'high',
      })
      .select('id, status, created_by_user_id')
      .single()
    expect(error).toBeNull()
    expect(data).toMatchObject({ status: 'open', created_by_user_id: DEMO.thabo.id })
  })

  it('tracking references are unique and well-formed', async () => {
    const refs = await sql<{ tracking_ref: string }>('select tracking_ref from public.tickets')
    expect(refs.length).toBeGreaterThan(10)
    for (const { tracking_ref } of refs) expect(tracking_ref).toMatch(/^TCK-[A-Z0-9]{6}$/)
    expect(new Set(refs.map((r) => r.tracking_ref)).size).toBe(refs.length)
    await expect(
      sql(
        `insert into public.tickets (created_by_user_id, summary, tracking_ref) values ($1, 'Dup', 'TCK-7Q4M2A')`,
        [DEMO.thabo.id],
      ),
    ).rejects.toMatchObject({ code: '23505' })
    await expect(
      sql(
        `insert into public.tickets (created_by_user_id, summary, tracking_ref) values ($1, 'Bad', 'TCK-abc123')`,
        [DEMO.thabo.id],
      ),
    ).rejects.toMatchObject({ code: '23514' })
  })

  it('generated references come from the database even when many are created at once', async () => {
    const rows = await sql<{ tracking_ref: string }>(
      `insert into public.tickets (created_by_user_id, summary)
       select $1, 'Bulk ' || g from generate_series(1, 500) g returning tracking_ref`,
      [DEMO.thabo.id],
    )
    expect(new Set(rows.map((r) => r.tracking_ref)).size).toBe(500)
    await sql(`delete from public.tickets where summary like 'Bulk %'`)
  })
})

describe('tickets: update and status transitions', () => {
  const move = (caller: Caller, id: string, patch: Record<string, unknown>) =>
    db[caller]
      .from('tickets')
      .update(patch as never)
      .eq('id', id)
      .select('status, close_reason, first_response_at')

  it('a customer can edit the wording of their own ticket', async () => {
    const id = await ticketIn('new')
    const { data, error } = await db.thabo
      .from('tickets')
      .update({ details: 'It is the one by the window.' })
      .eq('id', id)
      .select('details')
    expect(error).toBeNull()
    expect(data).toEqual([{ details: 'It is the one by the window.' }])
  })

  it('a customer cannot touch someone else’s ticket (no rows match)', async () => {
    const id = await ticketIn('new', 'companyMember')
    const { data, error } = await move('thabo', id, { summary: 'Hijacked' })
    expect(error).toBeNull()
    expect(data).toEqual([])
    const [row] = await sql('select summary from public.tickets where id = $1', [id])
    expect(row?.summary).toBe('RLS transition test')
  })

  it('a company admin reads but cannot change a member’s company ticket', async () => {
    const { data } = await move('companyAdmin', T('a9'), { summary: 'Changed by the owner' })
    expect(data).toEqual([])
  })

  it('anon cannot update tickets', async () => {
    const result = await move('anon', T('a3'), { summary: 'x' })
    expect(result.error?.code).toBe('42501')
  })

  it.each([
    ['new', 'open', null],
    ['new', 'resolved', null],
    ['new', 'waiting_on_customer', null],
    ['new', 'on_hold', null],
    ['new', 'closed', 'confirmed'],
    ['open', 'resolved', null],
    ['open', 'closed', 'cancelled'],
    ['on_hold', 'open', null],
    ['waiting_on_customer', 'resolved', null],
    ['closed', 'open', null],
  ])('a customer cannot move their ticket from %s to %s', async (from, to, reason) => {
    const id = await ticketIn(from, 'thabo', from === 'closed' ? 'cancelled' : null)
    const result = await move('thabo', id, { status: to, close_reason: reason })
    expect(result.error?.code).toBe('42501')
    const [row] = await sql('select status from public.tickets where id = $1', [id])
    expect(row?.status).toBe(from)
  })

  it.each([
    ['new', 'closed', 'cancelled', 'cancel a ticket nobody has picked up'],
    ['resolved', 'closed', 'confirmed', 'confirm a resolution'],
    ['resolved', 'open', null, 'reopen a resolved ticket'],
    ['waiting_on_customer', 'open', null, 'answer a question'],
  ])('a customer may move %s to %s (%s, %s)', async (from, to, reason, _why) => {
    const id = await ticketIn(from)
    const { data, error } = await move('thabo', id, { status: to, close_reason: reason })
    expect(error).toBeNull()
    expect(data).toEqual([expect.objectContaining({ status: to, close_reason: reason })])
  })

  it('a customer cannot relabel the close reason of a closed ticket', async () => {
    const id = await ticketIn('closed', 'thabo', 'spam')
    const result = await move('thabo', id, { close_reason: 'confirmed' })
    expect(result.error?.code).toBe('42501')
  })

  it.each([
    ['priority', { priority: 'urgent' }],
    ['assignee', { assigned_to: DEMO.agent.id }],
    ['company', { company_id: ACME_CLINIC_ID }],
    ['channel', { channel: 'whatsapp' }],
    ['tracking reference', { tracking_ref: 'TCK-AAAAAA' }],
    ['creator', { created_by_user_id: DEMO.companyMember.id }],
    ['first response time', { first_response_at: new Date().toISOString() }],
  ])('a customer cannot change the %s', async (_label, patch) => {
    const id = await ticketIn('open')
    const result = await move('thabo', id, patch)
    expect(result.error?.code).toBe('42501')
  })

  it.each(STAFF)('%s can run the whole workflow; picking up stamps the first response', async (caller) => {
    const id = await ticketIn('new')
    const picked = await move(caller, id, { status: 'open', assigned_to: DEMO.agent.id, priority: 'high' })
    expect(picked.error).toBeNull()
    expect(picked.data?.[0]?.first_response_at).toBeTruthy()
    for (const [status, close_reason] of [
      ['waiting_on_customer', null],
      ['on_hold', null],
      ['resolved', null],
      ['closed', 'duplicate'],
      ['open', null],
    ] as const) {
      const step = await move(caller, id, { status, close_reason })
      expect(step.error).toBeNull()
      expect(step.data).toEqual([expect.objectContaining({ status, close_reason })])
    }
  })

  it('staff cannot change a ticket’s identity either', async () => {
    const id = await ticketIn('open')
    const result = await move('agent', id, { tracking_ref: 'TCK-ZZZZZZ' })
    expect(result.error?.code).toBe('42501')
  })

  it('closed requires a reason and only closed has one', async () => {
    const id = await ticketIn('open')
    expect((await move('agent', id, { status: 'closed' })).error?.code).toBe('23514')
    expect((await move('agent', id, { close_reason: 'spam' })).error?.code).toBe('23514')
  })
})

describe('tickets: delete', () => {
  it.each(['thabo', 'companyMember', 'companyAdmin', 'agent'] as const)(
    '%s cannot delete a ticket (no rows match)',
    async (caller) => {
      const id = await ticketIn('new', caller)
      const { data, error } = await db[caller].from('tickets').delete().eq('id', id).select('id')
      expect(error).toBeNull()
      expect(data).toEqual([])
      expect(await sql('select 1 from public.tickets where id = $1', [id])).toHaveLength(1)
    },
  )

  it('anon cannot delete tickets', async () => {
    const result = await db.anon.from('tickets').delete().eq('id', T('a3'))
    expect(result.error?.code).toBe('42501')
  })

  it('a provider admin can delete a ticket', async () => {
    const id = await ticketIn('new')
    const { data, error } = await db.providerAdmin.from('tickets').delete().eq('id', id).select('id')
    expect(error).toBeNull()
    expect(data).toEqual([{ id }])
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

describe('user_emails: the staff directory', () => {
  const ids = () => [DEMO.thabo.id, DEMO.companyAdmin.id]

  it('anon may not call it', async () => {
    const result = await db.anon.rpc('user_emails', { user_ids: ids() })
    expect(result.error?.code).toBe('42501')
  })

  it.each(['thabo', 'companyMember', 'companyAdmin'] as const)(
    '%s (not staff) gets no addresses',
    async (caller) => {
      const { data, error } = await db[caller].rpc('user_emails', { user_ids: ids() })
      expect(error).toBeNull()
      expect(data).toEqual([])
    },
  )

  it.each(STAFF)('%s (staff) gets the addresses asked for', async (caller) => {
    const { data, error } = await db[caller].rpc('user_emails', { user_ids: ids() })
    expect(error).toBeNull()
    expect(new Map((data ?? []).map((row) => [row.id, row.email]))).toEqual(
      new Map([
        [DEMO.thabo.id, users.thabo.email],
        [DEMO.companyAdmin.id, users.companyAdmin.email],
      ]),
    )
  })
})

describe('public form tables and counters', () => {
  const FORM_TABLES = ['support_requests', 'quote_requests', 'newsletter_subscribers'] as const

  it.each(FORM_TABLES)('%s: only staff read it', async (table) => {
    for (const caller of CALLERS) {
      const { data, error } = await db[caller].from(table).select('id')
      expect(error).toBeNull()
      if (STAFF.includes(caller as DemoUser)) expect(data?.length).toBeGreaterThan(0)
      else expect(data).toEqual([])
    }
  })

  it.each(FORM_TABLES)('%s: nobody writes it through the API, staff included', async (table) => {
    const rows = {
      support_requests: {
        reference: 'SR-X',
        full_name: 'Mallory',
        contact_number: '0110000000',
        email: 'm@example.com',
        category: 'Email',
        description: 'Trying to write directly.',
      },
      quote_requests: {
        reference: 'QR-X',
        full_name: 'Mallory',
        email: 'm@example.com',
        phone: '0110000000',
        service: 'Managed IT',
        message: 'Trying to write directly.',
      },
      newsletter_subscribers: { email: 'mallory@example.com' },
    }[table]
    for (const caller of CALLERS) {
      const insert = await db[caller].from(table).insert(rows as never)
      expect(insert.error?.code).toBe('42501')
      const update = await db[caller]
        .from(table)
        .update({ email: 'x@example.com' } as never)
        .neq('email', '')
      expect(update.error?.code).toBe('42501')
      const remove = await db[caller].from(table).delete().neq('email', '')
      expect(remove.error?.code).toBe('42501')
    }
    const service_ = await service.from(table).select('id')
    expect(service_.data?.length).toBeGreaterThan(0)
  })

  it('page_views: anyone reads; nobody writes through the API', async () => {
    for (const caller of CALLERS) {
      const { data } = await db[caller].from('page_views').select('count').eq('namespace', 'rls-test')
      expect(data).toEqual([{ count: 7 }])
      const insert = await db[caller]
        .from('page_views')
        .insert({ namespace: 'rls-test', page_key: '/x', count: 1e6 })
      expect(insert.error?.code).toBe('42501')
      const update = await db[caller].from('page_views').update({ count: 1e6 }).eq('namespace', 'rls-test')
      expect(update.error?.code).toBe('42501')
      const remove = await db[caller].from('page_views').delete().eq('namespace', 'rls-test')
      expect(remove.error?.code).toBe('42501')
    }
  })

  it.each(CALLERS)('%s cannot call hit_page_view or rate_limit_hit', async (caller) => {
    const hit = await db[caller].rpc('hit_page_view', { p_namespace: 'rls-test', p_page_key: '/rls' })
    expect(hit.error?.code).toBe('42501')
    const limit = await db[caller].rpc('rate_limit_hit', {
      p_bucket: 'rls',
      p_key: 'k',
      p_window_seconds: 60,
      p_max: 1,
    })
    expect(limit.error?.code).toBe('42501')
  })

  it('the service role calls both', async () => {
    const hit = await service.rpc('hit_page_view', { p_namespace: 'rls-test', p_page_key: '/rls' })
    expect(hit.data).toBe(8)
    const first = await service.rpc('rate_limit_hit', {
      p_bucket: 'rls',
      p_key: 'k',
      p_window_seconds: 60,
      p_max: 1,
    })
    const second = await service.rpc('rate_limit_hit', {
      p_bucket: 'rls',
      p_key: 'k',
      p_window_seconds: 60,
      p_max: 1,
    })
    expect([first.data, second.data]).toEqual([true, false])
  })

  it('the rate-limit table is not reachable through the API', async () => {
    const result = await db.providerAdmin
      .schema('private' as never)
      .from('rate_limits')
      .select('*')
    expect(result.error).not.toBeNull()
  })
})
