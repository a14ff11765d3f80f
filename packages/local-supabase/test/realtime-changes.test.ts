// Contract checks §10.9–13: subscribe, delivery, RLS per subscriber, filters, payloads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { admin, client, signedIn, sql } from './helpers.js'
import {
  realtimeFixtures,
  sleep,
  staffUser,
  subscribed,
  ticket,
  unique,
  type Watch,
  waitFor,
  watch,
} from './realtime-helpers.js'

const COMMIT_TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/

let staff: Awaited<ReturnType<typeof staffUser>>
let owner: Awaited<ReturnType<typeof signedIn>>
let other: Awaited<ReturnType<typeof signedIn>>
const anon = client()
let T: string
let U: string

beforeAll(async () => {
  await realtimeFixtures()
  staff = await staffUser()
  owner = await signedIn('rt-owner')
  other = await signedIn('rt-other')
  T = await ticket(owner.id)
  U = await ticket(other.id)
  for (const c of [staff.supabase, owner.supabase, other.supabase, anon]) await c.realtime.setAuth()
})

afterAll(async () => {
  for (const c of [staff.supabase, owner.supabase, other.supabase, anon]) await c.removeAllChannels()
})

const messages = (ticketId: string, event: 'INSERT' | '*' = 'INSERT') => [
  { event, table: 'rt_messages', filter: `ticket_id=eq.${ticketId}` },
]

describe('postgres_changes subscribe and delivery (§10.9, §10.10)', () => {
  it('staff subscribes after setAuth: SUBSCRIBED, then "Subscribed to PostgreSQL"', async () => {
    const w = await watch(staff.supabase, unique('sub'), messages(T))
    expect(w.statuses[0]).toEqual({ status: 'SUBSCRIBED', error: undefined })
    const system = await waitFor(() => w.system[0], 2000, 'system message')
    expect(system).toMatchObject({
      extension: 'postgres_changes',
      status: 'ok',
      message: 'Subscribed to PostgreSQL',
    })
  })

  it('a customer insert through REST reaches staff within 1 s, in the documented shape', async () => {
    const w = await subscribed(watch(staff.supabase, unique('deliver'), messages(T)))
    const started = Date.now()
    const insert = await owner.supabase
      .from('rt_messages')
      .insert({ ticket_id: T, body: 'hi', metadata: { a: 1 }, tags: ['x', 'y'], amount: 1.5, n: 42 })
    expect(insert.error).toBeNull()
    const event = await waitFor(() => w.events[0], 1000, 'the change')
    expect(event.receivedAt - started).toBeLessThan(1000)
    expect(event).toMatchObject({
      schema: 'public',
      table: 'rt_messages',
      eventType: 'INSERT',
      old: {},
      errors: null,
    })
    expect(event.commit_timestamp).toMatch(COMMIT_TIMESTAMP)
    expect(event.new).toMatchObject({
      ticket_id: T,
      body: 'hi',
      metadata: { a: 1 },
      tags: ['x', 'y'],
      amount: 1.5,
      n: 42,
    })
    expect(event.new.author_id).toBe(owner.id)
    expect(event.new.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+\+00:00$/)
  })

  it('delivers within 1 s of the commit (latency over 20 inserts)', async () => {
    const w = await subscribed(watch(staff.supabase, unique('latency'), messages(T)))
    const latencies: number[] = []
    for (let i = 0; i < 20; i++) {
      const started = Date.now()
      expect(
        (await owner.supabase.from('rt_messages').insert({ ticket_id: T, body: `n${i}` })).error,
      ).toBeNull()
      const event = await waitFor(() => w.events[i], 1000, `change ${i}`)
      latencies.push(event.receivedAt - started)
    }
    latencies.sort((a, b) => a - b)
    const p50 = latencies[Math.floor(latencies.length / 2)] as number
    const max = latencies[latencies.length - 1] as number
    console.log(`realtime latency REST insert → callback: p50 ${p50} ms, max ${max} ms`)
    expect(max).toBeLessThan(1000)
    expect(w.events.map((e) => e.new.body)).toEqual(Array.from({ length: 20 }, (_, i) => `n${i}`))
  })
})

describe('RLS per subscriber (§10.11)', () => {
  it('another customer and anon get nothing; the owner gets no internal notes; staff gets all', async () => {
    const staffWatch = await subscribed(watch(staff.supabase, unique('rls-staff'), messages(T)))
    const ownerWatch = await subscribed(watch(owner.supabase, unique('rls-owner'), messages(T)))
    const otherWatch = await subscribed(watch(other.supabase, unique('rls-other'), messages(T)))
    const anonWatch = await subscribed(watch(anon, unique('rls-anon'), messages(T)))
    expect(
      (await owner.supabase.from('rt_messages').insert({ ticket_id: T, body: 'customer' })).error,
    ).toBeNull()
    expect(
      (await staff.supabase.from('rt_messages').insert({ ticket_id: T, body: 'internal', internal: true }))
        .error,
    ).toBeNull()
    await waitFor(() => staffWatch.events.length >= 2, 1000, 'both messages for staff')
    await sleep(1500)
    expect(staffWatch.events.map((e) => e.new.body)).toEqual(['customer', 'internal'])
    expect(ownerWatch.events.map((e) => e.new.body)).toEqual(['customer'])
    expect(otherWatch.events).toEqual([])
    expect(anonWatch.events).toEqual([])
  })
})

