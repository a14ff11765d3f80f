// SLA in South African business hours (issue 13, part 3): the database's business-time arithmetic
// over a table of dates (weekends, the 17:00 boundary, Easter holidays, a Sunday holiday moved to
// the Monday), and the due times the database keeps on a ticket as its priority and status change.
import { describe, expect, it } from 'vitest'
import { mailsTo } from './functions-helpers'
import { DEMO, newCustomer, signInAs, sql, versionOf, withPg } from './helpers'

/** Johannesburg wall-clock time (UTC+2 all year) as an instant. */
const jhb = (local: string) => `${local}+02:00`

async function businessAdd(start: string, minutes: number): Promise<string> {
  const [row] = await sql<{ due: string }>(
    `select to_char(private.business_add($1::timestamptz, $2) at time zone 'Africa/Johannesburg', 'YYYY-MM-DD HH24:MI') as due`,
    [jhb(start), minutes],
  )
  return row?.due ?? ''
}

describe('business time', () => {
  it.each([
    ['a morning inside the day', '2026-11-23 09:00', 60, '2026-11-23 10:00'],
    ['up to closing exactly', '2026-11-23 16:00', 60, '2026-11-23 17:00'],
    ['over closing into the next morning', '2026-11-23 16:30', 60, '2026-11-24 08:30'],
    ['from closing time', '2026-11-23 17:00', 1, '2026-11-24 08:01'],
    ['before opening', '2026-11-23 06:15', 30, '2026-11-23 08:30'],
    ['nothing to add, before opening', '2026-11-23 07:00', 0, '2026-11-23 08:00'],
    ['Friday afternoon over the weekend', '2026-11-27 16:30', 60, '2026-11-30 08:30'],
    ['from a Saturday', '2026-11-28 10:00', 60, '2026-11-30 09:00'],
    ['a whole business day', '2026-11-23 08:00', 540, '2026-11-23 17:00'],
    ['two business days', '2026-11-23 08:00', 1080, '2026-11-24 17:00'],
    ['over Good Friday and Family Day (Easter 2026)', '2026-04-02 16:00', 120, '2026-04-07 09:00'],
    ['Women’s Day on a Sunday moves to the Monday (2026-08-09)', '2026-08-07 16:00', 120, '2026-08-11 09:00'],
    [
      'New Year’s Day on a Sunday moves to the Monday (2023-01-01)',
      '2022-12-30 16:00',
      120,
      '2023-01-03 09:00',
    ],
    [
      'Christmas and the Day of Goodwill (2026, Friday and Saturday)',
      '2026-12-24 16:00',
      120,
      '2026-12-28 09:00',
    ],
    ['Freedom Day on a Monday (2026-04-27)', '2026-04-24 16:00', 120, '2026-04-28 09:00'],
  ])('%s: %s + %i min → %s', async (_what, start, minutes, due) => {
    expect(await businessAdd(start, minutes)).toBe(due)
  })

  it('counts business minutes between two instants, skipping nights, weekends and holidays', async () => {
    const minutes = async (from: string, to: string) =>
      (
        await sql<{ m: number }>('select private.business_minutes($1::timestamptz, $2::timestamptz) as m', [
          jhb(from),
          jhb(to),
        ])
      )[0]?.m
    expect(await minutes('2026-11-27 16:00', '2026-11-30 09:00')).toBe(120)
    expect(await minutes('2026-11-23 07:00', '2026-11-23 18:00')).toBe(540)
    expect(await minutes('2026-04-02 16:00', '2026-04-07 09:00')).toBe(120)
    expect(await minutes('2026-11-24 10:00', '2026-11-23 10:00')).toBe(0)
  })
})

