// Row-level security of the helpdesk workspace (issue 13, parts 1 and 2): the activity log, canned
// replies, saved views, the staff list and the queue function, as anon, two customers, a company
// admin and staff; and the ticket columns only staff (or only the database) may write.
import { describe, expect, it } from 'vitest'
import { DEMO, sql, versionOf } from '../helpers'
import { CALLERS, db, SIGNED_IN, STAFF, T, ticketIn, useCallers } from './callers'

useCallers()

const isStaff = (caller: string) => STAFF.includes(caller as never)

describe('ticket_events', () => {
  it('staff read the log of any ticket; anon is refused and nobody else reads a row', async () => {
    const ticket = T('a1')
    for (const caller of CALLERS) {
      const { data, error } = await db[caller].from('ticket_events').select('field').eq('ticket_id', ticket)
      if (caller === 'anon') expect(error?.code, caller).toBe('42501')
      else if (isStaff(caller)) expect(data?.length, caller).toBeGreaterThan(0)
      else expect(data, caller).toEqual([])
    }
  })

  it('nobody writes the log through the API, staff included', async () => {
    for (const caller of CALLERS) {
      const insert = await db[caller]
        .from('ticket_events')
        .insert({ ticket_id: T('a1'), actor_name: 'Forged', field: 'status', to_value: 'closed' })
      expect(insert.error?.code, caller).toBe('42501')
      const remove = await db[caller].from('ticket_events').delete().eq('ticket_id', T('a1')).select('id')
      expect(remove.error?.code ?? 'no rows', caller).toMatch(/42501|no rows/)
      expect(remove.data ?? [], caller).toEqual([])
    }
  })
})

describe('canned_replies', () => {
  it('staff read them; anon is refused and customers read none', async () => {
    for (const caller of CALLERS) {
      const { data, error } = await db[caller].from('canned_replies').select('title')
      if (caller === 'anon') expect(error?.code, caller).toBe('42501')
      else if (isStaff(caller)) expect(data?.length, caller).toBeGreaterThanOrEqual(3)
      else expect(data, caller).toEqual([])
    }
  })

  it('staff add their own; customers cannot; only the author or a provider admin removes one', async () => {
    for (const caller of ['thabo', 'companyMember', 'companyAdmin'] as const) {
      const { error } = await db[caller].from('canned_replies').insert({ title: `By ${caller}`, body: 'x' })
      expect(error?.code, caller).toBe('42501')
    }
    const title = `Agent's reply ${Date.now()}`
    const { data: added } = await db.agent
      .from('canned_replies')
      .insert({ title, body: 'Hello {{requester_name}}' })
      .select('id, created_by')
      .single()
      .throwOnError()
    expect(added.created_by).toBe(DEMO.agent.id)
    // Pretending to be someone else is refused (created_by is not writable at all).
    const forged = await db.agent
      .from('canned_replies')
      .insert({ title: `${title} forged`, body: 'x', created_by: DEMO.providerAdmin.id } as never)
    expect(forged.error?.code).toBe('42501')
    // Another customer or the company admin cannot remove it; the provider admin can.
    for (const caller of ['thabo', 'companyAdmin'] as const) {
      const { data } = await db[caller].from('canned_replies').delete().eq('id', added.id).select('id')
      expect(data ?? [], caller).toEqual([])
    }
    const { data: removed } = await db.providerAdmin
      .from('canned_replies')
      .delete()
      .eq('id', added.id)
      .select('id')
      .throwOnError()
    expect(removed).toEqual([{ id: added.id }])
  })

  it("an agent cannot remove or rewrite another agent's reply", async () => {
    const [seeded] = await sql<{ id: string }>(
      `select id from public.canned_replies where created_by = $1 limit 1`,
      [DEMO.providerAdmin.id],
    )
    const id = seeded?.id as string
    const { data: changed } = await db.agent
      .from('canned_replies')
      .update({ body: 'changed' })
      .eq('id', id)
      .select('id')
    expect(changed ?? []).toEqual([])
    const { data: removed } = await db.agent.from('canned_replies').delete().eq('id', id).select('id')
    expect(removed ?? []).toEqual([])
  })
})

