// Row-level security of the SLA set-up and canned replies (issue 46, part 3): the business
// calendar, the closed days and the contract SLA plans are read by staff and written by provider
// admins only, through the tables and through the save functions; customers and company admins
// read none of it. Canned replies are the team's (every agent) or an agent's own (nobody else sees
// them, not even a provider admin), and the team's changes are in the admin log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO, newCustomer, type SignedInUser, signIn, sql } from '../helpers'
import { CALLERS, type Caller, db, STAFF, useCallers } from './callers'

useCallers()

const CUSTOMERS = ['thabo', 'companyMember', 'companyAdmin'] as const
const NOT_ADMINS = ['thabo', 'companyMember', 'companyAdmin', 'agent'] as const
const isStaff = (caller: Caller) => STAFF.includes(caller as never)

let contractId: string

beforeAll(async () => {
  const [company] = await sql<{ id: string }>(
    `insert into public.companies (name, created_by) values ('SLA RLS test', $1) returning id`,
    [DEMO.providerAdmin.id],
  )
  const [contract] = await sql<{ id: string }>(
    `insert into public.contracts (company_id, name, kind, starts_on, hourly_rate_cents)
     values ($1, 'SLA RLS plan', 'pay_as_you_go', '2026-01-01', 80000) returning id`,
    [company?.id],
  )
  contractId = contract?.id as string
  await sql(
    `insert into public.contract_sla_targets (contract_id, priority, first_response_minutes, resolution_minutes)
     values ($1, 'urgent', 30, 120)`,
    [contractId],
  )
})

afterAll(async () => {
  await sql(
    `update public.business_calendar set time_zone = 'Africa/Johannesburg', opens_at = '08:00', closes_at = '17:00',
       open_weekdays = '{1,2,3,4,5}', public_holidays = true`,
  )
  await sql("delete from public.closed_days where name like 'RLS test%'")
})

describe('business_calendar', () => {
  it('staff read the one row; anon is refused and customers read nothing', async () => {
    for (const caller of CALLERS) {
      const { data, error } = await db[caller].from('business_calendar').select('time_zone, opens_at')
      if (caller === 'anon') expect(error?.code, caller).toBe('42501')
      else expect(data?.length, caller).toBe(isStaff(caller) ? 1 : 0)
    }
  })

  it('only a provider admin changes it, through the table or save_business_calendar; nobody adds or removes it', async () => {
    for (const caller of NOT_ADMINS) {
      const { data } = await db[caller]
        .from('business_calendar')
        .update({ opens_at: '06:00' })
        .eq('id', true)
        .select('id')
      expect(data ?? [], caller).toEqual([])
      const { error } = await db[caller].rpc('save_business_calendar', {
        p_time_zone: 'Africa/Johannesburg',
        p_opens_at: '06:00',
        p_closes_at: '17:00',
        p_open_weekdays: [1, 2, 3, 4, 5],
        p_public_holidays: true,
      })
      expect(error?.code, caller).toBe('42501')
    }
    const anon = await db.anon.rpc('save_business_calendar', {
      p_time_zone: 'Africa/Johannesburg',
      p_opens_at: '06:00',
      p_closes_at: '17:00',
      p_open_weekdays: [1, 2, 3, 4, 5],
      p_public_holidays: true,
    })
    expect(anon.error?.code).toBe('42501')
    const [row] = await sql<{ opens_at: string }>('select opens_at::text from public.business_calendar')
    expect(row?.opens_at).toBe('08:00:00')

    const { data: changed, error } = await db.providerAdmin
      .from('business_calendar')
      .update({ closes_at: '17:30' })
      .eq('id', true)
      .select('closes_at, updated_by')
    expect(error).toBeNull()
    expect(changed).toEqual([{ closes_at: '17:30:00', updated_by: DEMO.providerAdmin.id }])
    const [logged] = await sql<{
      actor_id: string
      before: { closes_at: string }
      after: { closes_at: string }
    }>(
      `select actor_id, before, after from public.admin_log where table_name = 'business_calendar' order by id desc limit 1`,
    )
    expect(logged).toMatchObject({
      actor_id: DEMO.providerAdmin.id,
      before: { closes_at: '17:00:00' },
      after: { closes_at: '17:30:00' },
    })
    await db.providerAdmin
      .from('business_calendar')
      .update({ closes_at: '17:00' })
      .eq('id', true)
      .throwOnError()

    for (const caller of CALLERS) {
      const insert = await db[caller].from('business_calendar').insert({ time_zone: 'UTC' } as never)
      expect(insert.error?.code, caller).toBe('42501')
      const remove = await db[caller].from('business_calendar').delete().eq('id', true).select('id')
      expect(remove.error?.code ?? 'no rows', caller).toMatch(/42501|no rows/)
      expect(remove.data ?? [], caller).toEqual([])
    }
  })
})

