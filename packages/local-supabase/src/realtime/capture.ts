/*
 * Change capture, option A of the contract (§9.9): a temporary pgoutput slot on a dedicated
 * superuser connection, polled over SQL like hosted Realtime polls its own slot. The slot dies
 * with the connection, so a crash never leaves one behind to block a `wal_level=replica` start.
 *
 * With no postgres_changes subscriber the slot is advanced instead of read (no WAL is held back,
 * nothing is sent here to decode), and once nobody has listened for `lingerMs` it is dropped: even
 * advancing makes PostgreSQL decode every WAL record it passes, most of a core under a burst of
 * writes (a million-ticket seed, perf:tickets). The first subscriber after that gets a new slot
 * before its join is answered (`settled`). Hosted Realtime does the same: its poller, and with it
 * the temporary slot, starts for a tenant's first postgres_changes subscriber
 * (`Extensions.PostgresCdcRls.handle_connect`). Creating a slot waits for the transactions running
 * at that moment to end, so a join can wait as long as the longest of them.
 */
import pg from 'pg'
import type { Logger } from '../lib/log.js'
import { decodeMessage, type Relation, type TupleValue } from './pgoutput.js'

export type Action = 'INSERT' | 'UPDATE' | 'DELETE'

export interface Change {
  relation: Relation
  action: Action
  commitTime: Date
  newTuple?: TupleValue[]
  oldTuple?: TupleValue[]
}

export interface Capture {
  /** Why changes cannot be captured (e.g. `wal_level` is not logical), or undefined when they can. */
  unavailable(): string | undefined
  slotName(): string | undefined
  /**
   * Resolves once a poll under way has finished and, while someone listens, the slot exists: to
   * undefined, or to why the slot cannot be made (e.g. none left). A subscriber registered before
   * calling it gets every change committed after it resolves: a poll that began before the
   * subscriber was there may have skipped the WAL written up to its start, never past it.
   */
  settled(): Promise<string | undefined>
  start(): Promise<void>
  stop(): Promise<void>
}

const BATCH = 100
const IDLE_MS = 100
const RETRY_MS = 1000
const LINGER_MS = 30_000

export function createCapture(options: {
  adminUrl: string
  log: Logger
  /** Whether anyone subscribes to postgres_changes; asked at the start of every poll. */
  listening: () => boolean
  onChanges: (changes: Change[]) => Promise<void>
  /** How long the slot outlives its last subscriber (a page reload should not recreate it). */
  lingerMs?: number
}): Capture {
  const { log } = options
  const lingerMs = options.lingerMs ?? LINGER_MS
  const relations = new Map<number, Relation>()
  let client: pg.Client | undefined
  let slot: string | undefined
  let reason: string | undefined = 'change capture has not started'
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  let commitTime = new Date()
  /** When the last subscriber left, while the slot lingers. */
  let unheardSince: number | undefined
  // Polls, slot creation and dropping take turns on the one connection.
  let turn: Promise<unknown> = Promise.resolve()
  function exclusive<T>(task: () => Promise<T>): Promise<T> {
    const result = turn.then(task)
    turn = result.catch(() => undefined)
    return result
  }

  async function open(): Promise<void> {
    const next = new pg.Client({
      connectionString: options.adminUrl,
      application_name: 'local-supabase realtime',
    })
    next.on('error', (error: Error) => {
      log.debug(`realtime capture connection: ${error.message}`)
      // The temporary slot died with the connection.
      if (client === next) {
        client = undefined
        slot = undefined
      }
    })
    await next.connect()
    try {
      const level = (await next.query<{ wal_level: string }>('show wal_level')).rows[0]?.wal_level
      if (level !== 'logical') {
        reason = `logical decoding requires "wal_level" >= "logical" (the database has "${level}")`
        await next.end()
        return
      }
      client = next
      await createSlot()
      reason = undefined
    } catch (error) {
      reason = (error as Error).message
      await next.end()
      throw error
    }
  }

  async function createSlot(): Promise<void> {
    if (!client) return
    const created = await client.query<{ slot_name: string }>(
      `select slot_name from pg_create_logical_replication_slot('local_supabase_realtime_' || pg_backend_pid(), 'pgoutput', true)`,
    )
    slot = created.rows[0]?.slot_name
    relations.clear()
  }

  async function poll(): Promise<number> {
    if (!client) await open()
    if (!client) return 0
    if (!options.listening()) {
      if (!slot) return 0
      unheardSince ??= Date.now()
      if (Date.now() - unheardSince >= lingerMs) {
        await client.query('select pg_drop_replication_slot($1)', [slot])
        slot = undefined
        return 0
      }
      await client.query('select pg_replication_slot_advance($1, pg_current_wal_lsn())', [slot])
      return 0
    }
    unheardSince = undefined
    if (!slot) await createSlot()
    if (!slot) return 0
    const { rows } = await client.query<{ data: Buffer }>(
      `select data from pg_logical_slot_get_binary_changes($1, null, ${BATCH}, 'proto_version', '1', 'publication_names', 'supabase_realtime')`,
      [slot],
    )
    const changes: Change[] = []
    for (const row of rows) {
      const message = decodeMessage(row.data)
      if (message.kind === 'begin') commitTime = message.commitTime
      else if (message.kind === 'relation') relations.set(message.relation.oid, message.relation)
      else if (message.kind === 'insert' || message.kind === 'update' || message.kind === 'delete') {
        const relation = relations.get(message.relationOid)
        if (!relation) {
          log.warn(`realtime: change for unknown relation ${message.relationOid} skipped`)
          continue
        }
        changes.push({
          relation,
          action: message.kind.toUpperCase() as Action,
          commitTime,
          newTuple: message.kind === 'delete' ? undefined : message.newTuple,
          oldTuple: message.kind === 'insert' ? undefined : message.oldTuple,
        })
      }
    }
    if (changes.length > 0) await options.onChanges(changes)
    return rows.length
  }

  function schedule(ms: number): void {
    if (stopped) return
    timer = setTimeout(() => {
      running = exclusive(poll).then(
        // A full batch means more is waiting: poll again at once.
        (count) => schedule(count >= BATCH ? 0 : IDLE_MS),
        (error: Error) => {
          if (!stopped) log.warn(`realtime capture: ${error.message}`)
          schedule(RETRY_MS)
        },
      )
    }, ms)
  }

  return {
    unavailable: () => reason,
    slotName: () => slot,
    settled: () =>
      exclusive(async () => {
        if (stopped || (reason && !client)) return reason ?? 'change capture has stopped'
        if (!client) await open()
        if (options.listening() && !slot) await createSlot()
        return slot || !options.listening() ? undefined : (reason ?? 'change capture is not running')
      }).catch((error: Error) => error.message),
    async start() {
      try {
        await open()
      } catch (error) {
        log.warn(`realtime: no change capture: ${(error as Error).message}`)
      }
      if (reason) {
        log.warn(`realtime: postgres_changes disabled: ${reason}`)
        return
      }
      // The slot proved that changes can be captured; nobody listens yet, so the first poll drops
      // it. Polls go on without subscribers, so a lingering slot never holds WAL back.
      if (!options.listening()) unheardSince = Number.NEGATIVE_INFINITY
      schedule(0)
    },
    async stop() {
      stopped = true
      clearTimeout(timer)
      await running
      await turn
      const current = client
      client = undefined
      if (!current) return
      try {
        if (slot) await current.query('select pg_drop_replication_slot($1)', [slot])
      } finally {
        await current.end()
      }
    },
  }
}
