// Row-level security of contracts, their SLA targets, retainer alerts and the statement functions
// (issue 46, part 2): staff read everything and provider admins write contracts; a company admin
// gets their own company's billable statement only (no notes, no non-billable figures); customers,
// members and anon get nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACME_CLINIC_ID, DEMO, sql, withPg } from '../helpers'
import { CALLERS, type Caller, db, STAFF, T, useCallers } from './callers'

useCallers()

const MONTH = '2020-03-01'
const fixture = { acmeContract: '', otherCompany: '', otherContract: '', otherTicket: '' }

beforeAll(async () => {
  await withPg(async (db) => {
    await db.query('begin')
    await db.query(`set local siyakha.notifications = 'off'`)
    const one = async (text: string, params: unknown[]) =>
      (await db.query<{ id: string }>(text, params)).rows[0]?.id as string
    fixture.acmeContract = await one(
      `insert into public.contracts (company_id, name, kind, starts_on, ends_on, hours_per_month, hourly_rate_cents)
       values ($1, 'RLS Acme 2020', 'retainer', '2020-01-01', '2020-12-31', 10, 95000) returning id`,
      [ACME_CLINIC_ID],
    )
    await db.query(
      `insert into public.contract_sla_targets (contract_id, priority, first_response_minutes, resolution_minutes)
       values ($1, 'urgent', 15, 240)`,
      [fixture.acmeContract],
    )
    fixture.otherCompany = await one(
      `insert into public.companies (name) values ('RLS Other Co') returning id`,
      [],
    )
    fixture.otherContract = await one(
      `insert into public.contracts (company_id, name, kind, starts_on, hourly_rate_cents)
       values ($1, 'RLS Other 2020', 'pay_as_you_go', '2020-01-01', 50000) returning id`,
      [fixture.otherCompany],
    )
    fixture.otherTicket = await one(
      `insert into public.tickets (created_by_user_id, company_id, summary) values ($1, $2, 'RLS other ticket') returning id`,
      [DEMO.thabo.id, fixture.otherCompany],
    )
    for (const [ticket, minutes, billable, note] of [
      [T('a5'), 120, true, 'Internal: swapped the switch'],
      [T('a8'), 30, false, 'Internal: goodwill'],
      [fixture.otherTicket, 60, true, 'Other company work'],
    ] as const) {
      await db.query(
        `insert into public.time_entries (ticket_id, agent_id, agent_name, work_date, minutes, billable, note)
         values ($1, $2, 'Agent', '2020-03-10', $3, $4, $5)`,
        [ticket, DEMO.agent.id, minutes, billable, note],
      )
    }
    await db.query(
      `insert into public.retainer_alerts (contract_id, company_id, month, threshold, used_minutes, available_minutes)
       values ($1, $2, $3, 80, 500, 600)`,
      [fixture.acmeContract, ACME_CLINIC_ID, MONTH],
    )
    await db.query('commit')
  })
})

afterAll(async () => {
  await sql(`delete from public.time_entries where work_date = '2020-03-10'`)
  await sql('delete from public.contracts where id = any ($1)', [
    [fixture.acmeContract, fixture.otherContract],
  ])
  await sql('delete from public.tickets where id = $1', [fixture.otherTicket])
  await sql('delete from public.companies where id = $1', [fixture.otherCompany])
})

const isStaff = (caller: Caller) => STAFF.includes(caller as never)

describe('contracts and contract_sla_targets', () => {
  it('staff read them; anon is refused; customers, members and company admins read none', async () => {
    for (const caller of CALLERS) {
      const contracts = await db[caller]
        .from('contracts')
        .select('id')
        .in('id', [fixture.acmeContract, fixture.otherContract])
      const targets = await db[caller]
        .from('contract_sla_targets')
        .select('priority')
        .eq('contract_id', fixture.acmeContract)
      if (caller === 'anon') {
        expect(contracts.error?.code, caller).toBe('42501')
        expect(targets.error?.code, caller).toBe('42501')
      } else {
        expect(contracts.data?.length, caller).toBe(isStaff(caller) ? 2 : 0)
        expect(targets.data?.length, caller).toBe(isStaff(caller) ? 1 : 0)
      }
    }
  })

  it('only a provider admin adds, changes and removes a contract', async () => {
    for (const caller of CALLERS.filter((c) => c !== 'providerAdmin')) {
      const insert = await db[caller].from('contracts').insert({
        company_id: fixture.otherCompany,
        name: 'Sneaky',
        kind: 'pay_as_you_go',
        starts_on: '2019-01-01',
        ends_on: '2019-01-31',
        hourly_rate_cents: 1,
      })
      expect(insert.error?.code, caller).toBe('42501')
      const update = await db[caller]
        .from('contracts')
        .update({ hourly_rate_cents: 1 })
        .eq('id', fixture.otherContract)
        .select('id')
      expect(update.data ?? [], caller).toEqual([])
      const remove = await db[caller].from('contracts').delete().eq('id', fixture.otherContract).select('id')
      expect(remove.data ?? [], caller).toEqual([])
      const target = await db[caller].from('contract_sla_targets').insert({
        contract_id: fixture.otherContract,
        priority: 'low',
        first_response_minutes: 1,
        resolution_minutes: 1,
      })
      expect(target.error?.code, caller).toBe('42501')
    }
    const { data: created } = await db.providerAdmin
      .from('contracts')
      .insert({
        company_id: fixture.otherCompany,
        name: 'Admin made',
        kind: 'pay_as_you_go',
        starts_on: '2019-01-01',
        ends_on: '2019-01-31',
        hourly_rate_cents: 1,
      })
      .select('id')
      .single()
      .throwOnError()
    await db.providerAdmin
      .from('contracts')
      .update({ hourly_rate_cents: 2 })
      .eq('id', created.id)
      .throwOnError()
    const { data: removed } = await db.providerAdmin
      .from('contracts')
      .delete()
      .eq('id', created.id)
      .select('id')
      .throwOnError()
    expect(removed).toEqual([{ id: created.id }])
    const logged = await sql<{ action: string; actor_id: string }>(
      `select action, actor_id from public.admin_log where table_name = 'contracts' and row_key = $1 order by id`,
      [created.id],
    )
    expect(logged).toEqual(
      ['insert', 'update', 'delete'].map((action) => ({ action, actor_id: DEMO.providerAdmin.id })),
    )
  })
})

