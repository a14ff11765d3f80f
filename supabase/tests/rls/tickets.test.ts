// Row-level security on tickets: who reads, creates, edits, moves and deletes which ticket, as
// each kind of caller.
import { adminCompanyIdsQuery, myTicketsQuery, ticketQuery } from '@siyakha/supabase/queries'
import { describe, expect, it } from 'vitest'
import {
  ACME_CLINIC_ID,
  DEMO,
  type DemoUser,
  newCustomer,
  SEED_TICKET_IDS,
  type SeedTicketId,
  sql,
  versionOf,
} from '../helpers'
import {
  type Caller,
  db,
  SIGNED_IN,
  STAFF,
  seedTickets,
  T,
  ticketIn,
  useCallers,
  users,
  visibleSeedTickets,
} from './callers'

useCallers()

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
  // Staff changes carry the version they are based on (the database refuses them without).
  const move = async (caller: Caller, id: string, patch: Record<string, unknown>) =>
    db[caller]
      .from('tickets')
      .update(
        (STAFF.includes(caller as DemoUser)
          ? { ...patch, expected_version: await versionOf(id) }
          : patch) as never,
      )
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
