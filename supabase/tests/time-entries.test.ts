// Time on tickets in the database (issue 46, part 1): the timer functions (elapsed time rounded up,
// one timer whatever the tabs, the Johannesburg day, the 24-hour cap), the activity log rows each
// logged or corrected entry writes, the ticket's totals under concurrent writes, the company and
// contract each entry is stamped with, and the queue's time column.
import { helpdeskQueueQuery } from '@siyakha/supabase/queries'
import { beforeAll, describe, expect, it } from 'vitest'
import { ACME_CLINIC_ID, DEMO, type SignedInUser, signInAs, sql } from './helpers'

let agent: SignedInUser
let admin: SignedInUser

async function newTicket(companyId: string | null = null): Promise<string> {
  const [row] = await sql<{ id: string }>(
    `insert into public.tickets (created_by_user_id, summary, status, company_id)
     values ($1, 'Time test', 'open', $2) returning id`,
    [DEMO.thabo.id, companyId],
  )
  return (row as { id: string }).id
}

const totalOf = async (ticket: string) =>
  (await agent.supabase.rpc('ticket_time_total', { p_ticket: ticket }).single().throwOnError()).data

const timeEvents = (ticket: string) =>
  sql<{ actor_id: string | null; actor_name: string; from_value: string | null; to_value: string | null }>(
    `select actor_id, actor_name, from_value, to_value from public.ticket_events
     where ticket_id = $1 and field = 'time' order by id`,
    [ticket],
  )

beforeAll(async () => {
  agent = await signInAs('agent')
  admin = await signInAs('providerAdmin')
})

describe('the timer', () => {
  it('a second start returns the running timer; stop logs the elapsed time rounded up and removes it', async () => {
    const ticket = await newTicket()
    const first = await agent.supabase
      .rpc('start_time_timer', {
        p_ticket: ticket,
        p_work_type: 'on_site',
        p_billable: false,
        p_note: 'Server room',
      })
      .single()
      .throwOnError()
    const second = await agent.supabase
      .rpc('start_time_timer', { p_ticket: ticket, p_work_type: 'travel' })
      .single()
      .throwOnError()
    expect(second.data).toEqual(first.data)
    expect(first.data.work_type).toBe('on_site')
    // 61 seconds ago: two minutes, rounded up.
    await sql(
      "update public.time_timers set started_at = now() - interval '61 seconds' where ticket_id = $1",
      [ticket],
    )
    const { data: entry } = await agent.supabase
      .rpc('stop_time_timer', { p_ticket: ticket })
      .single()
      .throwOnError()
    expect(entry).toMatchObject({
      ticket_id: ticket,
      agent_id: DEMO.agent.id,
      minutes: 2,
      work_type: 'on_site',
      billable: false,
      note: 'Server room',
    })
    expect(await sql('select 1 from public.time_timers where ticket_id = $1', [ticket])).toEqual([])
    // Stopped twice (a second tab): refused with a message, nothing logged twice.
    const again = await agent.supabase.rpc('stop_time_timer', { p_ticket: ticket })
    expect(again.error?.message).toMatch(/No timer of yours is running/)
    expect(await sql('select 1 from public.time_entries where ticket_id = $1', [ticket])).toHaveLength(1)
  })

  it('a timer stopped at once logs one minute', async () => {
    const ticket = await newTicket()
    await agent.supabase.rpc('start_time_timer', { p_ticket: ticket }).single().throwOnError()
    const { data } = await agent.supabase.rpc('stop_time_timer', { p_ticket: ticket }).single().throwOnError()
    expect(data.minutes).toBe(1)
    expect(data.work_type).toBe('remote')
    expect(data.billable).toBe(true)
  })

  it('logs on the Johannesburg day it started, and at most 24 h, saying so in the note', async () => {
    const ticket = await newTicket()
    await agent.supabase
      .rpc('start_time_timer', { p_ticket: ticket, p_note: 'Migration' })
      .single()
      .throwOnError()
    // 22:30 UTC is 00:30 the next day in Johannesburg.
    await sql("update public.time_timers set started_at = '2026-01-01T22:30:00Z' where ticket_id = $1", [
      ticket,
    ])
    const { data } = await agent.supabase.rpc('stop_time_timer', { p_ticket: ticket }).single().throwOnError()
    expect(data.work_date).toBe('2026-01-02')
    expect(data.minutes).toBe(1440)
    expect(data.note).toMatch(
      /^Migration \(The timer ran \d+ h \d+ min; an entry holds at most 24 h, so 24 h was logged\.\)$/,
    )
  })

  it('refuses a ticket that does not exist with a clear message', async () => {
    const { error } = await agent.supabase.rpc('start_time_timer', {
      p_ticket: '00000000-0000-4000-8000-00000000dead',
    })
    expect(error?.code).toBe('22023')
    expect(error?.message).toBe('There is no such ticket')
  })
})