describe('closed_days', () => {
  it('staff read them; only a provider admin adds and removes one, and each change is logged', async () => {
    const { error: added } = await db.providerAdmin.rpc('add_closed_day', {
      p_day: '2031-12-29',
      p_name: 'RLS test shutdown',
    })
    expect(added).toBeNull()
    for (const caller of CALLERS) {
      const { data, error } = await db[caller].from('closed_days').select('day').eq('day', '2031-12-29')
      if (caller === 'anon') expect(error?.code, caller).toBe('42501')
      else expect(data?.length, caller).toBe(isStaff(caller) ? 1 : 0)
    }
    for (const caller of NOT_ADMINS) {
      const insert = await db[caller]
        .from('closed_days')
        .insert({ day: '2031-12-30', name: 'RLS test sneaky' })
      expect(insert.error?.code, caller).toBe('42501')
      const rpc = await db[caller].rpc('add_closed_day', { p_day: '2031-12-30', p_name: 'RLS test sneaky' })
      expect(rpc.error?.code, caller).toBe('42501')
      const remove = await db[caller].rpc('remove_closed_day', { p_day: '2031-12-29' })
      expect(remove.error?.code, caller).toBe('42501')
      const rename = await db[caller]
        .from('closed_days')
        .update({ name: 'RLS test renamed' })
        .eq('day', '2031-12-29')
        .select('day')
      expect(rename.data ?? [], caller).toEqual([])
    }
    expect(
      (await db.anon.rpc('add_closed_day', { p_day: '2031-12-30', p_name: 'RLS test sneaky' })).error?.code,
    ).toBe('42501')
    const { error: removed } = await db.providerAdmin.rpc('remove_closed_day', { p_day: '2031-12-29' })
    expect(removed).toBeNull()
    const log = await sql<{ action: string; actor_id: string }>(
      `select action, actor_id from public.admin_log where table_name = 'closed_days' and row_key = '2031-12-29' order by id`,
    )
    expect(log).toEqual([
      { action: 'insert', actor_id: DEMO.providerAdmin.id },
      { action: 'delete', actor_id: DEMO.providerAdmin.id },
    ])
  })
})

describe('contract_sla_targets and save_sla_targets', () => {
  it('staff read a contract’s plan; customers read none; only a provider admin changes it', async () => {
    for (const caller of CALLERS) {
      const { data, error } = await db[caller]
        .from('contract_sla_targets')
        .select('priority')
        .eq('contract_id', contractId)
      if (caller === 'anon') expect(error?.code, caller).toBe('42501')
      else expect(data?.length, caller).toBe(isStaff(caller) ? 1 : 0)
    }
    const plan = [{ priority: 'high', first_response_minutes: 45, resolution_minutes: 300 }]
    for (const caller of CALLERS.filter((caller) => caller !== 'providerAdmin')) {
      const { error } = await db[caller].rpc('save_sla_targets', { p_contract: contractId, p_targets: plan })
      expect(error?.code, caller).toBe('42501')
      const global = await db[caller].rpc('save_sla_targets', { p_contract: null as never, p_targets: plan })
      expect(global.error?.code, caller).toBe('42501')
      if (caller === 'anon') continue
      const insert = await db[caller].from('contract_sla_targets').insert({
        contract_id: contractId,
        priority: 'low',
        first_response_minutes: 1,
        resolution_minutes: 1,
      })
      expect(insert.error?.code, caller).toBe('42501')
    }
    const { error } = await db.providerAdmin.rpc('save_sla_targets', {
      p_contract: contractId,
      p_targets: plan,
    })
    expect(error).toBeNull()
    const rows = await sql<{ priority: string }>(
      'select priority from public.contract_sla_targets where contract_id = $1',
      [contractId],
    )
    // The plan is what was saved: urgent (not in it) now follows the global targets.
    expect(rows).toEqual([{ priority: 'high' }])
  })
})

describe('public_holidays_of', () => {
  it('answers staff; customers get no rows and anon is refused', async () => {
    for (const caller of CALLERS) {
      const { data, error } = await db[caller].rpc('public_holidays_of', { p_year: 2026 })
      if (caller === 'anon') expect(error?.code, caller).toBe('42501')
      else if (isStaff(caller)) expect(data?.length, caller).toBeGreaterThanOrEqual(12)
      else expect(data ?? [], caller).toEqual([])
    }
  })
})

