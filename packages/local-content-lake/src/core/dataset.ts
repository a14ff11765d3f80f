/**
 * One dataset: the LakeDataset the HTTP layer uses. A commit runs alone (in call order) through
 * validate and apply on a working copy → append and fsync the log line → swap into the store →
 * notify subscribers → resolve; a failure anywhere before the append leaves no trace.
 */
import { applyPatch } from 'mendoza'
import { applyActions } from './actions.js'
import { toLoggedChange, WorkingSet } from './commit.js'
import { type ErrorKind, itemError, malformed } from './errors.js'
import { History } from './history.js'
import {
  datasetFiles,
  type LogEntry,
  readLog,
  readMeta,
  readSnapshot,
  TransactionLog,
  writeMeta,
  writeSnapshot,
} from './log.js'
import { applyMutations } from './mutations.js'
import { compileFilter, type QueryContext, runQuery } from './query.js'
import { DocumentStore } from './store.js'
import type {
  ActOptions,
  CommittedTransaction,
  HistoryTransaction,
  HistoryTransactionsOptions,
  LakeDataset,
  LakeDocument,
  ListenFilter,
  MutateOptions,
  MutationResultItem,
  Perspective,
} from './types.js'
import { isPlainObject, randomId, withoutRev } from './util.js'

export interface DatasetOptions {
  projectId: string
  author: string
  /** Write a snapshot after this many transactions (besides on close). */
  compactEvery: number
}

type Listener = (transaction: CommittedTransaction) => void

export class Dataset implements LakeDataset {
  private queue: Promise<unknown> = Promise.resolve()
  private readonly listeners = new Set<Listener>()
  private sinceSnapshot = 0
  private lastTimestamp = ''
  private lastTxnId: string | null = null
  private closed = false

  private constructor(
    readonly name: string,
    private readonly dir: string,
    private readonly options: DatasetOptions,
    private readonly store: DocumentStore,
    private readonly history: History,
    private readonly log: TransactionLog,
    private lastSeq: number,
  ) {}

  static async open(dir: string, name: string, options: DatasetOptions): Promise<Dataset> {
    const meta = await readMeta(dir)
    const store = new DocumentStore(await readSnapshot(dir))
    const entries = await readLog(dir)
    const pending = entries.filter((entry) => entry.seq > meta.snapshotSeq)
    for (const entry of pending) replay(store, entry)
    const history = new History(entries, store)
    const dataset = new Dataset(
      name,
      dir,
      options,
      store,
      history,
      await TransactionLog.open(dir),
      entries.at(-1)?.seq ?? 0,
    )
    dataset.sinceSnapshot = pending.length
    dataset.lastTimestamp = entries.at(-1)?.timestamp ?? ''
    dataset.lastTxnId = entries.at(-1)?.id ?? null
    return dataset
  }

  get assetsDir(): string {
    return datasetFiles(this.dir).assets
  }

  private get context(): QueryContext {
    return { identity: this.options.author, projectId: this.options.projectId, dataset: this.name }
  }

  query(
    query: string,
    params: Record<string, unknown>,
    options: { perspective: Perspective },
  ): Promise<unknown> {
    return runQuery(this.store.view(options.perspective), query, params, this.context)
  }

  getDocuments(ids: string[]): (LakeDocument | undefined)[] {
    return ids.map((id) => this.store.get(id))
  }

  async mutate(
    mutations: unknown[],
    options: MutateOptions = {},
  ): Promise<{ transaction: CommittedTransaction; results: MutationResultItem[] }> {
    if (!Array.isArray(mutations)) throw malformed('mutationError', 0, 'mutations must be a list')
    const { transaction, result } = await this.commit('mutate', mutations, options, (ws) =>
      applyMutations(ws, mutations, {
        autoGenerateArrayKeys: options.autoGenerateArrayKeys,
        select: async (query, params) => idsOf(await runQuery(ws.documents(), query, params, this.context)),
      }),
    )
    const byId = new Map(transaction.changes.map((change) => [change.id, change]))
    const results = result.map((item): MutationResultItem => {
      if (!options.returnDocuments) return item
      const change = byId.get(item.id)
      const document = change ? (change.after ?? change.before) : this.store.get(item.id)
      return document ? { ...item, document } : item
    })
    return { transaction, results }
  }

