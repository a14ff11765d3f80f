// Contract check §10.16 and §9.1–9.3 framing: vsn 1.0.0, heartbeats, keys, hostile frames,
// leave/close, drain (1001) and the capture slot dropped on stop.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { silentLogger } from '../src/lib/log.js'
import { createRealtimeService } from '../src/realtime/service.js'
import { testClientOptions } from '../src/testing.js'
import { admin, type client, keys, signedIn, sql, urls } from './helpers.js'
import { realtimeFixtures, sleep, staffUser, subscribed, unique, waitFor, watch } from './realtime-helpers.js'

const wsUrl = (apikey: string, vsn = '2.0.0') =>
  `${urls.api.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${encodeURIComponent(apikey)}&vsn=${vsn}`

/** A raw socket that collects the frames it receives, decoded. */
async function rawSocket(url: string) {
  const socket = new WebSocket(url)
  const frames: unknown[] = []
  socket.on('message', (data) => frames.push(JSON.parse(String(data))))
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve())
    socket.once('error', reject)
  })
  return { socket, frames }
}

function upgradeStatus(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url)
    socket.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0)
      socket.terminate()
    })
    socket.once('open', () => {
      resolve(101)
      socket.close()
    })
    socket.once('error', (error) => {
      if (!/Unexpected server response/.test(error.message)) reject(error)
    })
  })
}

const opened: ReturnType<typeof client>[] = []

beforeAll(async () => {
  await realtimeFixtures()
})

afterAll(async () => {
  for (const c of opened) await c.removeAllChannels()
})

describe('connect (§9.1)', () => {
  it('accepts the four keys and answers 403 to a bad or missing key', async () => {
    for (const key of [keys.anonKey, keys.serviceRoleKey, keys.publishableKey, keys.secretKey]) {
      expect(await upgradeStatus(wsUrl(key))).toBe(101)
    }
    expect(await upgradeStatus(wsUrl('sb_publishable_wrong'))).toBe(403)
    expect(await upgradeStatus(wsUrl('not-a-jwt'))).toBe(403)
    expect(await upgradeStatus(`${urls.api.replace(/^http/, 'ws')}/realtime/v1/websocket?vsn=2.0.0`)).toBe(
      403,
    )
    expect(await upgradeStatus(`${urls.api.replace(/^http/, 'ws')}/nowhere/websocket`)).toBe(404)
  })
})

