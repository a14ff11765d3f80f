// The business calendar as data (issue 46, part 3): a ticket's stored due times follow the hours,
// the time zone, the open weekdays and the extra closed days a provider admin sets, and the plan of
// the contract its company has in force; open tickets are recomputed in the same transaction as
// the change, resolved and closed ones keep the due times they were measured against.
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { DEMO, type SignedInUser, signInAs, sql } from './helpers'

/** Johannesburg wall-clock time (UTC+2 all year) as an instant. */
const jhb = (local: string) => `${local}+02:00`

let admin: SignedInUser

beforeAll(async () => {
  admin = await signInAs('providerAdmin')
})

// Every test leaves the calendar, the closed days and the targets as the seed has them.
afterEach(async () => {
  await sql(
    `update public.business_calendar set time_zone = 'Africa/Johannesburg', opens_at = '08:00', closes_at = '17:00',
       open_weekdays = '{1,2,3,4,5}', public_holidays = true`,
  )
  await sql("delete from public.closed_days where name like 'Calendar test%'")
  await sql(
    "update public.sla_targets set first_response_minutes = 240, resolution_minutes = 1080 where priority = 'normal'",
  )
})

async function ticketAt(
  local: string,
  { company = null as string | null, status = 'open', priority = 'normal' } = {},
) {
  const [row] = await sql<{ id: string }>(
    `insert into public.tickets (created_by_user_id, company_id, summary, status, priority, created_at, close_reason)
     values ($1, $2, 'Calendar test', $3::public.ticket_status, $4::public.ticket_priority, $5::timestamptz,
             case when $3::public.ticket_status = 'closed' then 'confirmed'::public.close_reason end)
     returning id`,
    [DEMO.thabo.id, company, status, priority, jhb(local)],
  )
  return row?.id as string
}

/** Due times as Johannesburg wall-clock text. */
async function due(id: string) {
  const [row] = await sql<{ first: string; resolution: string }>(
    `select to_char(first_response_due_at at time zone 'Africa/Johannesburg', 'YYYY-MM-DD HH24:MI') as first,
            to_char(resolution_due_at at time zone 'Africa/Johannesburg', 'YYYY-MM-DD HH24:MI') as resolution
     from public.tickets where id = $1`,
    [id],
  )
  return row
}

async function saveCalendar(
  change: Partial<{
    time_zone: string
    opens_at: string
    closes_at: string
    open_weekdays: number[]
    public_holidays: boolean
  }>,
) {
  const calendar = {
    p_time_zone: change.time_zone ?? 'Africa/Johannesburg',
    p_opens_at: change.opens_at ?? '08:00',
    p_closes_at: change.closes_at ?? '17:00',
    p_open_weekdays: change.open_weekdays ?? [1, 2, 3, 4, 5],
    p_public_holidays: change.public_holidays ?? true,
  }
  return admin.supabase.rpc('save_business_calendar', calendar)
}

