/*
 * Object bytes on disk (contract §8.6): `<dataDir>/storage/objects/<version>`, written to
 * `tmp/<version>.part`, fsynced, then renamed. Keys live only in SQL, so no client text ever
 * becomes a file name. A row never points to a missing file; a crash can only leave orphans,
 * which `sweep` removes at start.
 */
import { createHash, randomUUID } from 'node:crypto'
import { mkdirSync, rmSync } from 'node:fs'
import { type FileHandle, open, readdir, rename, stat, unlink } from 'node:fs/promises'
import path from 'node:path'
import type { Logger } from '../lib/log.js'
import { entityTooLarge } from './errors.js'

export interface StoredFile {
  version: string
  size: number
  /** MD5 hex, the ETag Storage's file backend gives. */
  md5: string
}

export function storageDir(dataDir: string): string {
  return path.join(dataDir, 'storage')
}

/** `reset`: the bytes go with the database they belong to. */
export function removeStorageFiles(dataDir: string): void {
  rmSync(storageDir(dataDir), { recursive: true, force: true })
}

export type FileStore = ReturnType<typeof createFileStore>

export function createFileStore(dataDir: string, log: Logger) {
  const root = storageDir(dataDir)
  const tmpDir = path.join(root, 'tmp')
  const objectsDir = path.join(root, 'objects')
  mkdirSync(tmpDir, { recursive: true })
  mkdirSync(objectsDir, { recursive: true })

  const isVersion = (version: string) => /^[0-9a-f-]{36}$/.test(version)
  const objectPath = (version: string) => {
    if (!isVersion(version)) throw new Error(`not an object version: ${version}`)
    return path.join(objectsDir, version)
  }

  /**
   * Streams `chunks` to a new version, refusing past `limit` bytes (EntityTooLarge, nothing kept).
   * The file is durable (fsync, rename) before this resolves.
   */
  async function write(chunks: AsyncIterable<Buffer>, limit: number): Promise<StoredFile> {
    const version = randomUUID()
    const partPath = path.join(tmpDir, `${version}.part`)
    const hash = createHash('md5')
    let size = 0
    let handle: FileHandle | undefined
    try {
      handle = await open(partPath, 'wx')
      for await (const chunk of chunks) {
        size += chunk.length
        if (size > limit) throw entityTooLarge()
        hash.update(chunk)
        await handle.write(chunk)
      }
      await handle.sync()
      await handle.close()
      handle = undefined
      await rename(partPath, objectPath(version))
      return { version, size, md5: hash.digest('hex') }
    } catch (error) {
      await handle?.close()
      await unlinkIfPresent(partPath)
      throw error
    }
  }

  async function unlinkIfPresent(file: string): Promise<void> {
    try {
      await unlink(file)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    }
  }

  /** Removes a version's file after its row is gone; a failure is logged, it leaves only an orphan. */
  async function remove(version: string | null | undefined): Promise<void> {
    if (!version || !isVersion(version)) return
    try {
      await unlinkIfPresent(objectPath(version))
    } catch (error) {
      log.warn(`storage: could not remove ${version}: ${(error as Error).message}`)
    }
  }

  /**
   * Start-up clean-up: every `.part` is an interrupted upload; an object file that no row
   * references and that is older than this start is a crash between rename and commit (or after
   * a commit, before the old version was unlinked).
   */
  async function sweep(referenced: (versions: string[]) => Promise<Set<string>>): Promise<{
    parts: number
    orphans: number
  }> {
    const started = Date.now()
    let parts = 0
    for (const name of await readdir(tmpDir)) {
      await unlinkIfPresent(path.join(tmpDir, name))
      parts++
    }
    const candidates: string[] = []
    for (const name of await readdir(objectsDir)) {
      const file = path.join(objectsDir, name)
      if ((await stat(file)).mtimeMs < started) candidates.push(name)
    }
    const keep = candidates.length > 0 ? await referenced(candidates) : new Set<string>()
    let orphans = 0
    for (const name of candidates) {
      if (keep.has(name)) continue
      await unlinkIfPresent(path.join(objectsDir, name))
      orphans++
    }
    return { parts, orphans }
  }

  return { root, tmpDir, objectsDir, objectPath, write, remove, sweep }
}
