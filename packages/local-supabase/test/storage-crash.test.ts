/*
 * Storage contract §10 item 8 and §8.6: an interrupted upload leaves nothing, and a restart of the
 * storage service sweeps what a crash can leave (temp files, unreferenced object files) without
 * touching referenced ones; reset removes the storage folder.
 */
import { randomUUID } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { silentLogger } from '../src/lib/log.js'
import { removeStorageFiles } from '../src/storage/files.js'
import { createStorageService } from '../src/storage/service.js'
import { keys, signedIn, sql, stack, urls } from './helpers.js'
import { filesOnDisk, storageRoot, ticketBucket } from './storage-helpers.js'

let b: Awaited<ReturnType<typeof ticketBucket>>
let owner: Awaited<ReturnType<typeof signedIn>>
let ticket: string

beforeAll(async () => {
  b = await ticketBucket()
  owner = await signedIn('sc-owner')
  ticket = await b.ticket(owner.id)
})

async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** The storage service as the stack starts it, on the same data dir and database: a restart. */
async function restartStorage(): Promise<void> {
  const authenticatorUrl = new URL(urls.db)
  authenticatorUrl.username = 'authenticator'
  const service = createStorageService({
    dataDir: stack.dataDir,
    authenticatorUrl: authenticatorUrl.toString(),
    adminUrl: urls.db,
    log: silentLogger,
  })
  try {
    await service.start()
  } finally {
    await service.close()
  }
}

describe('crash safety (§10.8)', () => {
  it('a client that dies mid-upload leaves no row and no temp file', async () => {
    const name = `${ticket}/${randomUUID()}-cut.pdf`
    let sent = 0
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (sent >= 4) {
          controller.error(new Error('client crashed'))
          return
        }
        sent++
        controller.enqueue(new Uint8Array(64 * 1024))
        await new Promise((resolve) => setTimeout(resolve, 20))
      },
    })
    await expect(
      fetch(`${urls.api}/storage/v1/object/${b.bucket}/${name}`, {
        method: 'POST',
        headers: {
          apikey: keys.anonKey,
          Authorization: `Bearer ${owner.session.access_token}`,
          'Content-Type': 'application/pdf',
        },
        body,
        duplex: 'half',
      } as RequestInit),
    ).rejects.toThrow()
    await eventually(() => filesOnDisk().tmp.length === 0)
    expect(await b.rows(name)).toEqual([])
  })

  it('a restart empties tmp/, sweeps orphans and keeps every referenced file', async () => {
    const kept = `${ticket}/${randomUUID()}-kept.pdf`
    const upload = await owner.supabase.storage
      .from(b.bucket)
      .upload(kept, Buffer.from('kept bytes'), { contentType: 'application/pdf' })
    expect(upload.error).toBeNull()
    const [row] = await b.rows(kept)

    const old = new Date(Date.now() - 60_000)
    // Killed while streaming: a .part file.
    const part = path.join(storageRoot, 'tmp', `${randomUUID()}.part`)
    writeFileSync(part, 'half an upload')
    // Killed after the rename, before the row committed (or after a commit, before the old version went).
    const orphan = path.join(storageRoot, 'objects', randomUUID())
    writeFileSync(orphan, 'nobody points here')
    utimesSync(orphan, old, old)
    // An upload renamed just now, racing the start: not older than the start, so left alone.
    const inFlight = path.join(storageRoot, 'objects', randomUUID())
    writeFileSync(inFlight, 'about to be committed')
    const future = new Date(Date.now() + 60_000)
    utimesSync(inFlight, future, future)

    await restartStorage()

    expect(existsSync(part)).toBe(false)
    expect(filesOnDisk().tmp).toEqual([])
    expect(existsSync(orphan)).toBe(false)
    expect(existsSync(inFlight)).toBe(true)
    rmSync(inFlight)
    expect(existsSync(path.join(storageRoot, 'objects', row?.version as string))).toBe(true)
    const versions = await sql<{ version: string }>(
      'select version from storage.objects where version is not null',
    )
    const missing = versions.filter((v) => !existsSync(path.join(storageRoot, 'objects', v.version)))
    expect(missing).toEqual([])

    const { data, error } = await owner.supabase.storage.from(b.bucket).download(kept)
    expect(error).toBeNull()
    expect(await data?.text()).toBe('kept bytes')
  })

  it('reset removes <dataDir>/storage and nothing else', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'storage-reset-'))
    try {
      mkdirSync(path.join(dataDir, 'storage', 'objects'), { recursive: true })
      writeFileSync(path.join(dataDir, 'storage', 'objects', randomUUID()), 'bytes')
      mkdirSync(path.join(dataDir, 'postgres'))
      removeStorageFiles(dataDir)
      expect(existsSync(path.join(dataDir, 'storage'))).toBe(false)
      expect(existsSync(path.join(dataDir, 'postgres'))).toBe(true)
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