describe('the business calendar', () => {
  it('moves the due times of open tickets when the hours change, and says how many moved', async () => {
    // Friday 15:00, normal: first response 4 business hours, resolution 2 business days.
    const open = await ticketAt('2026-11-27 15:00')
    const resolved = await ticketAt('2026-11-27 15:00', { status: 'resolved' })
    const closed = await ticketAt('2026-11-27 15:00', { status: 'closed' })
    expect(await due(open)).toEqual({ first: '2026-11-30 10:00', resolution: '2026-12-01 15:00' })

    const { data: moved, error } = await saveCalendar({ opens_at: '07:00' })
    expect(error).toBeNull()
    expect(moved).toBeGreaterThanOrEqual(1)
    // Friday 15:00–17:00 is 2 hours, Monday from 07:00 the other 2.
    expect(await due(open)).toEqual({ first: '2026-11-30 09:00', resolution: '2026-12-01 13:00' })
    expect(await due(resolved)).toEqual({ first: '2026-11-30 10:00', resolution: '2026-12-01 15:00' })
    expect(await due(closed)).toEqual({ first: '2026-11-30 10:00', resolution: '2026-12-01 15:00' })

    // Saving the same calendar again moves nothing.
    const { data: again } = await saveCalendar({ opens_at: '07:00' })
    expect(again).toBe(0)
  })

  it('skips an extra closed day, and gives it back when the day is removed', async () => {
    const open = await ticketAt('2026-11-27 15:00')
    const { data: added, error } = await admin.supabase.rpc('add_closed_day', {
      p_day: '2026-11-30',
      p_name: 'Calendar test shutdown',
    })
    expect(error).toBeNull()
    expect(added).toBeGreaterThanOrEqual(1)
    expect(await due(open)).toEqual({ first: '2026-12-01 10:00', resolution: '2026-12-02 15:00' })

    // A closed day after every open ticket's clock has run out moves none of them.
    const far = await admin.supabase.rpc('add_closed_day', {
      p_day: '2099-06-01',
      p_name: 'Calendar test far',
    })
    expect(far.data).toBe(0)

    const { data: removed } = await admin.supabase.rpc('remove_closed_day', { p_day: '2026-11-30' })
    expect(removed).toBeGreaterThanOrEqual(1)
    expect(await due(open)).toEqual({ first: '2026-11-30 10:00', resolution: '2026-12-01 15:00' })
  })

  it('counts the hours in the calendar’s time zone, and refuses one PostgreSQL does not know', async () => {
    const open = await ticketAt('2026-11-27 15:00')
    // 15:00 in Johannesburg is 13:00 in London (UTC in November): 4 hours end at 17:00 London,
    // 19:00 in Johannesburg.
    await saveCalendar({ time_zone: 'Europe/London' }).then(({ error }) => expect(error).toBeNull())
    expect((await due(open))?.first).toBe('2026-11-27 19:00')

    const { error } = await saveCalendar({ time_zone: 'Mars/Olympus_Mons' })
    expect(error?.code).toBe('22023')
    expect(error?.message).toContain('Unknown time zone')
    const [calendar] = await sql<{ time_zone: string }>('select time_zone from public.business_calendar')
    expect(calendar?.time_zone).toBe('Europe/London')
  })

  it('opens on the weekdays chosen', async () => {
    // Friday 16:00 + 4 hours: with Saturday open, 3 of them on Saturday morning.
    const weekend = await ticketAt('2026-11-27 16:00')
    await saveCalendar({ open_weekdays: [1, 2, 3, 4, 5, 6] })
    expect((await due(weekend))?.first).toBe('2026-11-28 11:00')
  })

  it('closes on public holidays only while they apply', async () => {
    // Thursday before Easter 2026: Good Friday (3 April) and Family Day (6 April) are closed.
    const easter = await ticketAt('2026-04-02 16:00')
    expect((await due(easter))?.first).toBe('2026-04-07 11:00')
    await saveCalendar({ public_holidays: false })
    expect((await due(easter))?.first).toBe('2026-04-03 11:00')
    await saveCalendar({ public_holidays: true })
    expect((await due(easter))?.first).toBe('2026-04-07 11:00')
  })

  it('recomputes only the priority whose global target changed', async () => {
    const normal = await ticketAt('2026-11-27 15:00')
    const urgent = await ticketAt('2026-11-27 15:00', { priority: 'urgent' })
    const before = await due(urgent)
    const { data: moved, error } = await admin.supabase.rpc('save_sla_targets', {
      p_contract: null as never,
      p_targets: [{ priority: 'normal', first_response_minutes: 60, resolution_minutes: 1080 }],
    })
    expect(error).toBeNull()
    expect(moved).toBeGreaterThanOrEqual(1)
    expect((await due(normal))?.first).toBe('2026-11-27 16:00')
    expect(await due(urgent)).toEqual(before)
  })
})

