// The monthly statement and retainer alerts (issue 46, part 2) against the real database: retainer
// arithmetic with rollover and overage, pay as you go, the Johannesburg month, contracts that would
// overlap, and the 80% / 100% alerts sent once each through the outbox to the real mailbox.
import { afterAll, describe, expect, it } from 'vitest'
import { mailsTo } from './functions-helpers'
import { ACME_CLINIC_ID, asCaller, DEMO, serviceClient, signInAs, sql, withPg } from './helpers'

const created: string[] = []
const tag = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`

/** A fresh company with one ticket, written without notifications (nobody is told about fixtures). */
async function companyWithTicket(name: string, accountManager: string | null = null) {
  return withPg(async (db) => {
    await db.query('begin')
    await db.query(`set local siyakha.notifications = 'off'`)
    const company = (
      await db.query<{ id: string }>(
        'insert into public.companies (name, account_manager_id) values ($1, $2) returning id',
        [`${name} ${tag}`, accountManager],
      )
    ).rows[0]?.id as string
    const ticket = (
      await db.query<{ id: string }>(
        `insert into public.tickets (created_by_user_id, company_id, summary)
         values ($1, $2, 'Statement test ticket') returning id`,
        [DEMO.companyAdmin.id, company],
      )
    ).rows[0]?.id as string
    await db.query('commit')
    created.push(company)
    return { company, ticket, name: `${name} ${tag}` }
  })
}

interface ContractRow {
  company_id: string
  name: string
  kind: 'retainer' | 'pay_as_you_go'
  starts_on: string
  ends_on?: string | null
  hours_per_month?: number | null
  rollover?: boolean
  hourly_rate_cents: number
}

async function contract(row: ContractRow): Promise<string> {
  const [inserted] = await sql<{ id: string }>(
    `insert into public.contracts (company_id, name, kind, starts_on, ends_on, hours_per_month, rollover, hourly_rate_cents)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
    [
      row.company_id,
      row.name,
      row.kind,
      row.starts_on,
      row.ends_on ?? null,
      row.hours_per_month ?? null,
      row.rollover ?? false,
      row.hourly_rate_cents,
    ],
  )
  return (inserted as { id: string }).id
}

/** Time as the agent logged it on a day, without alerts (history, not news). */
async function logged(
  ticket: string,
  day: string,
  minutes: number,
  billable = true,
  note: string | null = null,
) {
  await withPg(async (db) => {
    await db.query('begin')
    await db.query(`set local siyakha.notifications = 'off'`)
    await db.query(
      `insert into public.time_entries (ticket_id, agent_id, agent_name, work_date, minutes, billable, note)
       values ($1, $2, 'Agent', $3, $4, $5, $6)`,
      [ticket, DEMO.agent.id, day, minutes, billable, note],
    )
    await db.query('commit')
  })
}

const AGENT_CLAIMS = { sub: DEMO.agent.id, role: 'authenticated', aal: 'aal1' }

async function summary(company: string, month: string) {
  return asCaller(AGENT_CLAIMS, async (db) => {
    const { rows } = await db.query(
      `select contract_name, kind, retainer_hours::float8, carried_in_hours::float8, available_hours::float8,
              billable_hours::float8, non_billable_hours::float8, over_hours::float8, used_percent::float8,
              hourly_rate_cents, amount_cents::int8::float8
       from public.statement_summary($1, $2)`,
      [company, month],
    )
    return rows
  })
}

afterAll(async () => {
  if (created.length > 0) {
    await sql('delete from public.tickets where company_id = any ($1)', [created])
    await sql('delete from public.companies where id = any ($1)', [created])
  }
})

