/**
 * The core's surface, as the HTTP layer (src/http) sees it. The core knows nothing of HTTP: it
 * keeps documents, commits transactions durably, evaluates GROQ and tells subscribers what changed.
 * Wire shapes (event JSON, error bodies) are built from these by src/http, except LakeError's body,
 * which is already the exact JSON Sanity answers with.
 */

export type LakeDocument = {
  _id: string
  _type: string
  _rev: string
  _createdAt: string
  _updatedAt: string
  [key: string]: unknown
}

/** `raw`, `published`, `drafts` (`previewDrafts` is its deprecated alias), or release ids over drafts. */
export type Perspective = 'raw' | 'published' | 'drafts' | 'previewDrafts' | string[]

export type Transition = 'appear' | 'update' | 'disappear'

/** One document's change within a committed transaction. */
export interface DocumentChange {
  id: string
  /** The document before the transaction (null when it did not exist). */
  before: LakeDocument | null
  /** The document after (null when the transaction deleted it). */
  after: LakeDocument | null
  transition: Transition
  /**
   * Low-level mutations that turn `before` into `after` under @sanity/mutator (the Studio's pair
   * listener applies these). A create/createIfNotExists/createOrReplace first when `before` is null.
   */
  mutations: unknown[]
  /** Mendoza patches between `before` and `after` with `_rev` removed from both. */
  effects: { apply: unknown[]; revert: unknown[] }
}

export interface CommittedTransaction {
  /** The transaction id: every changed document's new `_rev`. */
  id: string
  /** ISO time: every changed document's new `_updatedAt`. */
  timestamp: string
  /** The `/users/me` id of whoever committed it. */
  author: string
  /** In the order the documents were first touched. Empty for a no-op (still a transaction). */
  changes: DocumentChange[]
}

export interface MutationResultItem {
  id: string
  operation: 'create' | 'update' | 'delete'
  /** The document after the change (only when asked for with returnDocuments). */
  document?: LakeDocument
}

export interface MutateOptions {
  /** The caller's id for the transaction; it becomes every changed document's `_rev`. */
  transactionId?: string
  dryRun?: boolean
  autoGenerateArrayKeys?: boolean
  returnDocuments?: boolean
}

export interface ActOptions {
  transactionId?: string
  dryRun?: boolean
}

export interface HistoryTransaction {
  id: string
  timestamp: string
  author: string
  documentIDs: string[]
  /** Per document id: mendoza patches (without `_rev`). */
  effects: Record<string, { apply: unknown[]; revert: unknown[] }>
  mutations: unknown[]
}

export interface HistoryTransactionsOptions {
  /** Inclusive. */
  fromTransaction?: string
  toTransaction?: string
  limit?: number
  /** Newest first. */
  reverse?: boolean
  /**
   * Only the asked-for documents in `documentIDs`, `effects` and `mutations`
   * (`includeIdentifiedDocumentsOnly=true`, which the Studio always sends). Default: all.
   */
  identifiedDocumentsOnly?: boolean
}

export interface ListenFilter {
  /** Does the document (before or after a change) match the listener's `*[…]` filter? */
  matches(doc: LakeDocument): boolean
}

export interface LakeDataset {
  readonly name: string
  /**
   * Evaluates GROQ over the perspective's view of the dataset. Params go to groq-js's `parse` as
   * well as `evaluate`. Throws LakeError 400 `queryParseError` for a bad query.
   */
  query(
    query: string,
    params: Record<string, unknown>,
    options: { perspective: Perspective },
  ): Promise<unknown>
  /** The documents by id, in order; `undefined` where one does not exist. */
  getDocuments(ids: string[]): (LakeDocument | undefined)[]
  /** `/data/mutate` semantics (contract §5.1, §5.2). Atomic: all or nothing. Throws LakeError. */
  mutate(
    mutations: unknown[],
    options?: MutateOptions,
  ): Promise<{ transaction: CommittedTransaction; results: MutationResultItem[] }>
  /** `/data/actions` semantics (contract §5.3). One call = one transaction. Throws LakeError. */
  act(actions: unknown[], options?: ActOptions): Promise<CommittedTransaction>
  /**
   * Called after every transaction is durable, in commit order, synchronously before the
   * committing call resolves. Returns the unsubscribe function.
   */
  subscribe(listener: (transaction: CommittedTransaction) => void): () => void
  /** Compiles a listener's `*[…]` filter with its params. Throws LakeError 400 for a bad one. */
  compileFilter(query: string, params: Record<string, unknown>): ListenFilter
  /** The transactions that touched any of `ids`, oldest first unless `reverse` (contract §5.5 item 2). */
  historyTransactions(ids: string[], options: HistoryTransactionsOptions): HistoryTransaction[]
  /** The documents as they were right after `revision` (a transaction id) or at `time` (§5.5 item 3). */
  documentsAt(ids: string[], at: { revision?: string; time?: string }): LakeDocument[]
  /** Where this dataset's asset files live (`<sha1>-<w>x<h>.<ext>` for images, `<sha1>.<ext>` for files). */
  readonly assetsDir: string
}

export interface Lake {
  /** The dataset by name; `undefined` when it does not exist. */
  dataset(name: string): LakeDataset | undefined
  datasetNames(): string[]
  /** Key-value store of the Studio's user settings (contract §3.1), persisted. */
  getKeyValues(keys: string[]): { key: string; value: unknown }[]
  setKeyValues(pairs: { key: string; value: unknown }[]): { key: string; value: unknown }[]
  /** Writes a compacted snapshot and closes the logs. */
  close(): Promise<void>
}

export interface OpenLakeOptions {
  /** Everything persistent lives here (`<dataset>/documents.ndjson`, `transactions.ndjson`, `assets/`…). */
  dataDir: string
  projectId: string
  /** Datasets to create on first start; the first is seeded. Default `['production']`. */
  datasets?: string[]
  /** The seed: `studio/seed/dataset.ndjson` and its images folder. */
  seed: { datasetPath: string; imagesDir: string }
  /**
   * Origin written into asset documents' `url` (`<origin>/images/<projectId>/<dataset>/<file>`),
   * the one the browser Studio reaches, e.g. `https://localhost:54340`.
   */
  publicOrigin: string
  /** The author of every transaction (the `/users/me` id). */
  author: string
}

/** An error answered to the client as is: `status` and the exact JSON `body` Sanity sends. */
export class LakeError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    message?: string,
  ) {
    super(message ?? (typeof body === 'object' && body ? JSON.stringify(body) : String(body)))
    this.name = 'LakeError'
  }
}
