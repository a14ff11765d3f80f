// Contract §9.9, as hosted Realtime runs it: a capture slot exists only while someone subscribes
// to postgres_changes (and for a short linger after), so nobody listening costs PostgreSQL no
// decoding; while it exists it is consumed whether or not anyone listens, so it never holds WAL
// back, and with nobody listening it is advanced without decoding what it skips.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { silentLogger } from '../src/lib/log.js'
import { type Change, createCapture } from '../src/realtime/capture.js'
import { sql, urls } from './helpers.js'
import { realtimeFixtures, sleep } from './realtime-helpers.js'

describe('change capture with and without subscribers', () => {
  let listening = false
  /** The slot start() made to prove capture works (dropped at the first poll: nobody listens). */
  let startedWith: string | undefined
  const received: Change[] = []
  const capture = createCapture({
    adminUrl: urls.db,
    log: silentLogger,
    listening: () => listening,
    lingerMs: 1500,
    onChanges: async (changes) => {
      received.push(...changes)
    },
  })
  const labels = () => received.map((c) => c.newTuple?.[1])
  async function until(what: string, probe: () => Promise<boolean>): Promise<void> {
    const deadline = Date.now() + 3000
    while (!(await probe())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
      await sleep(20)
    }
  }
  /** Whether the slot has consumed the WAL up to `lsn`. */
  const consumed = async (lsn: string) =>
    (
      await sql<{ done: boolean }>(
        'select confirmed_flush_lsn >= $2::pg_lsn as done from pg_replication_slots where slot_name = $1',
        [capture.slotName(), lsn],
      )
    )[0]?.done === true
  /** Inserts a row and returns the WAL position after its commit. */
  async function insert(id: number, label: string): Promise<string> {
    await sql('insert into public.rt_full (id, label) values ($1, $2)', [id, label])
    return (await sql<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn'))[0]?.lsn ?? ''
  }

  beforeAll(async () => {
    await realtimeFixtures()
    await capture.start()
    expect(capture.unavailable()).toBeUndefined()
    startedWith = capture.slotName()
    expect(startedWith).toBeDefined()
  })
  afterAll(async () => {
    await capture.stop()
  })

  // Other test files run realtime services on the same database, each with its own slot.
  const slotExists = async (name: string | undefined) =>
    (await sql('select 1 from pg_replication_slots where slot_name = $1', [name])).length > 0

  it('holds no slot while nobody listens; a subscriber gets one before it is answered, and what follows is decoded', async () => {
    const name = capture.slotName() ?? startedWith
    await until('the unheard slot to be dropped', async () => capture.slotName() === undefined)
    expect(await slotExists(name)).toBe(false)
    const id = Math.floor(Math.random() * 1e9)
    await insert(id, 'while nobody listened')

    listening = true
    expect(await capture.settled()).toBeUndefined()
    expect(capture.slotName()).toBe(name) // named by the capture connection's backend
    expect(await slotExists(name)).toBe(true)
    const heard = await insert(id + 1, 'heard')
    await until('the heard insert to be decoded', async () => labels().includes('heard'))
    expect(await consumed(heard)).toBe(true)
    expect(labels()).toEqual(['heard'])
  })

  it('when the last subscriber leaves, advances the slot without decoding, then drops it', async () => {
    const name = capture.slotName()
    expect(name).toBeDefined()
    listening = false
    await capture.settled()
    const id = Math.floor(Math.random() * 1e9)
    const unheard = await insert(id, 'unheard')
    await until('the slot to pass the unheard insert', () => consumed(unheard))
    expect(labels()).not.toContain('unheard')
    await until('the slot to be dropped', async () => capture.slotName() === undefined)
    expect(await slotExists(name)).toBe(false)
  })
})
