// Row-level security of time on tickets (issue 46, part 1): customers, company admins included,
// never read or write time entries, timers or totals, nor run the timer functions; an agent logs
// their own time, corrects it within 7 days and never someone else's; a provider admin corrects any.
import { beforeAll, describe, expect, it } from 'vitest'
import { DEMO, type DemoUser, sql, withPg } from '../helpers'
import { db, ticketIn, useCallers } from './callers'

useCallers()

const CUSTOMERS = ['anon', 'thabo', 'companyMember', 'companyAdmin'] as const

let ticket: string
/** An entry the agent logged, one the admin logged, both written as postgres with the author set. */
let agentEntry: string
let adminEntry: string

async function entryBy(author: DemoUser, minutes = 30): Promise<string> {
  const [row] = await sql<{ id: string }>(
    `insert into public.time_entries (ticket_id, agent_id, agent_name, minutes)
     values ($1, $2, 'x', $3) returning id`,
    [ticket, DEMO[author].id, minutes],
  )
  return (row as { id: string }).id
}

beforeAll(async () => {
  ticket = await ticketIn('open', 'companyAdmin')
  await sql('update public.tickets set company_id = $2 where id = $1', [
    ticket,
    '00000000-0000-4000-8000-0000000000c1',
  ])
  agentEntry = await entryBy('agent')
  adminEntry = await entryBy('providerAdmin')
  await sql(`insert into public.time_timers (agent_id, ticket_id) values ($1, $2)`, [DEMO.agent.id, ticket])
})

describe('time on tickets, as a customer', () => {
  it('anon, two customers and a company admin read no entry, timer or total', async () => {
    for (const caller of CUSTOMERS) {
      for (const table of ['time_entries', 'time_timers', 'ticket_time_totals'] as const) {
        const { data, error } = await db[caller].from(table).select('ticket_id').eq('ticket_id', ticket)
        if (caller === 'anon') expect(error?.code, `${caller} ${table}`).toBe('42501')
        else expect(data, `${caller} ${table}`).toEqual([])
      }
      const total = await db[caller].rpc('ticket_time_total', { p_ticket: ticket })
      if (caller === 'anon') expect(total.error?.code, caller).toBe('42501')
      else expect(total.data, caller).toEqual([])
    }
  })

  it('Realtime publishes entries (RLS-checked inserts and updates) but never running timers', async () => {
    // A published table's DELETE reaches every subscriber with its primary key, RLS or not: a
    // timer's key is who timed which ticket, an entry's only its own id.
    const published = await sql<{ tablename: string }>(
      `select tablename from pg_publication_tables
       where pubname = 'supabase_realtime' and tablename in ('time_entries', 'time_timers', 'ticket_time_totals')`,
    )
    expect(published.map((row) => row.tablename)).toEqual(['time_entries'])
  })

  it('they cannot log, change or remove time, nor start or stop a timer', async () => {
    for (const caller of CUSTOMERS) {
      const insert = await db[caller].from('time_entries').insert({ ticket_id: ticket, minutes: 5 })
      expect(insert.error?.code, caller).toBe('42501')
      const update = await db[caller]
        .from('time_entries')
        .update({ minutes: 1 })
        .eq('id', agentEntry)
        .select('id')
      expect(update.data ?? [], caller).toEqual([])
      const remove = await db[caller].from('time_entries').delete().eq('id', agentEntry).select('id')
      expect(remove.data ?? [], caller).toEqual([])
      const timer = await db[caller].from('time_timers').insert({ ticket_id: ticket })
      expect(timer.error?.code, caller).toBe('42501')
      const start = await db[caller].rpc('start_time_timer', { p_ticket: ticket })
      expect(start.error?.code, caller).toBe('42501')
      const stop = await db[caller].rpc('stop_time_timer', { p_ticket: ticket })
      expect(stop.error?.code, caller).toBe('42501')
      const totals = await db[caller]
        .from('ticket_time_totals')
        .update({ minutes: 0 })
        .eq('ticket_id', ticket)
      expect(totals.error?.code, caller).toBe('42501')
    }
    const [row] = await sql<{ minutes: number }>('select minutes from public.time_entries where id = $1', [
      agentEntry,
    ])
    expect(row?.minutes).toBe(30)
    const timers = await sql('select 1 from public.time_timers where ticket_id = $1', [ticket])
    expect(timers).toHaveLength(1)
  })
})