describe('the monthly statement', () => {
  it('a retainer with rollover: own hours first, the rest of them carried one month only, the overage at the rate', async () => {
    const { company, ticket } = await companyWithTicket('Rollover Co')
    await contract({
      company_id: company,
      name: 'Managed services',
      kind: 'retainer',
      starts_on: '2025-12-15',
      hours_per_month: 10,
      rollover: true,
      hourly_rate_cents: 95_000,
    })
    // January: nothing used, so February has 10 carried-in hours; February uses 6 of its own
    // hours, so March gets 4 (January's unused carried hours do not carry twice).
    await logged(ticket, '2026-02-10', 360)
    await logged(ticket, '2026-03-02', 600, true, 'Server rebuild')
    await logged(ticket, '2026-03-31', 300)
    await logged(ticket, '2026-03-20', 120, false, 'Goodwill')
    // 1 April: April, not March.
    await logged(ticket, '2026-04-01', 30)

    expect(await summary(company, '2026-01-01')).toEqual([
      expect.objectContaining({ retainer_hours: 10, carried_in_hours: 10, billable_hours: 0 }),
    ])
    expect(await summary(company, '2026-02-01')).toEqual([
      expect.objectContaining({
        carried_in_hours: 10,
        available_hours: 20,
        billable_hours: 6,
        over_hours: 0,
        amount_cents: 0,
      }),
    ])
    expect(await summary(company, '2026-03-17')).toEqual([
      {
        contract_name: 'Managed services',
        kind: 'retainer',
        retainer_hours: 10,
        carried_in_hours: 4,
        available_hours: 14,
        billable_hours: 15,
        non_billable_hours: 2,
        over_hours: 1,
        used_percent: 107.1,
        hourly_rate_cents: 95_000,
        amount_cents: 95_000,
      },
    ])
    // March used more than its own 10 hours: nothing carries into April.
    expect(await summary(company, '2026-04-01')).toEqual([
      expect.objectContaining({
        carried_in_hours: 0,
        available_hours: 10,
        billable_hours: 0.5,
        amount_cents: 0,
      }),
    ])
  })

  it('the first month of a contract has nothing carried in; without rollover nothing ever is', async () => {
    const { company, ticket } = await companyWithTicket('No Rollover Co')
    await contract({
      company_id: company,
      name: 'Basic',
      kind: 'retainer',
      starts_on: '2026-01-01',
      hours_per_month: 5,
      rollover: false,
      hourly_rate_cents: 80_000,
    })
    await logged(ticket, '2026-02-03', 400)
    expect(await summary(company, '2026-01-01')).toEqual([expect.objectContaining({ carried_in_hours: 0 })])
    expect(await summary(company, '2026-02-01')).toEqual([
      // 400 minutes against 300: 100 minutes over at R800 an hour = R1 333.33.
      expect.objectContaining({ carried_in_hours: 0, over_hours: 1.67, amount_cents: 133_333 }),
    ])
  })

  it('pay as you go bills every billable hour at the rate; time on days no contract covers is listed apart', async () => {
    const { company, ticket } = await companyWithTicket('Payg Co')
    await contract({
      company_id: company,
      name: 'Ad hoc',
      kind: 'pay_as_you_go',
      starts_on: '2026-05-10',
      hourly_rate_cents: 60_000,
    })
    await logged(ticket, '2026-05-09', 45)
    await logged(ticket, '2026-05-10', 90)
    await logged(ticket, '2026-05-11', 30, false)
    expect(await summary(company, '2026-05-01')).toEqual([
      expect.objectContaining({
        contract_name: 'Ad hoc',
        kind: 'pay_as_you_go',
        billable_hours: 1.5,
        non_billable_hours: 0.5,
        retainer_hours: null,
        amount_cents: 90_000,
      }),
      expect.objectContaining({
        contract_name: 'No contract',
        kind: null,
        billable_hours: 0.75,
        amount_cents: null,
      }),
    ])
  })

  it('lines: by ticket, agent, work type and billable, with the notes in order', async () => {
    const { company, ticket } = await companyWithTicket('Lines Co')
    await logged(ticket, '2026-06-02', 30, true, 'First visit')
    await logged(ticket, '2026-06-03', 45, true, 'Second visit')
    await logged(ticket, '2026-06-03', 15, false, 'Coffee chat')
    const lines = await asCaller(AGENT_CLAIMS, async (db) => {
      const { rows } = await db.query(
        `select agent_name, work_type, billable, entries, minutes::int, notes, first_day::text, last_day::text
         from public.statement_lines($1, '2026-06-15')`,
        [company],
      )
      return rows
    })
    expect(lines).toEqual([
      {
        agent_name: 'Sipho Dlamini',
        work_type: 'remote',
        billable: true,
        entries: 2,
        minutes: 75,
        notes: 'First visit\nSecond visit',
        first_day: '2026-06-02',
        last_day: '2026-06-03',
      },
      {
        agent_name: 'Sipho Dlamini',
        work_type: 'remote',
        billable: false,
        entries: 1,
        minutes: 15,
        notes: 'Coffee chat',
        first_day: '2026-06-03',
        last_day: '2026-06-03',
      },
    ])
  })
})