describe('retainer_alerts', () => {
  it('staff read them; anon is refused; everyone else reads none', async () => {
    for (const caller of CALLERS) {
      const { data, error } = await db[caller]
        .from('retainer_alerts')
        .select('threshold')
        .eq('contract_id', fixture.acmeContract)
      if (caller === 'anon') expect(error?.code, caller).toBe('42501')
      else expect(data, caller).toEqual(isStaff(caller) ? [{ threshold: 80 }] : [])
    }
  })
})

describe('statement_summary and statement_lines', () => {
  const summary = (caller: Caller, company: string) =>
    db[caller].rpc('statement_summary', { p_company: company, p_month: MONTH })
  const lines = (caller: Caller, company: string) =>
    db[caller]
      .rpc('statement_lines', { p_company: company, p_month: MONTH })
      .order('billable', { ascending: false })

  it('anon may not call them', async () => {
    expect((await summary('anon', ACME_CLINIC_ID)).error?.code).toBe('42501')
    expect((await lines('anon', ACME_CLINIC_ID)).error?.code).toBe('42501')
  })

  it('a customer and a company member get nothing, not even of their own company', async () => {
    for (const caller of ['thabo', 'companyMember'] as const) {
      for (const company of [ACME_CLINIC_ID, fixture.otherCompany]) {
        expect((await summary(caller, company)).data, caller).toEqual([])
        expect((await lines(caller, company)).data, caller).toEqual([])
      }
    }
  })

  it('the company admin gets their own company’s billable figures, without notes or non-billable time', async () => {
    const own = await summary('companyAdmin', ACME_CLINIC_ID)
    expect(own.data).toEqual([
      expect.objectContaining({
        contract_name: 'RLS Acme 2020',
        billable_hours: 2,
        non_billable_hours: null,
        over_hours: 0,
      }),
    ])
    const ownLines = await lines('companyAdmin', ACME_CLINIC_ID)
    expect(ownLines.data).toEqual([
      expect.objectContaining({ ticket_id: T('a5'), billable: true, minutes: 120, notes: null }),
    ])
    expect((await summary('companyAdmin', fixture.otherCompany)).data).toEqual([])
    expect((await lines('companyAdmin', fixture.otherCompany)).data).toEqual([])
  })

  it.each(['agent', 'providerAdmin'] as const)(
    '%s gets every company’s statement, non-billable time and notes included',
    async (caller) => {
      expect((await summary(caller, ACME_CLINIC_ID)).data).toEqual([
        expect.objectContaining({
          contract_name: 'RLS Acme 2020',
          billable_hours: 2,
          non_billable_hours: 0.5,
        }),
      ])
      expect((await lines(caller, ACME_CLINIC_ID)).data).toEqual([
        expect.objectContaining({
          ticket_id: T('a5'),
          billable: true,
          notes: 'Internal: swapped the switch',
        }),
        expect.objectContaining({ ticket_id: T('a8'), billable: false, notes: 'Internal: goodwill' }),
      ])
      expect((await summary(caller, fixture.otherCompany)).data).toEqual([
        expect.objectContaining({ contract_name: 'RLS Other 2020', billable_hours: 1, amount_cents: 50_000 }),
      ])
    },
  )

  it('customers never read time entries themselves', async () => {
    for (const caller of ['thabo', 'companyMember', 'companyAdmin'] as const) {
      const { data } = await db[caller].from('time_entries').select('id').eq('work_date', '2020-03-10')
      expect(data, caller).toEqual([])
    }
  })
})