  async act(actions: unknown[], options: ActOptions = {}): Promise<CommittedTransaction> {
    if (!Array.isArray(actions)) throw malformed('actionError', 0, 'actions must be a list')
    const { transaction } = await this.commit('act', actions, options, async (ws) =>
      applyActions(ws, actions),
    )
    return transaction
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener)
    return () => {
      this.listeners.delete(listener)
    }
  }

  compileFilter(query: string, params: Record<string, unknown>): ListenFilter {
    return compileFilter(query, params, this.context)
  }

  historyTransactions(ids: string[], options: HistoryTransactionsOptions): HistoryTransaction[] {
    return this.history.transactions(ids, options)
  }

  documentsAt(ids: string[], at: { revision?: string; time?: string }): LakeDocument[] {
    return this.history.documentsAt(ids, at)
  }

  /** Folds the log into `documents.ndjson`; waits for commits in flight. */
  compact(): Promise<void> {
    return this.enqueue(() => this.writeSnapshot())
  }

  async close(): Promise<void> {
    await this.enqueue(async () => {
      await this.writeSnapshot()
      await this.log.close()
      this.closed = true
    })
  }

  /** Commits run one at a time, in call order; a failed one does not stop the next. */
  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task)
    this.queue = run.then(
      () => undefined,
      () => undefined,
    )
    return run
  }

  private commit<T>(
    kind: 'mutate' | 'act',
    body: unknown[],
    options: { transactionId?: string; dryRun?: boolean },
    run: (ws: WorkingSet) => Promise<T>,
  ): Promise<{ transaction: CommittedTransaction; result: T }> {
    const errorKind: ErrorKind = kind === 'mutate' ? 'mutationError' : 'actionError'
    return this.enqueue(async () => {
      if (this.closed) throw new Error(`Dataset ${this.name} is closed`)
      const id = this.transactionId(options.transactionId, errorKind)
      const ws = new WorkingSet(this.store, id, this.nextTimestamp())
      const result = await run(ws)
      const changes = ws.changes()
      const transaction: CommittedTransaction = {
        id,
        timestamp: ws.timestamp,
        author: this.options.author,
        changes,
      }
      if (options.dryRun) return { transaction, result }
      if (changes.length > 0) {
        const entry: LogEntry = {
          seq: this.lastSeq + 1,
          id,
          timestamp: ws.timestamp,
          author: this.options.author,
          request: { kind, body },
          changes: changes.map(toLoggedChange),
        }
        await this.log.append(entry)
        this.lastSeq = entry.seq
        this.lastTimestamp = entry.timestamp
        this.lastTxnId = entry.id
        this.store.apply(changes.map((change) => [change.id, change.after]))
        this.history.add(entry)
        this.sinceSnapshot++
      }
      this.notify(transaction)
      if (this.sinceSnapshot >= this.options.compactEvery) this.scheduleSnapshot()
      return { transaction, result }
    })
  }

  private transactionId(requested: string | undefined, kind: ErrorKind): string {
    if (requested === undefined) return randomId()
    if (typeof requested !== 'string' || requested === '') {
      throw malformed(kind, 0, 'transactionId must be a non-empty string')
    }
    if (this.history.has(requested)) {
      throw itemError(kind, 409, 0, {
        type: 'transactionIdConflictError',
        description: `Transaction ID "${requested}" has already been used`,
      })
    }
    return requested
  }

  /**
   * Strictly after the previous transaction (a millisecond on if the clock did not move on), so
   * that "the state at time t" is never ambiguous between two transactions.
   */
  private nextTimestamp(): string {
    const now = Date.now()
    const last = this.lastTimestamp ? Date.parse(this.lastTimestamp) : 0
    return new Date(now > last ? now : last + 1).toISOString()
  }

  private notify(transaction: CommittedTransaction): void {
    for (const listener of this.listeners) {
      try {
        listener(transaction)
      } catch (error) {
        // The transaction is durable and the caller must hear so; one broken subscriber must not
        // keep the others (or the caller) from it.
        console.error(`local-content-lake: a subscriber of ${this.name} failed`, error)
      }
    }
  }

  private scheduleSnapshot(): void {
    this.enqueue(() => this.writeSnapshot()).catch((error: unknown) => {
      // Commits stay durable in the log; the next snapshot (at the latest on close) retries.
      console.error(`local-content-lake: snapshot of ${this.name} failed`, error)
    })
  }

  private async writeSnapshot(): Promise<void> {
    if (this.closed || this.sinceSnapshot === 0) return
    const meta = await readMeta(this.dir)
    await writeSnapshot(this.dir, this.store.all())
    await writeMeta(this.dir, { ...meta, snapshotTxn: this.lastTxnId, snapshotSeq: this.lastSeq })
    this.sinceSnapshot = 0
  }
}

/**
 * Applies a logged transaction to a snapshot that may already contain it (a crash between
 * writing the snapshot and meta.json): a change applies only to the revision it was made on.
 */
export function replay(store: DocumentStore, entry: LogEntry): void {
  const updates: [string, LakeDocument | null][] = []
  for (const change of entry.changes) {
    const current = store.get(change.id) ?? null
    const base = current?._rev ?? undefined
    if (base !== change.previousRev) continue
    const next = applyPatch(current ? withoutRev(current) : null, change.effects.apply) as Record<
      string,
      unknown
    > | null
    updates.push([change.id, next ? ({ ...next, _rev: entry.id } as LakeDocument) : null])
  }
  if (updates.length > 0) store.apply(updates)
}

function idsOf(result: unknown): string[] {
  const items = Array.isArray(result) ? result : [result]
  return items.flatMap((item) => (isPlainObject(item) && typeof item._id === 'string' ? [item._id] : []))
}