describe('due times on a ticket', () => {
  async function ticketCreatedAt(local: string, priority = 'normal') {
    const [row] = await sql<{ id: string }>(
      `insert into public.tickets (created_by_user_id, summary, priority, created_at)
       values ($1, 'SLA test', $2, $3::timestamptz) returning id`,
      [DEMO.thabo.id, priority, jhb(local)],
    )
    return row?.id as string
  }

  const due = async (id: string) =>
    (
      await sql<{ first: string; resolution: string; paused: string | null; paused_minutes: number }>(
        `select to_char(first_response_due_at at time zone 'Africa/Johannesburg', 'YYYY-MM-DD HH24:MI') as first,
                to_char(resolution_due_at at time zone 'Africa/Johannesburg', 'YYYY-MM-DD HH24:MI') as resolution,
                sla_paused_at::text as paused, sla_paused_minutes as paused_minutes
         from public.tickets where id = $1`,
        [id],
      )
    )[0]

  it('are set when a ticket is created, from its priority’s targets', async () => {
    const id = await ticketCreatedAt('2026-11-27 15:00')
    // normal: first response in 4 business hours, resolution in 2 business days.
    expect(await due(id)).toMatchObject({ first: '2026-11-30 10:00', resolution: '2026-12-01 15:00' })
  })

  it('move when the priority changes', async () => {
    const id = await ticketCreatedAt('2026-11-27 15:00')
    const agent = await signInAs('agent')
    await agent.supabase
      .from('tickets')
      .update({ priority: 'urgent', expected_version: await versionOf(id) })
      .eq('id', id)
      .throwOnError()
    // urgent: 1 business hour and 4 business hours.
    expect(await due(id)).toMatchObject({ first: '2026-11-27 16:00', resolution: '2026-11-30 10:00' })
  })

  it('cannot be set by hand, not even by staff', async () => {
    const id = await ticketCreatedAt('2026-11-27 15:00')
    const agent = await signInAs('agent')
    const { error } = await agent.supabase
      .from('tickets')
      .update({ resolution_due_at: '2030-01-01T00:00:00Z' } as never)
      .eq('id', id)
    expect(error?.code).toBe('42501')
    expect((await due(id))?.resolution).toBe('2026-12-01 15:00')
  })

  it('stop while the ticket waits on the customer and pick up where they were', async () => {
    const id = await ticketCreatedAt('2026-11-23 08:00')
    const agent = await signInAs('agent')
    await agent.supabase
      .from('tickets')
      .update({ status: 'waiting_on_customer', expected_version: await versionOf(id) })
      .eq('id', id)
      .throwOnError()
    expect((await due(id))?.paused).not.toBeNull()
    // The wait began on Monday at 10:00 (set without triggers, as if it had been then).
    await withPg(async (db) => {
      await db.query('begin')
      await db.query("set local session_replication_role = 'replica'")
      await db.query('update public.tickets set sla_paused_at = $1::timestamptz where id = $2', [
        jhb('2026-11-23 10:00'),
        id,
      ])
      await db.query('commit')
    })
    const [resumed] = await sql<{ paused_minutes: number; expected_minutes: number; same_due: boolean }>(
      `with moved as (update public.tickets set status = 'open' where id = $1
                      returning sla_paused_minutes, resolution_due_at, created_at)
       select sla_paused_minutes as paused_minutes,
              private.business_minutes($2::timestamptz, now()) as expected_minutes,
              resolution_due_at = private.business_add(created_at, 1080 + private.business_minutes($2::timestamptz, now())) as same_due
       from moved`,
      [id, jhb('2026-11-23 10:00')],
    )
    expect(resumed?.paused_minutes).toBeGreaterThan(0)
    expect(resumed?.paused_minutes).toBe(resumed?.expected_minutes)
    expect(resumed?.same_due).toBe(true)
    expect((await due(id))?.paused).toBeNull()
  })
})

