/**
 * History (contract §5.5) straight from the transaction log, which is never truncated: per
 * document the log holds every change since the dataset was created, with mendoza effects both
 * ways, so a past state is the current one with the later changes reverted.
 */
import { applyPatch } from 'mendoza'
import type { LogEntry, LoggedChange } from './log.js'
import type { DocumentStore } from './store.js'
import type { HistoryTransaction, HistoryTransactionsOptions, LakeDocument } from './types.js'
import { withoutRev } from './util.js'

/** What history needs of a log entry; the caller's request body stays on disk only. */
type HistoryEntry = Omit<LogEntry, 'request'>

export class History {
  private readonly entries: HistoryEntry[] = []
  private readonly positionById = new Map<string, number>()
  private readonly positionsByDocument = new Map<string, number[]>()

  constructor(
    entries: Iterable<LogEntry>,
    private readonly store: DocumentStore,
  ) {
    for (const entry of entries) this.add(entry)
  }

  has(transactionId: string): boolean {
    return this.positionById.has(transactionId)
  }

  get length(): number {
    return this.entries.length
  }

  add(entry: LogEntry): void {
    const position = this.entries.length
    const { request, ...kept } = entry
    this.entries.push(kept)
    this.positionById.set(entry.id, position)
    for (const change of entry.changes) {
      const positions = this.positionsByDocument.get(change.id)
      if (positions) positions.push(position)
      else this.positionsByDocument.set(change.id, [position])
    }
  }

  transactions(ids: string[], options: HistoryTransactionsOptions): HistoryTransaction[] {
    // A revision the log does not hold is a seed `_rev`, which precedes every logged transaction.
    const from = options.fromTransaction ? (this.positionById.get(options.fromTransaction) ?? 0) : 0
    const to = options.toTransaction
      ? (this.positionById.get(options.toTransaction) ?? -1)
      : this.entries.length - 1
    const positions = [...new Set(ids.flatMap((id) => this.positionsByDocument.get(id) ?? []))]
      .filter((position) => position >= from && position <= to)
      .sort((a, b) => (options.reverse ? b - a : a - b))
    const limited = options.limit === undefined ? positions : positions.slice(0, Math.max(0, options.limit))
    const wanted = new Set(ids)
    return limited.flatMap((position) => {
      const entry = this.entries[position]
      if (!entry) return []
      const changes = options.identifiedDocumentsOnly
        ? entry.changes.filter((change) => wanted.has(change.id))
        : entry.changes
      return [
        {
          id: entry.id,
          timestamp: entry.timestamp,
          author: entry.author,
          documentIDs: changes.map((change) => change.id),
          effects: Object.fromEntries(changes.map((change) => [change.id, change.effects])),
          mutations: changes.flatMap((change) => change.mutations),
        },
      ]
    })
  }

  /**
   * The documents right after transaction `revision`, or at `time`. A revision the log does not
   * hold (a seed `_rev`) is looked up per document: its newest state with that `_rev`.
   */
  documentsAt(ids: string[], at: { revision?: string; time?: string }): LakeDocument[] {
    const found: LakeDocument[] = []
    for (const id of ids) {
      const doc = this.documentAt(id, at)
      if (doc) found.push(doc)
    }
    return found
  }

  private documentAt(id: string, at: { revision?: string; time?: string }): LakeDocument | null {
    const cut = this.cutPosition(at)
    const positions = this.positionsByDocument.get(id) ?? []
    let state: LakeDocument | null = this.store.get(id) ?? null
    const matchesRevision = () => cut === undefined && state?._rev === at.revision
    if (cut === undefined && at.revision === undefined) return null
    if (matchesRevision()) return state
    for (let i = positions.length - 1; i >= 0; i--) {
      const position = positions[i] as number
      if (cut !== undefined && position <= cut) return state
      const change = this.entries[position]?.changes.find((candidate) => candidate.id === id)
      if (!change) throw new Error(`History index out of step for ${id}`)
      state = revert(state, change)
      if (matchesRevision()) return state
    }
    return cut === undefined ? null : state
  }

  /** The log position a query refers to; -1 = before the first transaction; undefined = not in the log. */
  private cutPosition(at: { revision?: string; time?: string }): number | undefined {
    if (at.revision !== undefined) return this.positionById.get(at.revision)
    if (at.time === undefined) return undefined
    const time = Date.parse(at.time)
    if (Number.isNaN(time)) return undefined
    let cut = -1
    for (const [position, entry] of this.entries.entries()) {
      if (Date.parse(entry.timestamp) <= time) cut = position
      else break
    }
    return cut
  }
}

function revert(state: LakeDocument | null, change: LoggedChange): LakeDocument | null {
  const previous = applyPatch(state ? withoutRev(state) : null, change.effects.revert) as Record<
    string,
    unknown
  > | null
  if (!previous) return null
  return { ...previous, _rev: change.previousRev } as LakeDocument
}
