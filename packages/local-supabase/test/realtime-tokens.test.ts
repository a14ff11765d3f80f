// Contract check §10.14: token refresh, expiry while joined, and the restored-session race.
import { createClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { signSessionToken } from '../src/lib/jwt.js'
import { testClientOptions } from '../src/testing.js'
import { client, confirmedUser, keys, signedIn, urls } from './helpers.js'
import {
  realtimeFixtures,
  sleep,
  staffUser,
  subscribed,
  ticket,
  unique,
  waitFor,
  watch,
} from './realtime-helpers.js'

/** `ws`, recording what the client sends, so the test can see the `access_token` push. */
function recordingTransport(sent: unknown[]) {
  return class extends WebSocket {
    override send(data: unknown, ...rest: unknown[]) {
      if (typeof data === 'string') sent.push(JSON.parse(data))
      return (super.send as (...args: unknown[]) => void)(data, ...rest)
    }
  }
}

let owner: Awaited<ReturnType<typeof signedIn>>
let T: string
const opened: ReturnType<typeof client>[] = []

beforeAll(async () => {
  await realtimeFixtures()
  owner = await signedIn('rt-token-owner')
  T = await ticket(owner.id)
})

afterAll(async () => {
  for (const c of opened) await c.removeAllChannels()
})

const ownerMessages = () => [{ event: 'INSERT' as const, table: 'rt_messages', filter: `ticket_id=eq.${T}` }]

describe('tokens (§10.14)', () => {
  it('refreshSession() sends an access_token frame and events keep coming', async () => {
    const staff = await staffUser('rt-refresh')
    const sent: unknown[] = []
    const base = testClientOptions()
    const supabase = createClient(urls.api, keys.anonKey, {
      ...base,
      realtime: { transport: recordingTransport(sent) as never },
    })
    opened.push(supabase)
    expect(
      (await supabase.auth.signInWithPassword({ email: staff.email, password: staff.password })).error,
    ).toBeNull()
    await supabase.realtime.setAuth()
    const w = await subscribed(watch(supabase, unique('refresh'), ownerMessages()))
    // A refresh in the same second could mint the identical token, which the client never re-sends.
    await sleep(1100)
    const refreshed = await supabase.auth.refreshSession()
    expect(refreshed.error).toBeNull()
    const token = refreshed.data.session?.access_token
    const push = await waitFor(
      () =>
        sent.find(
          (frame) => Array.isArray(frame) && frame[3] === 'access_token' && frame[4]?.access_token === token,
        ),
      2000,
      'the access_token frame',
    )
    expect(push).toBeDefined()
    expect(
      (await owner.supabase.from('rt_messages').insert({ ticket_id: T, body: 'after refresh' })).error,
    ).toBeNull()
    const event = await waitFor(() => w.events[0], 1000, 'the change after the refresh')
    expect(event.new.body).toBe('after refresh')
    expect(w.statuses.map((s) => s.status)).toEqual(['SUBSCRIBED'])
  })

  it('an expiring token gives "Token has expired …", then CLOSED', async () => {
    const user = await confirmedUser()
    const now = Math.floor(Date.now() / 1000)
    const token = await signSessionToken({
      sub: user.id,
      role: 'authenticated',
      aud: 'authenticated',
      iat: now,
      exp: now + 3,
    })
    const supabase = client()
    opened.push(supabase)
    await supabase.realtime.setAuth(token)
    const w = await subscribed(watch(supabase, unique('expiry'), ownerMessages()))
    const closed = await waitFor(() => w.statuses.find((s) => s.status === 'CLOSED'), 6000, 'CLOSED')
    expect(closed).toBeDefined()
    expect(w.system.find((s) => s.extension === 'system')).toMatchObject({
      status: 'error',
      message: expect.stringMatching(/^Token has expired \d+ seconds ago$/),
    })
  })

  it('a join with an expired token fails with InvalidJWTToken', async () => {
    const user = await confirmedUser()
    const now = Math.floor(Date.now() / 1000)
    const token = await signSessionToken({
      sub: user.id,
      role: 'authenticated',
      iat: now - 100,
      exp: now - 12,
    })
    const supabase = client()
    opened.push(supabase)
    await supabase.realtime.setAuth(token)
    const w = await watch(supabase, unique('expired-join'), ownerMessages())
    expect(w.statuses[0]?.status).toBe('CHANNEL_ERROR')
    expect(w.statuses[0]?.error).toMatch(/^InvalidJWTToken: Token has expired 1[2-4] seconds ago$/)
  })

  it('a restored session that subscribes without setAuth() runs as anon and gets nothing (hosted parity)', async () => {
    const storage = new Map<string, string>()
    const store = {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
      removeItem: (key: string) => void storage.delete(key),
    }
    const first = client(keys.anonKey, { auth: { storage: store } })
    expect(
      (await first.auth.signInWithPassword({ email: owner.email, password: owner.password })).error,
    ).toBeNull()
    const restored = client(keys.anonKey, { auth: { storage: store } })
    const control = client(keys.anonKey, { auth: { storage: store } })
    opened.push(first, restored, control)
    const racing = await watch(restored, unique('race'), ownerMessages())
    await control.auth.getSession()
    await control.realtime.setAuth()
    const w = await subscribed(watch(control, unique('race-control'), ownerMessages()))
    expect(racing.statuses[0]?.status).toBe('SUBSCRIBED')
    expect((await owner.supabase.from('rt_messages').insert({ ticket_id: T, body: 'race' })).error).toBeNull()
    await waitFor(() => w.events[0], 1000, 'the control delivery')
    await sleep(1000)
    expect(racing.events).toEqual([])
  })
})