describe('time on tickets, as staff', () => {
  it('an agent reads every entry, timer and total on the ticket', async () => {
    const entries = await db.agent.from('time_entries').select('id').eq('ticket_id', ticket).throwOnError()
    expect(entries.data.map((e) => e.id).sort()).toEqual([agentEntry, adminEntry].sort())
    const timers = await db.agent
      .from('time_timers')
      .select('agent_id')
      .eq('ticket_id', ticket)
      .throwOnError()
    expect(timers.data).toEqual([{ agent_id: DEMO.agent.id }])
    const total = await db.agent.rpc('ticket_time_total', { p_ticket: ticket }).throwOnError()
    expect(total.data).toEqual([{ minutes: 60, billable_minutes: 60 }])
  })

  it('an agent logs time as themselves, whoever the request names', async () => {
    // agent_id is not writable: the column grant refuses naming someone else outright.
    const other = await db.agent
      .from('time_entries')
      .insert({ ticket_id: ticket, minutes: 5, agent_id: DEMO.providerAdmin.id })
    expect(other.error?.code).toBe('42501')
    const own = await db.agent
      .from('time_entries')
      .insert({ ticket_id: ticket, minutes: 5 })
      .select('id, agent_id')
      .single()
      .throwOnError()
    expect(own.data.agent_id).toBe(DEMO.agent.id)
    await sql('delete from public.time_entries where id = $1', [own.data.id])
  })

  it("an agent corrects their own entry within 7 days, not after, and never another's", async () => {
    const fresh = await db.agent
      .from('time_entries')
      .update({ minutes: 45 })
      .eq('id', agentEntry)
      .select('minutes')
      .throwOnError()
    expect(fresh.data).toEqual([{ minutes: 45 }])
    const others = await db.agent
      .from('time_entries')
      .update({ minutes: 1 })
      .eq('id', adminEntry)
      .select('id')
    expect(others.data ?? []).toEqual([])
    const removeOthers = await db.agent.from('time_entries').delete().eq('id', adminEntry).select('id')
    expect(removeOthers.data ?? []).toEqual([])

    const old = await entryBy('agent', 20)
    // Backdated past the stamp trigger, which keeps created_at as written.
    await withPg(async (pgClient) => {
      await pgClient.query('set session_replication_role = replica')
      await pgClient.query(
        "update public.time_entries set created_at = now() - interval '8 days' where id = $1",
        [old],
      )
    })
    const late = await db.agent.from('time_entries').update({ minutes: 1 }).eq('id', old).select('id')
    expect(late.data ?? []).toEqual([])
    const lateRemove = await db.agent.from('time_entries').delete().eq('id', old).select('id')
    expect(lateRemove.data ?? []).toEqual([])
    const [row] = await sql<{ minutes: number }>('select minutes from public.time_entries where id = $1', [
      old,
    ])
    expect(row?.minutes).toBe(20)

    // A provider admin corrects and removes anyone's, at any age.
    const admin = await db.providerAdmin
      .from('time_entries')
      .update({ minutes: 25, billable: false })
      .eq('id', old)
      .select('minutes, billable')
      .throwOnError()
    expect(admin.data).toEqual([{ minutes: 25, billable: false }])
    const adminRemove = await db.providerAdmin
      .from('time_entries')
      .delete()
      .eq('id', old)
      .select('id')
      .throwOnError()
    expect(adminRemove.data).toEqual([{ id: old }])
  })

  it('staff start and stop only their own timer; an admin cannot stop an agent’s', async () => {
    const admin = await db.providerAdmin.rpc('stop_time_timer', { p_ticket: ticket })
    expect(admin.error?.message).toMatch(/No timer of yours/)
    const timers = await sql('select 1 from public.time_timers where ticket_id = $1', [ticket])
    expect(timers).toHaveLength(1)
    const othersTimer = await db.providerAdmin
      .from('time_timers')
      .delete()
      .eq('agent_id', DEMO.agent.id)
      .select('ticket_id')
    expect(othersTimer.data ?? []).toEqual([])
    const stopped = await db.agent.rpc('stop_time_timer', { p_ticket: ticket }).single().throwOnError()
    expect(stopped.data.agent_id).toBe(DEMO.agent.id)
  })
})