describe('resolved tickets close themselves', () => {
  /** A resolved ticket of a fresh customer, resolved `resolvedAt` (set without triggers). */
  async function resolvedTicket(resolvedAt: string) {
    const customer = await newCustomer('autoclose')
    const [row] = await sql<{ id: string; tracking_ref: string }>(
      `insert into public.tickets (created_by_user_id, summary, status, created_at)
       values ($1, 'Auto-close test', 'resolved', $2::timestamptz) returning id, tracking_ref`,
      [customer.id, resolvedAt],
    )
    await withPg(async (db) => {
      await db.query('begin')
      await db.query("set local session_replication_role = 'replica'")
      await db.query('update public.tickets set resolved_at = $1::timestamptz where id = $2', [
        resolvedAt,
        row?.id,
      ])
      await db.query('commit')
    })
    return { customer, ticket: row as { id: string; tracking_ref: string } }
  }

  it('a reminder after 3 business days, the close after 5, each mailed once', async () => {
    // Resolved a given number of business days ago, by the database's own business clock: a count of
    // calendar days would not do (on a Friday evening 5 calendar days are 5 business days, so the
    // ticket meant for a reminder was closed).
    const businessDaysAgo = async (days: number) => {
      const [row] = await sql<{ at: Date }>(
        `select t as at from generate_series(now(), now() - interval '30 days', interval '-1 hour') t
         where private.business_minutes(t, now()) >= $1 * 540 order by t desc limit 1`,
        [days],
      )
      if (!row) throw new Error(`no time ${days} business days ago`)
      return row.at.toISOString()
    }
    const remind = await resolvedTicket(await businessDaysAgo(4))
    const close = await resolvedTicket(await businessDaysAgo(6))
    const fresh = await resolvedTicket(await businessDaysAgo(1))
    const status = async (id: string) =>
      (
        await sql<{ status: string; close_reason: string | null; reminded: boolean }>(
          'select status, close_reason, resolution_reminder_at is not null as reminded from public.tickets where id = $1',
          [id],
        )
      )[0]
    // The stack's worker runs this every 2 s.
    await expect.poll(async () => (await status(close.ticket.id))?.status, { timeout: 10_000 }).toBe('closed')
    expect((await status(close.ticket.id))?.close_reason).toBe('auto_closed')
    await expect.poll(async () => (await status(remind.ticket.id))?.reminded, { timeout: 10_000 }).toBe(true)
    expect((await status(remind.ticket.id))?.status).toBe('resolved')
    expect(await status(fresh.ticket.id)).toMatchObject({ status: 'resolved', reminded: false })

    // Other mails about these tickets share the subject's reference, so wait for these two texts.
    const mailed = async (to: string, ref: string, text: string) =>
      (await mailsTo(to, `[${ref}]`, 0)).some((m) => m.Text.includes(text))
    await expect
      .poll(
        () => mailed(remind.customer.email, remind.ticket.tracking_ref, 'resolved three business days ago'),
        {
          timeout: 10_000,
        },
      )
      .toBe(true)
    await expect
      .poll(
        () =>
          mailed(close.customer.email, close.ticket.tracking_ref, `${close.ticket.tracking_ref} is closed.`),
        {
          timeout: 10_000,
        },
      )
      .toBe(true)
    await new Promise((resolve) => setTimeout(resolve, 2500))
    const reminders = (await mailsTo(remind.customer.email, `[${remind.ticket.tracking_ref}]`, 0)).filter(
      (m) => m.Text.includes('resolved three business days ago'),
    )
    expect(reminders).toHaveLength(1)
  })
})

describe('the SLA report', () => {
  it('counts this week’s broken promises and the median first response, for staff only', async () => {
    const since = new Date(Date.now() - 3600 * 1000).toISOString()
    const id = await (async () => {
      const [row] = await sql<{ id: string }>(
        `insert into public.tickets (created_by_user_id, summary, priority, created_at)
         values ($1, 'Report test', 'urgent', now() - interval '10 minutes') returning id`,
        [DEMO.thabo.id],
      )
      return row?.id as string
    })()
    const agent = await signInAs('agent')
    const { data: before } = await agent.supabase
      .rpc('sla_report', { p_since: since })
      .single()
      .throwOnError()
    // A first response long after its due time breaks the promise.
    await withPg(async (db) => {
      await db.query('begin')
      await db.query("set local session_replication_role = 'replica'")
      await db.query(
        "update public.tickets set first_response_due_at = now() - interval '5 minutes', first_response_at = now() where id = $1",
        [id],
      )
      await db.query('commit')
    })
    const { data: after } = await agent.supabase.rpc('sla_report', { p_since: since }).single().throwOnError()
    const b = before as { tickets: number; first_response_breached: number; answered: number }
    const a = after as {
      tickets: number
      first_response_breached: number
      answered: number
      median_first_response_minutes: number | null
    }
    expect(a.tickets).toBe(b.tickets)
    expect(a.first_response_breached).toBe(b.first_response_breached + 1)
    expect(a.answered).toBe(b.answered + 1)
    const customer = await signInAs('thabo')
    const { data: none } = await customer.supabase.rpc('sla_report', { p_since: since }).throwOnError()
    expect(none).toEqual([])
  })
})
