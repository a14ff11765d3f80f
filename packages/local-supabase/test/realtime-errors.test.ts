// §9.5 errors and column privileges, and §9.9's fallback when the database cannot decode WAL.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { silentLogger } from '../src/lib/log.js'
import { createRealtimeService } from '../src/realtime/service.js'
import { client, keys, sql, urls } from './helpers.js'
import { realtimeFixtures, staffUser, subscribed, unique, waitFor, watch } from './realtime-helpers.js'

const opened: ReturnType<typeof client>[] = []

beforeAll(async () => {
  await realtimeFixtures()
  await sql(`
    create table if not exists public.rt_nopk (label text);
    create table if not exists public.rt_cols (id int primary key, visible text, secret text);
    revoke select on public.rt_cols from authenticated;
    grant select (id, visible) on public.rt_cols to authenticated;
    create table if not exists public.rt_hidden_key (id int primary key, label text);
    revoke select on public.rt_hidden_key from anon;
    grant select (label) on public.rt_hidden_key to anon;
    do $$ declare t text; begin
      foreach t in array array['rt_nopk', 'rt_cols', 'rt_hidden_key'] loop
        if not exists (select 1 from pg_publication_tables where pubname = 'supabase_realtime' and tablename = t) then
          execute format('alter publication supabase_realtime add table public.%I', t);
        end if;
      end loop;
    end $$;
  `)
})

afterAll(async () => {
  for (const c of opened) await c.removeAllChannels()
})

const randomId = () => Math.floor(Math.random() * 1e9)

describe('errors and column privileges (§9.5)', () => {
  it('keeps only the columns the role may SELECT', async () => {
    const staff = await staffUser('rt-cols')
    await staff.supabase.realtime.setAuth()
    opened.push(staff.supabase)
    const w = await subscribed(watch(staff.supabase, unique('cols'), [{ event: 'INSERT', table: 'rt_cols' }]))
    const id = randomId()
    await sql('insert into public.rt_cols (id, visible, secret) values ($1, $2, $3)', [id, 'shown', 'hidden'])
    const event = await waitFor(() => w.events.find((e) => e.new.id === id), 1000, 'the change')
    expect(event.new).toEqual({ id, visible: 'shown' })
    expect(event.errors).toBeNull()
  })

  it('no primary key: "Error 400"; key not selectable: "Error 401"', async () => {
    const anon = client()
    opened.push(anon)
    const noPk = await subscribed(watch(anon, unique('nopk'), [{ event: 'INSERT', table: 'rt_nopk' }]))
    const hidden = await subscribed(
      watch(anon, unique('hidden'), [{ event: 'INSERT', table: 'rt_hidden_key' }]),
    )
    await sql('insert into public.rt_nopk (label) values ($1)', ['x'])
    await sql('insert into public.rt_hidden_key (id, label) values ($1, $2)', [randomId(), 'y'])
    const e400 = await waitFor(() => noPk.events[0], 1000, 'the no-key change')
    expect(e400).toMatchObject({
      table: 'rt_nopk',
      eventType: 'INSERT',
      new: {},
      errors: ['Error 400: Bad Request, no primary key'],
    })
    const e401 = await waitFor(() => hidden.events[0], 1000, 'the hidden-key change')
    expect(e401).toMatchObject({ table: 'rt_hidden_key', new: {}, errors: ['Error 401: Unauthorized'] })
  })

  it('a record over 1 MiB drops its long values: "Error 413"', async () => {
    const anon = client()
    opened.push(anon)
    const id = randomId()
    const w = await subscribed(
      watch(anon, unique('big'), [{ event: 'INSERT', table: 'rt_full', filter: `id=eq.${id}` }]),
    )
    await sql('insert into public.rt_full (id, label, note) values ($1, $2, $3)', [
      id,
      'short',
      'x'.repeat(1_100_000),
    ])
    const event = await waitFor(() => w.events[0], 2000, 'the big change')
    expect(event.new).toEqual({ id, label: 'short' })
    expect(event.errors).toEqual(['Error 413: Payload Too Large'])
  })
})

describe('no logical decoding (§9.9)', () => {
  let server: Server | undefined
  let svc: ReturnType<typeof createRealtimeService> | undefined
  afterAll(async () => {
    await svc?.close()
    server?.close()
  })

  it('postgres_changes answers a system error; the socket keeps working', async () => {
    // authenticator may not create replication slots, as on a database without logical WAL.
    const url = new URL(urls.db)
    url.username = 'authenticator'
    svc = createRealtimeService({ adminUrl: url.toString(), log: silentLogger })
    await svc.start()
    expect(svc.slotName()).toBeUndefined()
    server = createServer()
    server.on('upgrade', (req, socket, head) =>
      svc?.handleUpgrade(req, socket, head, new URL(req.url ?? '/', 'http://x')),
    )
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve))
    const port = (server.address() as AddressInfo).port
    const socket = new WebSocket(
      `ws://127.0.0.1:${port}/realtime/v1/websocket?apikey=${keys.anonKey}&vsn=2.0.0`,
    )
    const frames: unknown[][] = []
    socket.on('message', (data) => frames.push(JSON.parse(String(data))))
    await new Promise((resolve) => socket.once('open', resolve))
    const binding = { event: 'INSERT', schema: 'public', table: 'rt_messages' }
    socket.send(
      JSON.stringify(['1', '1', 'realtime:x', 'phx_join', { config: { postgres_changes: [binding] } }]),
    )
    await waitFor(() => frames[1], 2000, 'the join reply and system message')
    expect(frames[0]?.[4]).toMatchObject({
      status: 'ok',
      response: { postgres_changes: [{ ...binding, id: expect.any(Number) }] },
    })
    expect(frames[1]?.[3]).toBe('system')
    expect(frames[1]?.[4]).toMatchObject({
      extension: 'postgres_changes',
      status: 'error',
      message: expect.stringMatching(/replication/),
    })
    socket.close()
  })
})