describe('the seeded demo month (supabase/seed.sql)', () => {
  it('Acme Clinic is over its retainer this month with 3 hours carried in, and both alerts went out', async () => {
    const [{ month } = { month: '' }] = await sql<{ month: string }>(
      `select to_char(now() at time zone 'Africa/Johannesburg', 'YYYY-MM') as month`,
    )
    expect(await summary(ACME_CLINIC_ID, `${month}-01`)).toEqual([
      {
        contract_name: 'Managed IT retainer',
        kind: 'retainer',
        retainer_hours: 10,
        carried_in_hours: 3,
        available_hours: 13,
        billable_hours: 15.5,
        non_billable_hours: 1,
        over_hours: 2.5,
        used_percent: 119.2,
        hourly_rate_cents: 95_000,
        amount_cents: 237_500,
      },
    ])
    expect(
      await sql('select threshold from public.retainer_alerts where contract_id = $1 order by threshold', [
        '00000000-0000-4000-8000-0000000000d1',
      ]),
    ).toEqual([{ threshold: 80 }, { threshold: 100 }])
    const [mail] = await mailsTo(DEMO.agent.email, `Acme Clinic: 100% of the ${month} retainer used`, 15_000)
    expect(mail?.Text).toContain('Acme Clinic has used all of its retainer')
  })
})

describe('contracts', () => {
  it('a company’s contracts never overlap: the refusal names the other contract', async () => {
    const { company } = await companyWithTicket('Overlap Co')
    await contract({
      company_id: company,
      name: 'Year one',
      kind: 'pay_as_you_go',
      starts_on: '2026-01-01',
      ends_on: '2026-12-31',
      hourly_rate_cents: 1,
    })
    const admin = await signInAs('providerAdmin')
    const refused = await admin.supabase.from('contracts').insert({
      company_id: company,
      name: 'Overlapping',
      kind: 'pay_as_you_go',
      starts_on: '2026-12-31',
      hourly_rate_cents: 1,
    })
    expect(refused.error?.code).toBe('23P01')
    expect(refused.error?.message).toBe(
      'This contract overlaps "Year one" (2026-01-01 to 2026-12-31): a company has one contract in force on any day. End that contract first or choose other dates.',
    )
    // The day after is free; moving the first one's end into it is refused in turn.
    const next = await admin.supabase
      .from('contracts')
      .insert({
        company_id: company,
        name: 'Year two',
        kind: 'pay_as_you_go',
        starts_on: '2027-01-01',
        hourly_rate_cents: 1,
      })
      .select('id')
      .single()
    expect(next.error).toBeNull()
    const moved = await admin.supabase
      .from('contracts')
      .update({ ends_on: null })
      .eq('name', 'Year one')
      .eq('company_id', company)
    expect(moved.error?.message).toContain('overlaps "Year two" (2027-01-01 to no end date)')
  })

  it('time already logged draws on a contract created afterwards for its day', async () => {
    const { company, ticket } = await companyWithTicket('Late Contract Co')
    await logged(ticket, '2026-07-07', 60)
    const [before] = await sql<{ contract_id: string | null }>(
      'select contract_id from public.time_entries where ticket_id = $1',
      [ticket],
    )
    expect(before?.contract_id).toBeNull()
    const id = await contract({
      company_id: company,
      name: 'Backdated',
      kind: 'pay_as_you_go',
      starts_on: '2026-07-01',
      hourly_rate_cents: 10,
    })
    const [after] = await sql<{ contract_id: string | null }>(
      'select contract_id from public.time_entries where ticket_id = $1',
      [ticket],
    )
    expect(after?.contract_id).toBe(id)
  })
})

