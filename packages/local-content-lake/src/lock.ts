import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'

export interface LockInfo {
  pid: number
  tlsUrl?: string
  httpUrl?: string
  startedAt: string
}

export const lockPath = (dataDir: string) => path.join(dataDir, 'lake.pid.json')

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** The lake holding the data dir, if one still runs; a stale lock file is removed. */
export function readLock(dataDir: string): LockInfo | undefined {
  let info: LockInfo
  try {
    info = JSON.parse(readFileSync(lockPath(dataDir), 'utf8')) as LockInfo
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    // Written whole before it is linked into place, so unreadable means corrupt, not half-written.
    if (error instanceof SyntaxError) {
      rmSync(lockPath(dataDir), { force: true })
      return undefined
    }
    throw error
  }
  if (typeof info.pid === 'number' && alive(info.pid)) return info
  rmSync(lockPath(dataDir), { force: true })
  return undefined
}

export interface DataDirLock {
  update(info: Partial<LockInfo>): void
  release(): void
}

/**
 * One lake per data dir: two would interleave their transaction logs. The file is written aside
 * and hard-linked into place, which fails if it exists: two starting at once cannot both win.
 */
export function acquireLock(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true })
  const file = lockPath(dataDir)
  let info: LockInfo = { pid: process.pid, startedAt: new Date().toISOString() }
  for (let attempt = 0; ; attempt++) {
    const holder = readLock(dataDir)
    if (holder) {
      throw new Error(`Another local-content-lake (pid ${holder.pid}) is using ${dataDir}; stop it first.`)
    }
    const aside = `${file}.${process.pid}.tmp`
    writeFileSync(aside, JSON.stringify(info))
    try {
      linkSync(aside, file)
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 2) throw error
    } finally {
      rmSync(aside, { force: true })
    }
  }
  let released = false
  return {
    update(partial) {
      info = { ...info, ...partial }
      if (released) return
      // Replaced by rename, so a reader never sees it half-written.
      const aside = `${file}.${process.pid}.tmp`
      writeFileSync(aside, JSON.stringify(info))
      renameSync(aside, file)
    },
    release() {
      if (released) return
      released = true
      if (readLock(dataDir)?.pid === process.pid) rmSync(file, { force: true })
    },
  }
}