describe('saved_views', () => {
  it('each agent reads and removes only their own; customers keep none', async () => {
    const { data: mine } = await db.agent
      .from('saved_views')
      .insert({ name: `Urgent ${Date.now()}`, query: 'priority=urgent' })
      .select('id, user_id')
      .single()
      .throwOnError()
    expect(mine.user_id).toBe(DEMO.agent.id)
    const { data: adminSees } = await db.providerAdmin.from('saved_views').select('id').eq('id', mine.id)
    expect(adminSees).toEqual([])
    const { data: adminRemoves } = await db.providerAdmin
      .from('saved_views')
      .delete()
      .eq('id', mine.id)
      .select('id')
    expect(adminRemoves ?? []).toEqual([])
    for (const caller of ['thabo', 'companyMember', 'companyAdmin'] as const) {
      const { error } = await db[caller].from('saved_views').insert({ name: 'Mine', query: '' })
      expect(error?.code, caller).toBe('42501')
      const { data } = await db[caller].from('saved_views').select('id')
      expect(data, caller).toEqual([])
    }
    const anon = await db.anon.from('saved_views').select('id')
    expect(anon.error?.code).toBe('42501')
    const { data: removed } = await db.agent
      .from('saved_views')
      .delete()
      .eq('id', mine.id)
      .select('id')
      .throwOnError()
    expect(removed).toEqual([{ id: mine.id }])
  })
})

describe('staff_members and helpdesk_queue', () => {
  it('staff get the staff list; customers get nobody; anon may not ask', async () => {
    for (const caller of CALLERS) {
      const { data, error } = await db[caller].rpc('staff_members')
      if (caller === 'anon') expect(error?.code, caller).toBe('42501')
      else if (isStaff(caller)) {
        // Other test files add staff of their own meanwhile: every listed person holds a role.
        const staffIds = (await sql<{ user_id: string }>('select user_id from public.user_roles')).map(
          (row) => row.user_id,
        )
        expect(staffIds, caller).toEqual(expect.arrayContaining(data?.map((person) => person.id) ?? ['none']))
        expect(
          data?.map((person) => person.id),
          caller,
        ).toEqual(expect.arrayContaining([DEMO.providerAdmin.id, DEMO.agent.id]))
      } else expect(data, caller).toEqual([])
    }
  })

  it('the queue is for staff: customers and company admins are refused, anon may not call it', async () => {
    for (const caller of CALLERS) {
      const { data, error } = await db[caller].rpc('helpdesk_queue', { p_status: 'all' })
      if (isStaff(caller)) expect(data?.length, caller).toBeGreaterThan(0)
      else expect(error?.code, caller).toBe('42501')
    }
  })
})

describe('staff-only and database-only ticket columns', () => {
  it('a customer cannot tag their own ticket; staff can', async () => {
    const ticket = await ticketIn('new', 'thabo')
    const { data: refused, error } = await db.thabo
      .from('tickets')
      .update({ tags: ['vip'] })
      .eq('id', ticket)
      .select('tags')
    expect(error?.code ?? 'no rows').toBe('42501')
    expect(refused ?? []).toEqual([])
    const { data } = await db.agent
      .from('tickets')
      .update({ tags: ['vip', 'printer'], expected_version: await versionOf(ticket) })
      .eq('id', ticket)
      .select('tags')
      .single()
      .throwOnError()
    expect(data.tags).toEqual(['vip', 'printer'])
  })

  it('nobody writes the copied names, the activity time or the SLA due time', async () => {
    const ticket = await ticketIn('new', 'thabo')
    for (const caller of SIGNED_IN) {
      for (const changes of [
        { company_name: 'Forged' },
        { assignee_name: 'Forged' },
        { last_activity_at: '2030-01-01T00:00:00Z' },
        { sla_due_at: '2030-01-01T00:00:00Z' },
      ]) {
        const { error } = await db[caller]
          .from('tickets')
          .update(changes as never)
          .eq('id', ticket)
        expect(error?.code, `${caller} ${Object.keys(changes)[0]}`).toMatch(/42501|428C9/)
      }
    }
  })

  it('a ticket is assigned to staff only, by anyone who may assign', async () => {
    const ticket = await ticketIn('new', 'thabo')
    const version = await versionOf(ticket)
    const toCustomer = await db.agent
      .from('tickets')
      .update({ assigned_to: DEMO.thabo.id, expected_version: version })
      .eq('id', ticket)
    expect(toCustomer.error?.code).toBe('23514')
    const { data } = await db.agent
      .from('tickets')
      .update({ assigned_to: DEMO.providerAdmin.id, expected_version: version })
      .eq('id', ticket)
      .select('assigned_to, assignee_name')
      .single()
      .throwOnError()
    expect(data).toEqual({ assigned_to: DEMO.providerAdmin.id, assignee_name: 'Naledi Mokoena' })
  })
})
