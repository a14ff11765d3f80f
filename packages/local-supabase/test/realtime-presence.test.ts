// Contract check §10.15 (presence, private channels, removeChannel) and broadcast (§9.3, MAY).
import type { RealtimeChannel } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signSessionToken } from '../src/lib/jwt.js'
import { client, keys, signedIn, urls } from './helpers.js'
import { realtimeFixtures, sleep, staffUser, unique, waitFor } from './realtime-helpers.js'

type Client = ReturnType<typeof client>
const opened: Client[] = []

beforeAll(async () => {
  await realtimeFixtures()
})

afterAll(async () => {
  for (const c of opened) await c.removeAllChannels()
})

async function join(
  supabase: Client,
  name: string,
  config: Record<string, unknown>,
  setup: (channel: RealtimeChannel) => void = () => undefined,
) {
  const channel = supabase.channel(name, { config })
  setup(channel)
  const statuses: { status: string; error?: string }[] = []
  channel.subscribe((status, error) => statuses.push({ status, error: error?.message }))
  await waitFor(() => statuses.length > 0, 5000, `a status for ${name}`)
  return { channel, statuses }
}

async function staffClient(prefix: string) {
  const user = await staffUser(prefix)
  await user.supabase.realtime.setAuth()
  opened.push(user.supabase)
  return user
}

describe('presence (§10.15)', () => {
  it('two staff track and see each other; closing one gives a leave; removeChannel is "ok"', async () => {
    const one = await staffClient('rt-presence-1')
    const two = await staffClient('rt-presence-2')
    const name = unique('room')
    const leaves: { key: string }[] = []
    const a = await join(one.supabase, name, { presence: { key: one.id } }, (channel) =>
      channel.on('presence', { event: 'leave' }, (payload) => leaves.push(payload)),
    )
    const b = await join(two.supabase, name, { presence: { key: two.id } }, (channel) =>
      channel.on('presence', { event: 'sync' }, () => undefined),
    )
    expect([a.statuses[0]?.status, b.statuses[0]?.status]).toEqual(['SUBSCRIBED', 'SUBSCRIBED'])
    expect(await a.channel.track({ viewing: 'T', name: 'one' })).toBe('ok')
    expect(await b.channel.track({ viewing: 'T', name: 'two' })).toBe('ok')
    for (const channel of [a.channel, b.channel]) {
      const state = await waitFor(
        () => (Object.keys(channel.presenceState()).length === 2 ? channel.presenceState() : undefined),
        2000,
        'both members in presenceState()',
      )
      expect(state[one.id]).toEqual([
        expect.objectContaining({ name: 'one', viewing: 'T', presence_ref: expect.any(String) }),
      ])
      expect(state[two.id]).toEqual([
        expect.objectContaining({ name: 'two', viewing: 'T', presence_ref: expect.any(String) }),
      ])
    }
    expect(await two.supabase.removeChannel(b.channel)).toBe('ok')
    const leave = await waitFor(() => leaves.find((l) => l.key === two.id), 2000, 'the leave')
    expect(leave).toBeDefined()
    expect(Object.keys(a.channel.presenceState())).toEqual([one.id])
  })

  it('a private helpdesk channel: a customer is refused, staff may join and track', async () => {
    const customer = await signedIn('rt-private-customer')
    await customer.supabase.realtime.setAuth()
    opened.push(customer.supabase)
    const staff = await staffClient('rt-private-staff')
    const topic = `rt-helpdesk:ticket:${crypto.randomUUID()}`
    const refused = await join(customer.supabase, topic, { private: true, presence: { key: customer.id } })
    expect(refused.statuses[0]).toEqual({
      status: 'CHANNEL_ERROR',
      error: `Unauthorized: You do not have permissions to read from this Channel topic: ${topic}`,
    })
    const anon = client()
    opened.push(anon)
    const anonRefused = await join(anon, topic, { private: true })
    expect(anonRefused.statuses[0]?.status).toBe('CHANNEL_ERROR')
    const allowed = await join(
      staff.supabase,
      topic,
      { private: true, presence: { key: staff.id } },
      (channel) => channel.on('presence', { event: 'sync' }, () => undefined),
    )
    expect(allowed.statuses[0]?.status).toBe('SUBSCRIBED')
    expect(await allowed.channel.track({ agent: 'staff' })).toBe('ok')
    const state = await waitFor(() => allowed.channel.presenceState()[staff.id], 2000, 'own presence')
    expect(state).toEqual([expect.objectContaining({ agent: 'staff' })])
  })
})

