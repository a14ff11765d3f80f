// Contract §9.9: the capture slot is consumed whether or not anyone listens, so it never holds WAL
// back; with no postgres_changes subscriber it is advanced without decoding what it skips.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { silentLogger } from '../src/lib/log.js'
import { type Change, createCapture } from '../src/realtime/capture.js'
import { sql, urls } from './helpers.js'
import { realtimeFixtures, sleep } from './realtime-helpers.js'

describe('change capture with and without subscribers', () => {
  let listening = false
  const received: Change[] = []
  const capture = createCapture({
    adminUrl: urls.db,
    log: silentLogger,
    listening: () => listening,
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
  })
  afterAll(async () => {
    await capture.stop()
  })

  it('with nobody listening, consumes the WAL without decoding it; once someone listens, decodes what follows', async () => {
    const id = Math.floor(Math.random() * 1e9)
    const unheard = await insert(id, 'unheard')
    await until('the slot to pass the unheard insert', () => consumed(unheard))
    expect(labels()).not.toContain('unheard')

    listening = true
    await capture.settled()
    const heard = await insert(id + 1, 'heard')
    await until('the heard insert to be decoded', async () => labels().includes('heard'))
    expect(await consumed(heard)).toBe(true)
    expect(labels()).toEqual(['heard'])
  })
})