describe('retainer alerts', () => {
  it('80% and then 100% of the month: the account manager and the admins are mailed once per threshold', async () => {
    const { company, ticket, name } = await companyWithTicket('Alert Co', DEMO.agent.id)
    const [{ month, today } = { month: '', today: '' }] = await sql<{ month: string; today: string }>(
      `select to_char(now() at time zone 'Africa/Johannesburg', 'YYYY-MM') as month,
              (now() at time zone 'Africa/Johannesburg')::date::text as today`,
    )
    const contractId = await contract({
      company_id: company,
      name: 'Two hours',
      kind: 'retainer',
      starts_on: `${month}-01`,
      hours_per_month: 2,
      hourly_rate_cents: 100_000,
    })
    const agent = await signInAs('agent')
    const log = async (minutes: number, billable = true) => {
      const { error } = await agent.supabase
        .from('time_entries')
        .insert({ ticket_id: ticket, minutes, billable, work_date: today })
      expect(error).toBeNull()
    }
    const alerts = () =>
      sql<{ threshold: number; used_minutes: number; available_minutes: number }>(
        'select threshold, used_minutes, available_minutes from public.retainer_alerts where contract_id = $1 order by threshold',
        [contractId],
      )
    const queued = () =>
      sql<{ recipient: string; count: number }>(
        `select recipient, count(*)::int as count from private.notification_outbox
         where event = 'retainer_threshold' and payload ->> 'contract_id' = $1 group by recipient order by recipient`,
        [contractId],
      )

    await log(90)
    await log(60, false)
    expect(await alerts()).toEqual([])
    await log(6) // 96 of 120 minutes: 80%
    expect(await alerts()).toEqual([{ threshold: 80, used_minutes: 96, available_minutes: 120 }])
    await log(10)
    expect(await alerts()).toHaveLength(1)
    await log(30) // 136 of 120
    await log(15)
    expect(await alerts()).toEqual([
      { threshold: 80, used_minutes: 96, available_minutes: 120 },
      { threshold: 100, used_minutes: 136, available_minutes: 120 },
    ])
    // The account manager (the agent) and the provider admin, once per threshold. Other suites
    // running at the same time make provider admins of their own for a moment (admin-staff):
    // whoever else was an admin at a threshold is told too, but nobody more than once per threshold.
    const recipients = await queued()
    expect(
      recipients.filter(({ recipient }) =>
        ([DEMO.providerAdmin.email, DEMO.agent.email] as string[]).includes(recipient),
      ),
    ).toEqual([
      { recipient: DEMO.providerAdmin.email, count: 2 },
      { recipient: DEMO.agent.email, count: 2 },
    ])
    expect(recipients.every(({ count }) => count <= 2)).toBe(true)
    const [eighty] = await mailsTo(DEMO.agent.email, `${name}: 80% of the ${month} retainer used`, 15_000)
    expect(eighty?.Text).toContain(`${name} has used 80% of its retainer for ${month}: 1.6 of 2 hours.`)
    expect(eighty?.Text).toContain(`/portal/helpdesk/statements/${company}?month=${month}`)
    const [full] = await mailsTo(
      DEMO.providerAdmin.email,
      `${name}: 100% of the ${month} retainer used`,
      15_000,
    )
    expect(full?.Text).toContain(`${name} has used all of its retainer for ${month}: 2.27 of 2 hours.`)
    expect(
      await mailsTo(DEMO.providerAdmin.email, `${name}: 80% of the ${month} retainer used`, 1),
    ).toHaveLength(1)
  })

  it('nobody but the alert check writes alert records', async () => {
    const agent = await signInAs('agent')
    const { error } = await agent.supabase.from('retainer_alerts').insert({
      contract_id: DEMO.agent.id,
      company_id: DEMO.agent.id,
      month: '2026-01-01',
      threshold: 80,
      used_minutes: 1,
      available_minutes: 1,
    })
    expect(error?.code).toBe('42501')
    const service = await serviceClient().from('retainer_alerts').select('threshold').limit(1)
    expect(service.error).toBeNull()
  })
})