describe('time entries', () => {
  it('each entry logged, corrected or removed is in the activity log, in the name of who did it', async () => {
    const ticket = await newTicket()
    const { data: entry } = await agent.supabase
      .from('time_entries')
      .insert({
        ticket_id: ticket,
        minutes: 90,
        work_type: 'remote',
        work_date: '2026-11-20',
        note: 'Reset VPN',
      })
      .select('id')
      .single()
      .throwOnError()
    await admin.supabase
      .from('time_entries')
      .update({ minutes: 45, billable: false })
      .eq('id', entry.id)
      .throwOnError()
    // A save that changes nothing logs nothing.
    await agent.supabase.from('time_entries').update({ minutes: 45 }).eq('id', entry.id).throwOnError()
    await agent.supabase.from('time_entries').delete().eq('id', entry.id).throwOnError()
    expect(await timeEvents(ticket)).toEqual([
      {
        actor_id: DEMO.agent.id,
        actor_name: expect.any(String),
        from_value: null,
        to_value: '1 h 30 min · remote · billable · 20 Nov 2026 · “Reset VPN”',
      },
      {
        actor_id: DEMO.providerAdmin.id,
        actor_name: expect.any(String),
        from_value: '1 h 30 min · remote · billable · 20 Nov 2026 · “Reset VPN”',
        to_value: '45 min · remote · not billable · 20 Nov 2026 · “Reset VPN”',
      },
      {
        actor_id: DEMO.agent.id,
        actor_name: expect.any(String),
        from_value: '45 min · remote · not billable · 20 Nov 2026 · “Reset VPN”',
        to_value: null,
      },
    ])
  })

  it('the totals follow inserts, corrections and removals', async () => {
    const ticket = await newTicket()
    expect(await totalOf(ticket)).toEqual({ minutes: 0, billable_minutes: 0 })
    const { data: rows } = await agent.supabase
      .from('time_entries')
      .insert([
        { ticket_id: ticket, minutes: 60, billable: true },
        { ticket_id: ticket, minutes: 30, billable: false },
      ])
      .select('id, minutes')
      .throwOnError()
    expect(await totalOf(ticket)).toEqual({ minutes: 90, billable_minutes: 60 })
    const hour = rows.find((r) => r.minutes === 60)?.id as string
    const half = rows.find((r) => r.minutes === 30)?.id as string
    await agent.supabase
      .from('time_entries')
      .update({ billable: false, minutes: 20 })
      .eq('id', hour)
      .throwOnError()
    expect(await totalOf(ticket)).toEqual({ minutes: 50, billable_minutes: 0 })
    await agent.supabase.from('time_entries').update({ billable: true }).eq('id', half).throwOnError()
    expect(await totalOf(ticket)).toEqual({ minutes: 50, billable_minutes: 30 })
    await agent.supabase.from('time_entries').delete().eq('id', half).throwOnError()
    expect(await totalOf(ticket)).toEqual({ minutes: 20, billable_minutes: 0 })
  })

  it('the totals stay right when agents log time at the same moment', async () => {
    const ticket = await newTicket()
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? agent : admin).supabase
          .from('time_entries')
          .insert({ ticket_id: ticket, minutes: i + 1, billable: i % 3 !== 0 })
          .throwOnError(),
      ),
    )
    const expected = Array.from({ length: 20 }, (_, i) => i + 1)
    expect(await totalOf(ticket)).toEqual({
      minutes: expected.reduce((a, b) => a + b, 0),
      billable_minutes: expected.filter((_, i) => i % 3 !== 0).reduce((a, b) => a + b, 0),
    })
  })

  it("is stamped with the ticket's company and the contract in force on the day of the work", async () => {
    const [company] = await sql<{ id: string }>(
      "insert into public.companies (name) values ('Time Stamp Co ' || gen_random_uuid()) returning id",
    )
    const companyId = (company as { id: string }).id
    const [contract] = await sql<{ id: string }>(
      `insert into public.contracts (company_id, name, kind, starts_on, ends_on, hours_per_month, hourly_rate_cents)
       values ($1, 'Retainer', 'retainer', '2026-10-01', '2026-10-31', 10, 85000) returning id`,
      [companyId],
    )
    const ticket = await newTicket(companyId)
    const { data } = await agent.supabase
      .from('time_entries')
      .insert([
        { ticket_id: ticket, minutes: 10, work_date: '2026-10-15' },
        { ticket_id: ticket, minutes: 10, work_date: '2026-11-15' },
      ])
      .select('work_date, company_id, contract_id, agent_name')
      .order('work_date')
      .throwOnError()
    expect(data).toEqual([
      {
        work_date: '2026-10-15',
        company_id: companyId,
        contract_id: contract?.id,
        agent_name: expect.any(String),
      },
      { work_date: '2026-11-15', company_id: companyId, contract_id: null, agent_name: expect.any(String) },
    ])
    // Moved into the contract's month by a correction: the contract follows the day.
    await agent.supabase
      .from('time_entries')
      .update({ work_date: '2026-10-20' })
      .eq('ticket_id', ticket)
      .eq('work_date', '2026-11-15')
      .throwOnError()
    const rows = await sql<{ contract_id: string | null }>(
      'select contract_id from public.time_entries where ticket_id = $1',
      [ticket],
    )
    expect(rows.map((r) => r.contract_id)).toEqual([contract?.id, contract?.id])
    // An individual's ticket has neither.
    const own = await newTicket()
    const { data: solo } = await agent.supabase
      .from('time_entries')
      .insert({ ticket_id: own, minutes: 5 })
      .select('company_id, contract_id')
      .single()
      .throwOnError()
    expect(solo).toEqual({ company_id: null, contract_id: null })
  })

  it("the queue shows each ticket's logged minutes", async () => {
    const ticket = await newTicket(ACME_CLINIC_ID)
    await agent.supabase.from('time_entries').insert({ ticket_id: ticket, minutes: 75 }).throwOnError()
    const [row] = await sql<{ tracking_ref: string }>(
      'select tracking_ref from public.tickets where id = $1',
      [ticket],
    )
    const { data } = await helpdeskQueueQuery(agent.supabase, {
      status: 'active',
      search: row?.tracking_ref,
      sort: 'time',
      descending: true,
      limit: 5,
    })
    expect(data.map((r) => [r.id, r.time_minutes])).toEqual([[ticket, 75]])
  })
})