describe('private channel identity', () => {
  it('a token update re-runs the policies: a customer token closes a staff channel', async () => {
    const staff = await staffClient('rt-private-switch')
    const customer = await signedIn('rt-private-switch-customer')
    const topic = `rt-helpdesk:ticket:${crypto.randomUUID()}`
    const system: { message: string }[] = []
    const joined = await join(staff.supabase, topic, { private: true }, (channel) =>
      channel.on('system', {}, (payload) => system.push(payload)),
    )
    expect(joined.statuses[0]?.status).toBe('SUBSCRIBED')
    await staff.supabase.realtime.setAuth(customer.session.access_token)
    await waitFor(() => joined.statuses.find((s) => s.status === 'CLOSED'), 2000, 'CLOSED')
    expect(system[0]?.message).toBe(
      `Unauthorized: You do not have permissions to read from this Channel topic: ${topic}`,
    )
  })

  it('a token whose role does not exist is refused, not an error', async () => {
    const now = Math.floor(Date.now() / 1000)
    const token = await signSessionToken({
      sub: crypto.randomUUID(),
      role: 'no_such_role',
      iat: now,
      exp: now + 60,
    })
    const supabase = client()
    opened.push(supabase)
    await supabase.realtime.setAuth(token)
    const refused = await join(supabase, `rt-helpdesk:${unique('role')}`, { private: true })
    expect(refused.statuses[0]?.status).toBe('CHANNEL_ERROR')
    expect(refused.statuses[0]?.error).toMatch(/^Unauthorized: /)
  })
})

describe('broadcast', () => {
  it('relays to the other members, acks, and skips the sender unless self', async () => {
    const sender = client()
    const receiver = client()
    opened.push(sender, receiver)
    const name = unique('broadcast')
    const got: { sender: unknown[]; receiver: unknown[] } = { sender: [], receiver: [] }
    const a = await join(sender, name, { broadcast: { ack: true, self: false } }, (channel) =>
      channel.on('broadcast', { event: 'ping' }, (payload) => got.sender.push(payload)),
    )
    const b = await join(receiver, name, {}, (channel) =>
      channel.on('broadcast', { event: 'ping' }, (payload) => got.receiver.push(payload)),
    )
    expect([a.statuses[0]?.status, b.statuses[0]?.status]).toEqual(['SUBSCRIBED', 'SUBSCRIBED'])
    expect(await a.channel.send({ type: 'broadcast', event: 'ping', payload: { n: 1 } })).toBe('ok')
    await waitFor(() => got.receiver[0], 1000, 'the broadcast')
    expect(got.receiver[0]).toMatchObject({ type: 'broadcast', event: 'ping', payload: { n: 1 } })
    const rest = await fetch(`${urls.api}/realtime/v1/api/broadcast`, {
      method: 'POST',
      headers: { apikey: keys.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ messages: [{ topic: name, event: 'ping', payload: { n: 2 } }] }),
    })
    expect(rest.status).toBe(202)
    await waitFor(() => got.receiver[1], 1000, 'the REST broadcast')
    expect(got.receiver[1]).toMatchObject({ event: 'ping', payload: { n: 2 } })
    await sleep(300)
    expect(got.sender).toEqual([expect.objectContaining({ payload: { n: 2 } })])
  })
})