describe('protocol (§10.16)', () => {
  it('vsn 1.0.0 works end to end', async () => {
    const base = testClientOptions()
    const supabase = createClient(urls.api, keys.anonKey, {
      ...base,
      realtime: { transport: WebSocket as never, vsn: '1.0.0' },
    })
    opened.push(supabase)
    const id = Math.floor(Math.random() * 1e9)
    await sql('insert into public.rt_full (id, label) values ($1, $2)', [id, 'v1'])
    const w = await subscribed(
      watch(supabase, unique('v1'), [{ event: 'UPDATE', table: 'rt_full', filter: `id=eq.${id}` }]),
    )
    expect((await admin().from('rt_full').update({ label: 'v1 after' }).eq('id', id)).error).toBeNull()
    const event = await waitFor(() => w.events[0], 1000, 'the vsn 1 change')
    expect(event.new).toMatchObject({ id, label: 'v1 after' })
  })

  it('answers heartbeats, from supabase-js and on the raw wire', async () => {
    const statuses: string[] = []
    const supabase = createClient(urls.api, keys.anonKey, {
      ...testClientOptions(),
      realtime: {
        transport: WebSocket as never,
        heartbeatIntervalMs: 300,
        heartbeatCallback: (status) => statuses.push(status),
      },
    })
    opened.push(supabase)
    const w = await watch(supabase, unique('beat'), [])
    expect(w.statuses[0]?.status).toBe('SUBSCRIBED')
    await waitFor(() => statuses.includes('ok'), 3000, 'a heartbeat reply')
    expect(statuses).not.toContain('timeout')
    const { socket, frames } = await rawSocket(wsUrl(keys.anonKey))
    socket.send('[null,"10","phoenix","heartbeat",{}]')
    await waitFor(() => frames[0], 1000, 'the raw heartbeat reply')
    expect(frames[0]).toEqual([null, '10', 'phoenix', 'phx_reply', { status: 'ok', response: {} }])
    socket.close()
  })

  it('join, leave and close frames are exactly §9.3', async () => {
    const { socket, frames } = await rawSocket(wsUrl(keys.anonKey))
    const topic = `realtime:${unique('raw')}`
    socket.send(
      JSON.stringify(['6', '6', topic, 'phx_join', { config: { postgres_changes: [], private: false } }]),
    )
    await waitFor(() => frames[0], 1000, 'the join reply')
    expect(frames[0]).toEqual([
      '6',
      '6',
      topic,
      'phx_reply',
      { status: 'ok', response: { postgres_changes: [] } },
    ])
    socket.send(JSON.stringify(['6', '12', topic, 'phx_leave', {}]))
    await waitFor(() => frames[2], 1000, 'the leave reply and close')
    expect(frames.slice(1)).toEqual([
      ['6', '12', topic, 'phx_reply', { status: 'ok', response: {} }],
      ['6', '6', topic, 'phx_close', {}],
    ])
    socket.send(JSON.stringify(['6', '13', topic, 'presence', {}]))
    await waitFor(() => frames[3], 1000, 'the unmatched-topic reply')
    expect(frames[3]).toEqual([
      '6',
      '13',
      topic,
      'phx_reply',
      { status: 'error', response: { reason: 'unmatched topic' } },
    ])
    socket.close()
  })

  it('hostile frames change nothing for this socket or the others', async () => {
    const bystander = await rawSocket(wsUrl(keys.anonKey))
    const { socket, frames } = await rawSocket(wsUrl(keys.anonKey))
    const topic = 'realtime:hostile'
    for (const junk of [
      'not json',
      '{}',
      '[1,2]',
      '[null,null,5,6,7]',
      JSON.stringify(['1', '1', topic, 'phx_join', 'a string payload']),
      JSON.stringify([
        '2',
        '2',
        'realtime:h2',
        'phx_join',
        { config: { postgres_changes: ['x', null, 5], presence: 7 } },
      ]),
      JSON.stringify([
        '3',
        '3',
        'realtime:h3',
        'phx_join',
        { config: { postgres_changes: [{ table: 'x"; drop table y; --', filter: "a=eq.'" }] } },
      ]),
      JSON.stringify(['1', '4', topic, 'access_token', { access_token: 'garbage.token.here' }]),
    ]) {
      socket.send(junk)
    }
    socket.send(Buffer.from([3, 200, 200, 200, 200, 200, 1, 1, 2]))
    socket.send(Buffer.from([9, 9, 9]))
    socket.send('[null,"99","phoenix","heartbeat",{}]')
    await waitFor(
      () => frames.find((f) => Array.isArray(f) && f[1] === '99'),
      3000,
      'a heartbeat reply after the junk',
    )
    expect(socket.readyState).toBe(WebSocket.OPEN)
    const h3 = frames.find(
      (f) => Array.isArray(f) && f[2] === 'realtime:h3' && f[3] === 'system',
    ) as unknown[]
    expect(h3?.[4]).toMatchObject({ status: 'error' })
    const closedByToken = frames.find((f) => Array.isArray(f) && f[2] === topic && f[3] === 'phx_close')
    expect(closedByToken).toBeDefined()
    bystander.socket.send('[null,"1","phoenix","heartbeat",{}]')
    await waitFor(() => bystander.frames[0], 1000, 'the bystander heartbeat')
    expect(bystander.frames[0]).toEqual([null, '1', 'phoenix', 'phx_reply', { status: 'ok', response: {} }])
    socket.close()
    bystander.socket.close()
  })

  it('a closed socket gives the others a presence leave', async () => {
    const one = await staffUser('rt-close-1')
    const two = await signedIn('rt-close-2')
    opened.push(one.supabase, two.supabase)
    const name = unique('closing')
    const leaves: string[] = []
    const a = one.supabase.channel(name, { config: { presence: { key: 'a' } } })
    a.on('presence', { event: 'leave' }, ({ key }) => leaves.push(key))
    const b = two.supabase.channel(name, { config: { presence: { key: 'b' } } })
    b.on('presence', { event: 'sync' }, () => undefined)
    const subscribedAll = Promise.all(
      [a, b].map((c) => new Promise<void>((resolve) => c.subscribe((s) => s === 'SUBSCRIBED' && resolve()))),
    )
    await subscribedAll
    await b.track({ here: true })
    await waitFor(() => a.presenceState().b, 2000, 'b in presence')
    two.supabase.realtime.disconnect()
    await waitFor(() => leaves.includes('b'), 2000, 'the leave after the socket closed')
    expect(a.presenceState().b).toBeUndefined()
  })
})

describe('lifecycle', () => {
  let svc: ReturnType<typeof createRealtimeService> | undefined
  afterAll(async () => {
    await svc?.close()
  })

  it('holds a capture slot only while someone subscribes to postgres_changes; drain() closes sockets with 1001; stop drops the slot', async () => {
    const slots = async () =>
      (await sql<{ slot_name: string }>('select slot_name from pg_replication_slots')).map((r) => r.slot_name)
    svc = createRealtimeService({ adminUrl: urls.db, log: silentLogger })
    await svc.start()
    // Created at start to prove changes can be captured, then dropped: nobody listens. (Other test
    // files' services have slots of their own on this database.)
    const name = svc.slotName()
    expect(name).toMatch(/^local_supabase_realtime_\d+$/)
    await waitFor(() => svc?.slotName() === undefined, 3000, 'the unheard slot to be dropped')
    expect(await slots()).not.toContain(name)
    const server = createServer()
    server.on('upgrade', (req, socket, head) =>
      svc?.handleUpgrade(req, socket, head, new URL(req.url ?? '/', 'http://x')),
    )
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const port = (server.address() as AddressInfo).port
    const socket = new WebSocket(
      `ws://127.0.0.1:${port}/realtime/v1/websocket?apikey=${keys.anonKey}&vsn=2.0.0`,
    )
    await new Promise((resolve) => socket.once('open', resolve))
    const frames: unknown[][] = []
    socket.on('message', (data) => frames.push(JSON.parse(String(data))))
    const binding = { event: 'INSERT', schema: 'public', table: 'rt_messages' }
    socket.send(
      JSON.stringify(['1', '1', 'realtime:x', 'phx_join', { config: { postgres_changes: [binding] } }]),
    )
    await waitFor(() => frames[1], 3000, 'the join reply and system message')
    expect(frames[1]?.[4]).toMatchObject({ extension: 'postgres_changes', status: 'ok' })
    expect(svc.slotName()).toBe(name) // named by the capture connection's backend
    expect(await slots()).toContain(name)
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)))
    svc.drain()
    expect(await closed).toBe(1001)
    await svc.close()
    svc = undefined
    server.close()
    await sleep(50)
    expect(await slots()).not.toContain(name)
  })
})