describe('canned_replies', () => {
  let secondAgent: SignedInUser
  const created: string[] = []

  beforeAll(async () => {
    const person = await newCustomer('second-agent')
    await sql(`insert into public.user_roles (user_id, role) values ($1, 'agent')`, [person.id])
    secondAgent = await signIn(person.email)
  })

  afterAll(async () => {
    await sql('delete from public.canned_replies where id = any($1::uuid[])', [created])
  })

  async function add(who: SignedInUser | Caller, scope: 'team' | 'personal', title: string) {
    const client = typeof who === 'string' ? db[who] : who.supabase
    const result = await client
      .from('canned_replies')
      .insert({ title, body: `${title} body`, scope })
      .select('id')
      .single()
    if (result.data) created.push(result.data.id)
    return result
  }

  it('a personal reply is its author’s alone; a team reply every staff member’s; customers see none', async () => {
    const personal = await add('agent', 'personal', 'RLS test my own words')
    const team = await add('agent', 'team', 'RLS test our words')
    expect(personal.error).toBeNull()
    expect(team.error).toBeNull()
    const ids = [personal.data?.id, team.data?.id] as string[]
    for (const caller of CALLERS) {
      const { data, error } = await db[caller].from('canned_replies').select('id').in('id', ids)
      if (caller === 'anon') expect(error?.code, caller).toBe('42501')
      else if (caller === 'agent') expect(data?.length, caller).toBe(2)
      else if (caller === 'providerAdmin')
        expect(
          data?.map((row) => row.id),
          caller,
        ).toEqual([team.data?.id])
      else expect(data ?? [], caller).toEqual([])
    }
    const { data: seen } = await secondAgent.supabase.from('canned_replies').select('id').in('id', ids)
    expect(seen?.map((row) => row.id)).toEqual([team.data?.id])

    for (const caller of CUSTOMERS) {
      const insert = await add(caller, 'team', `RLS test by ${caller}`)
      expect(insert.error?.code, caller).toBe('42501')
    }
  })

  it('the author edits and removes their own; a provider admin the team’s, never someone’s personal one', async () => {
    const personal = await add('agent', 'personal', 'RLS test private note')
    const team = await add('agent', 'team', 'RLS test shared note')
    const edit = (client: SignedInUser['supabase'], id: string, body: string) =>
      client.from('canned_replies').update({ body }).eq('id', id).select('id')

    expect((await edit(db.agent, personal.data?.id as string, 'mine, edited')).data).toHaveLength(1)
    expect((await edit(db.providerAdmin, personal.data?.id as string, 'admin')).data).toEqual([])
    expect((await edit(secondAgent.supabase, personal.data?.id as string, 'other')).data).toEqual([])
    expect((await edit(secondAgent.supabase, team.data?.id as string, 'other')).data).toEqual([])
    expect((await edit(db.providerAdmin, team.data?.id as string, 'admin, edited')).data).toHaveLength(1)
    // Nobody but its author makes someone's team reply personal (it would vanish from the team).
    const hide = await db.providerAdmin
      .from('canned_replies')
      .update({ scope: 'personal' })
      .eq('id', team.data?.id as string)
    expect(hide.error?.code).toBe('42501')
    for (const caller of CUSTOMERS) {
      expect((await edit(db[caller], team.data?.id as string, caller)).data ?? [], caller).toEqual([])
    }
    const removeBy = (client: SignedInUser['supabase'], id: string) =>
      client.from('canned_replies').delete().eq('id', id).select('id')
    expect((await removeBy(db.providerAdmin, personal.data?.id as string)).data).toEqual([])
    expect((await removeBy(secondAgent.supabase, team.data?.id as string)).data).toEqual([])
    expect((await removeBy(db.agent, personal.data?.id as string)).data).toHaveLength(1)
  })

  it('titles are unique across the team, and per agent among personal ones', async () => {
    expect((await add('agent', 'team', 'RLS test Greeting')).error).toBeNull()
    expect((await add(secondAgent, 'team', 'rls test greeting')).error?.code).toBe('23505')
    expect((await add('agent', 'personal', 'RLS test Greeting')).error).toBeNull()
    expect((await add(secondAgent, 'personal', 'RLS test Greeting')).error).toBeNull()
    expect((await add('agent', 'personal', 'rls test greeting')).error?.code).toBe('23505')
  })

  it('team replies are in the admin log; personal ones are not', async () => {
    const team = await add('agent', 'team', 'RLS test logged')
    const personal = await add('agent', 'personal', 'RLS test not logged')
    const logged = await sql<{ row_key: string; action: string; actor_id: string }>(
      `select row_key, action, actor_id from public.admin_log where table_name = 'canned_replies' and row_key = any($1::text[])`,
      [[team.data?.id, personal.data?.id]],
    )
    expect(logged).toEqual([{ row_key: team.data?.id, action: 'insert', actor_id: DEMO.agent.id }])
  })
})
