/*
 * Change capture, option A of the contract (§9.9): a temporary pgoutput slot on a dedicated
 * superuser connection, polled over SQL like hosted Realtime polls its own slot. The slot dies
 * with the connection, so a crash never leaves one behind to block a `wal_level=replica` start.
 *
 * With no postgres_changes subscriber the slot is still consumed every 100 ms (no WAL is held
 * back) but advanced instead of read: PostgreSQL skips the output plugin and nothing is sent
 * here to decode. Hosted Realtime does no decoding for a tenant nobody listens to either; here
 * the reads cost about a third of PostgreSQL's time under a burst of writes (perf:tickets).
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
   * Resolves once a poll under way has finished. A subscriber registered before calling it gets
   * every change committed after it resolves: a poll that began before the subscriber was there
   * may have skipped the WAL written up to its start, never past it.
   */
  settled(): Promise<void>
  start(): Promise<void>
  stop(): Promise<void>
}

const BATCH = 100
const IDLE_MS = 100
const RETRY_MS = 1000

export function createCapture(options: {
  adminUrl: string
  log: Logger
  /** Whether anyone subscribes to postgres_changes; asked at the start of every poll. */
  listening: () => boolean
  onChanges: (changes: Change[]) => Promise<void>
}): Capture {
  const { log } = options
  const relations = new Map<number, Relation>()
  let client: pg.Client | undefined
  let slot: string | undefined
  let reason: string | undefined = 'change capture has not started'
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  let commitTime = new Date()

  async function open(): Promise<void> {
    const next = new pg.Client({
      connectionString: options.adminUrl,
      application_name: 'local-supabase realtime',
    })
    next.on('error', (error: Error) => {
      log.debug(`realtime capture connection: ${error.message}`)
      if (client === next) client = undefined
    })
    await next.connect()
    try {
      const level = (await next.query<{ wal_level: string }>('show wal_level')).rows[0]?.wal_level
      if (level !== 'logical') {
        reason = `logical decoding requires "wal_level" >= "logical" (the database has "${level}")`
        await next.end()
        return
      }
      const created = await next.query<{ slot_name: string }>(
        `select slot_name from pg_create_logical_replication_slot('local_supabase_realtime_' || pg_backend_pid(), 'pgoutput', true)`,
      )
      slot = created.rows[0]?.slot_name
      relations.clear()
      client = next
      reason = undefined
    } catch (error) {
      reason = (error as Error).message
      await next.end()
      throw error
    }
  }

  async function poll(): Promise<number> {
    if (!client) await open()
    if (!client || !slot) return 0
    if (!options.listening()) {
      await client.query('select pg_replication_slot_advance($1, pg_current_wal_lsn())', [slot])
      return 0
    }
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
      running = poll().then(
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
    async settled() {
      await running?.catch(() => undefined)
    },
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
      // Poll even without subscribers, so the slot never holds WAL back.
      schedule(0)
    },
    async stop() {
      stopped = true
      clearTimeout(timer)
      await running
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