describe('filters (§10.12)', () => {
  it('eq on another ticket gets nothing; in.(T,U) and neq work', async () => {
    const elsewhere = await subscribed(watch(staff.supabase, unique('f-other'), messages(U)))
    const inList = await subscribed(
      watch(staff.supabase, unique('f-in'), [
        { event: 'INSERT', table: 'rt_messages', filter: `ticket_id=in.(${T},${U})` },
      ]),
    )
    const notU = await subscribed(
      watch(staff.supabase, unique('f-neq'), [
        { event: 'INSERT', table: 'rt_messages', filter: `ticket_id=neq.${U}` },
      ]),
    )
    expect(
      (await owner.supabase.from('rt_messages').insert({ ticket_id: T, body: 'filtered' })).error,
    ).toBeNull()
    await waitFor(() => inList.events[0] && notU.events[0], 1000, 'in and neq deliveries')
    await sleep(1000)
    expect(elsewhere.events).toEqual([])
    expect(inList.events.map((e) => e.new.body)).toEqual(['filtered'])
    expect(notU.events.map((e) => e.new.body)).toEqual(['filtered'])
  })

  it('a bad filter or an unpublished table: SUBSCRIBED, a system error, and no events', async () => {
    const like = await watch(staff.supabase, unique('f-like'), [
      { event: 'INSERT', table: 'rt_messages', filter: 'ticket_id=like.x' },
    ])
    const unpublished = await watch(staff.supabase, unique('f-unpub'), [
      { event: '*', table: 'rt_unpublished' },
    ])
    for (const w of [like, unpublished]) expect(w.statuses[0]?.status).toBe('SUBSCRIBED')
    const likeError = await waitFor(() => like.system[0], 2000, 'filter error')
    expect(likeError).toMatchObject({
      status: 'error',
      message: 'Error parsing `filter` params: ["like", "x"]',
    })
    const tableError = await waitFor(() => unpublished.system[0], 2000, 'publication error')
    expect(tableError.status).toBe('error')
    expect(tableError.message).toMatch(
      /^Unable to subscribe to changes with given parameters\. Please check Realtime is enabled/,
    )
    await sql('insert into public.rt_unpublished (id, label) values ($1, $2)', [
      Math.floor(Math.random() * 1e9),
      'x',
    ])
    expect(
      (await owner.supabase.from('rt_messages').insert({ ticket_id: T, body: 'nobody' })).error,
    ).toBeNull()
    await sleep(1000)
    expect(like.events).toEqual([])
    expect(unpublished.events).toEqual([])
  })
})

describe('payloads (§10.13)', () => {
  it('UPDATE gives old={id} and a full new; DELETE gives old={id}', async () => {
    const doomed = await ticket(owner.id, 'to delete')
    const w: Watch = await subscribed(
      watch(staff.supabase, unique('p-tickets'), [
        { event: '*', table: 'rt_tickets', filter: `id=eq.${T}` },
        { event: 'DELETE', table: 'rt_tickets', filter: `id=eq.${doomed}` },
      ]),
    )
    expect(
      (await staff.supabase.from('rt_tickets').update({ status: 'pending' }).eq('id', T)).error,
    ).toBeNull()
    const update = await waitFor(() => w.events[0], 1000, 'the update')
    expect(update.eventType).toBe('UPDATE')
    expect(update.old).toEqual({ id: T })
    expect(update.new).toMatchObject({ id: T, owner_id: owner.id, status: 'pending', subject: 'help' })
    expect(Object.keys(update.new).sort()).toEqual(['id', 'owner_id', 'status', 'subject', 'updated_at'])
    await sql('delete from public.rt_tickets where id = $1', [doomed])
    const deleted = await waitFor(() => w.events[1], 1000, 'the delete')
    expect(deleted).toMatchObject({ eventType: 'DELETE', old: { id: doomed }, new: {}, errors: null })
  })

  it('REPLICA IDENTITY FULL gives the full old row', async () => {
    const id = Math.floor(Math.random() * 1e9)
    await sql('insert into public.rt_full (id, label, note) values ($1, $2, $3)', [id, 'before', 'kept'])
    const w = await subscribed(
      watch(anon, unique('p-full'), [{ event: 'UPDATE', table: 'rt_full', filter: `id=eq.${id}` }]),
    )
    expect((await admin().from('rt_full').update({ label: 'after' }).eq('id', id)).error).toBeNull()
    const event = await waitFor(() => w.events[0], 1000, 'the update')
    expect(event.old).toEqual({ id, label: 'before', note: 'kept' })
    expect(event.new).toEqual({ id, label: 'after', note: 'kept' })
  })
})
