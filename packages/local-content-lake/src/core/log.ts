/**
 * One dataset's files: `documents.ndjson` (snapshot, sorted by `_id`), `transactions.ndjson`
 * (append-only, one committed transaction per line, never rewritten: history reads it) and
 * `meta.json`. A transaction is acknowledged only after its line is fsynced; the snapshot is an
 * optimisation that replay catches up from.
 */
import { existsSync } from 'node:fs'
import { type FileHandle, open, readFile, rename, truncate, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import type { Effects } from './effects.js'
import type { LakeDocument } from './types.js'

export const LOG_FORMAT = 1

export interface LoggedChange {
  id: string
  /** The document's `_rev` before the transaction; absent when it did not exist. */
  previousRev?: string
  /** Effects without `_rev`; replay applies `effects.apply` and stamps `_rev` = transaction id. */
  effects: Effects
  mutations: unknown[]
}

export interface LogEntry {
  /** 1-based position in the log: transaction ids are the callers' and need not sort. */
  seq: number
  id: string
  timestamp: string
  author: string
  /** What the caller sent, for debugging and export. */
  request: { kind: 'mutate' | 'act'; body: unknown[] }
  changes: LoggedChange[]
}

export interface DatasetMeta {
  format: number
  /** Hash of the seed this dataset was created from; null for an unseeded dataset. */
  seedHash: string | null
  /** The last transaction folded into `documents.ndjson` (null: none). */
  snapshotTxn: string | null
  snapshotSeq: number
}

export const datasetFiles = (dir: string) => ({
  documents: join(dir, 'documents.ndjson'),
  transactions: join(dir, 'transactions.ndjson'),
  meta: join(dir, 'meta.json'),
  assets: join(dir, 'assets'),
})

/** Writes a file so that a crash leaves either the old or the new content, never a mix. */
export async function writeFileAtomic(path: string, content: string): Promise<void> {
  const temp = `${path}.tmp-${process.pid}`
  const handle = await open(temp, 'w')
  try {
    await handle.writeFile(content)
    await handle.sync()
  } finally {
    await handle.close()
  }
  await rename(temp, path)
  await syncDirectory(dirname(path))
}

/** A rename or a new file is durable only once its directory entry is. */
export async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

export async function readMeta(dir: string): Promise<DatasetMeta> {
  return JSON.parse(await readFile(datasetFiles(dir).meta, 'utf8')) as DatasetMeta
}

export async function writeMeta(dir: string, meta: DatasetMeta): Promise<void> {
  await writeFileAtomic(datasetFiles(dir).meta, `${JSON.stringify(meta, null, 2)}\n`)
}

export async function readSnapshot(dir: string): Promise<LakeDocument[]> {
  const path = datasetFiles(dir).documents
  if (!existsSync(path)) return []
  const text = await readFile(path, 'utf8')
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as LakeDocument)
}

export async function writeSnapshot(dir: string, documents: Iterable<LakeDocument>): Promise<void> {
  const sorted = [...documents].sort((a, b) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0))
  await writeFileAtomic(datasetFiles(dir).documents, sorted.map((doc) => `${JSON.stringify(doc)}\n`).join(''))
}

/**
 * Reads every complete entry. A last line without its newline, or one that does not parse, is a
 * write the crash interrupted (never acknowledged): it is cut off so the next append starts on a
 * clean line. Damage anywhere else is corruption and throws.
 */
export async function readLog(dir: string): Promise<LogEntry[]> {
  const path = datasetFiles(dir).transactions
  if (!existsSync(path)) return []
  const buffer = await readFile(path)
  const entries: LogEntry[] = []
  let start = 0
  while (start < buffer.length) {
    const end = buffer.indexOf(0x0a, start)
    if (end === -1) {
      await truncate(path, start)
      break
    }
    const line = buffer.subarray(start, end).toString('utf8')
    try {
      entries.push(JSON.parse(line) as LogEntry)
    } catch (error) {
      if (end + 1 < buffer.length) {
        throw new Error(`${path}: corrupt transaction at byte ${start}`, { cause: error })
      }
      await truncate(path, start)
      break
    }
    start = end + 1
  }
  return entries
}

export class TransactionLog {
  private constructor(
    private readonly handle: FileHandle,
    private size: number,
  ) {}

  static async open(dir: string): Promise<TransactionLog> {
    const path = datasetFiles(dir).transactions
    const created = !existsSync(path)
    const handle = await open(path, 'a')
    if (created) await syncDirectory(dir)
    return new TransactionLog(handle, (await handle.stat()).size)
  }

  /**
   * Resolves once the entry is on disk. A failed write is cut off again, so that the next entry
   * does not land on the end of a partial line.
   */
  async append(entry: LogEntry): Promise<void> {
    const bytes = Buffer.from(`${JSON.stringify(entry)}\n`, 'utf8')
    try {
      let offset = 0
      while (offset < bytes.length) {
        const { bytesWritten } = await this.handle.write(bytes, offset, bytes.length - offset)
        offset += bytesWritten
      }
      await this.handle.sync()
    } catch (error) {
      await this.handle.truncate(this.size)
      throw error
    }
    this.size += bytes.length
  }

  async close(): Promise<void> {
    await this.handle.close()
  }
}

/** Creates an empty log file (used when a dataset folder is first built). */
export async function createEmptyLog(dir: string): Promise<void> {
  await writeFile(datasetFiles(dir).transactions, '')
}