describe('a contract’s SLA plan', () => {
  let company: string
  let other: string

  beforeAll(async () => {
    const rows = await sql<{ id: string }>(
      `insert into public.companies (name, created_by) values ('Calendar test plan', $1), ('Calendar test other', $1)
       returning id`,
      [DEMO.providerAdmin.id],
    )
    company = rows[0]?.id as string
    other = rows[1]?.id as string
  })

  it('sets the due times of its company’s tickets opened while it is in force, and only theirs', async () => {
    const [contract] = await sql<{ id: string }>(
      `insert into public.contracts (company_id, name, kind, starts_on, ends_on, hourly_rate_cents)
       values ($1, 'Calendar test PAYG', 'pay_as_you_go', '2026-11-01', null, 95000) returning id`,
      [company],
    )
    const covered = await ticketAt('2026-11-27 15:00', { company })
    const before = await ticketAt('2026-10-30 15:00', { company })
    const elsewhere = await ticketAt('2026-11-27 15:00', { company: other })
    const resolved = await ticketAt('2026-11-27 15:00', { company, status: 'resolved' })
    expect((await due(covered))?.first).toBe('2026-11-30 10:00')

    // The plan: normal answered within the hour and fixed within 4 hours.
    const { data: moved, error } = await admin.supabase.rpc('save_sla_targets', {
      p_contract: contract?.id as string,
      p_targets: [{ priority: 'normal', first_response_minutes: 60, resolution_minutes: 240 }],
    })
    expect(error).toBeNull()
    expect(moved).toBe(1)
    expect(await due(covered)).toEqual({ first: '2026-11-27 16:00', resolution: '2026-11-30 10:00' })
    expect((await due(before))?.first).toBe('2026-11-02 10:00')
    expect((await due(elsewhere))?.first).toBe('2026-11-30 10:00')
    expect((await due(resolved))?.first).toBe('2026-11-30 10:00')

    // A new ticket of the company is stamped with the plan from the start.
    const fresh = await ticketAt('2026-11-26 09:00', { company })
    expect((await due(fresh))?.first).toBe('2026-11-26 10:00')

    // Once the contract ends before those days, the global targets apply again.
    await sql("update public.contracts set ends_on = '2026-11-15' where id = $1", [contract?.id])
    expect((await due(covered))?.first).toBe('2026-11-30 10:00')
    expect((await due(fresh))?.first).toBe('2026-11-26 13:00')

    // Moving the ticket to a company without a plan moves its due times too.
    await sql('update public.contracts set ends_on = null where id = $1', [contract?.id])
    expect((await due(covered))?.first).toBe('2026-11-27 16:00')
    await sql('update public.tickets set company_id = $2 where id = $1', [covered, other])
    expect((await due(covered))?.first).toBe('2026-11-30 10:00')

    // An empty plan hands every priority back to the global targets.
    await sql('update public.tickets set company_id = $2 where id = $1', [covered, company])
    const { data: cleared } = await admin.supabase.rpc('save_sla_targets', {
      p_contract: contract?.id as string,
      p_targets: [],
    })
    expect(cleared).toBeGreaterThanOrEqual(1)
    expect((await due(covered))?.first).toBe('2026-11-30 10:00')
  })
})

describe('the public holidays of a year', () => {
  it('lists the law’s days with the Sunday rule, and a day added by hand as added', async () => {
    await sql(
      "insert into private.public_holidays (day, name) values ('2026-11-04', 'Calendar test election')",
    )
    try {
      const { data, error } = await admin.supabase.rpc('public_holidays_of', { p_year: 2026 })
      expect(error).toBeNull()
      const byDay = new Map((data ?? []).map((row) => [row.day, row]))
      expect(byDay.get('2026-08-09')).toMatchObject({
        name: "National Women's Day",
        source: 'law',
        observed_for: null,
        closes: false,
      })
      expect(byDay.get('2026-08-10')).toMatchObject({
        source: 'law',
        observed_for: '2026-08-09',
        closes: true,
      })
      expect(byDay.get('2026-04-03')).toMatchObject({ name: 'Good Friday', source: 'law', closes: true })
      expect(byDay.get('2026-11-04')).toMatchObject({ source: 'added', closes: true })
      const { error: outOfRange } = await admin.supabase.rpc('public_holidays_of', { p_year: 1500 })
      expect(outOfRange?.code).toBe('22023')
    } finally {
      await sql("delete from private.public_holidays where name = 'Calendar test election'")
    }
  })
})
