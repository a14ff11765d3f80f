/* Storage contract §10 items 1–3 and 6: the bucket, owner uploads, refused writers and content. */
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { admin, client, signedIn } from './helpers.js'
import { filesOnDisk, MIME_TYPES, TEN_MIB, ticketBucket } from './storage-helpers.js'

let b: Awaited<ReturnType<typeof ticketBucket>>
let owner: Awaited<ReturnType<typeof signedIn>>
let other: Awaited<ReturnType<typeof signedIn>>
let ticket: string
const pdf = Buffer.from('%PDF-1.4 a small report\n')

beforeAll(async () => {
  b = await ticketBucket()
  owner = await signedIn('st-owner')
  other = await signedIn('st-other')
  ticket = await b.ticket(owner.id)
})

/** Runs `attempt`, then checks it left no row, no object file and no temp file. */
async function leavesNothing<T>(attempt: () => Promise<T>): Promise<T> {
  const rowsBefore = (await b.rows()).length
  const before = filesOnDisk()
  const result = await attempt()
  expect((await b.rows()).length).toBe(rowsBefore)
  const after = filesOnDisk()
  expect(after.objects.sort()).toEqual(before.objects.sort())
  expect(after.tmp).toEqual([])
  return result
}

describe('storage bucket (§10.1)', () => {
  it('the service role sees the migration-inserted bucket; a customer lists none', async () => {
    const { data, error } = await admin().storage.getBucket(b.bucket)
    expect(error).toBeNull()
    expect(data).toMatchObject({
      id: b.bucket,
      name: b.bucket,
      public: false,
      file_size_limit: TEN_MIB,
      allowed_mime_types: MIME_TYPES,
    })
    const listed = await owner.supabase.storage.listBuckets()
    expect(listed.error).toBeNull()
    expect(listed.data).toEqual([])
    const hidden = await owner.supabase.storage.getBucket(b.bucket)
    expect(hidden.error?.statusCode).toBe('404')
  })
})

describe('owner upload (§10.2)', () => {
  it('stores the file with owner_id and metadata; a repeat without upsert is 409', async () => {
    const path = `${ticket}/${randomUUID()}-report.pdf`
    const { data, error } = await owner.supabase.storage
      .from(b.bucket)
      .upload(path, pdf, { contentType: 'application/pdf' })
    expect(error).toBeNull()
    expect(data).toMatchObject({ path, fullPath: `${b.bucket}/${path}` })
    expect(data?.id).toMatch(/^[0-9a-f-]{36}$/)
    const [row] = await b.rows(path)
    expect(row?.owner_id).toBe(owner.id)
    expect(row?.metadata).toMatchObject({
      size: pdf.length,
      mimetype: 'application/pdf',
      cacheControl: 'max-age=3600',
      contentLength: pdf.length,
      httpStatusCode: 200,
    })
    expect(row?.metadata.eTag).toMatch(/^"[0-9a-f]{32}"$/)
    expect(filesOnDisk().objects).toContain(row?.version)

    const again = await owner.supabase.storage
      .from(b.bucket)
      .upload(path, pdf, { contentType: 'application/pdf' })
    expect(again.error).toMatchObject({
      status: 400,
      statusCode: '409',
      message: 'The resource already exists',
    })
  })

  it('upsert replaces the bytes and removes the old version file', async () => {
    const path = `${ticket}/${randomUUID()}-notes.txt`
    const files = owner.supabase.storage.from(b.bucket)
    expect((await files.upload(path, Buffer.from('one'), { contentType: 'text/plain' })).error).toBeNull()
    const [first] = await b.rows(path)
    // The test policies grant no UPDATE, so upsert needs the service role, as on hosted.
    const denied = await files.upload(path, Buffer.from('two'), { contentType: 'text/plain', upsert: true })
    expect(denied.error?.statusCode).toBe('403')
    const replaced = await admin()
      .storage.from(b.bucket)
      .upload(path, Buffer.from('two!'), { contentType: 'text/plain', upsert: true })
    expect(replaced.error).toBeNull()
    const [second] = await b.rows(path)
    expect(second?.version).not.toBe(first?.version)
    expect(second?.metadata.size).toBe(4)
    const disk = filesOnDisk().objects
    expect(disk).toContain(second?.version)
    expect(disk).not.toContain(first?.version)
  })

  it('a File (multipart) upload keeps its type, cache control and metadata', async () => {
    const path = `${ticket}/${randomUUID()}-photo.png`
    const file = new File([Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], 'photo.png', {
      type: 'image/png',
    })
    const { error } = await owner.supabase.storage
      .from(b.bucket)
      .upload(path, file, { cacheControl: '60', metadata: { source: 'test' } })
    expect(error).toBeNull()
    const [row] = await b.rows(path)
    expect(row?.metadata).toMatchObject({ size: 7, mimetype: 'image/png', cacheControl: 'max-age=60' })
    const info = await owner.supabase.storage.from(b.bucket).info(path)
    expect(info.data?.metadata).toEqual({ source: 'test' })
  })
})

describe('refused writers (§10.3)', () => {
  it('another customer gets 403 as HTTP 400, and nothing is stored', async () => {
    const error = await leavesNothing(async () => {
      const result = await other.supabase.storage
        .from(b.bucket)
        .upload(`${ticket}/${randomUUID()}-x.pdf`, pdf, { contentType: 'application/pdf' })
      return result.error
    })
    expect(error).toMatchObject({
      status: 400,
      statusCode: '403',
      message: 'new row violates row-level security policy',
    })
  })

  it('an anon-key client is refused', async () => {
    const error = await leavesNothing(
      async () =>
        (
          await client()
            .storage.from(b.bucket)
            .upload(`${ticket}/${randomUUID()}-x.pdf`, pdf, { contentType: 'application/pdf' })
        ).error,
    )
    expect([error?.statusCode, error?.message]).toEqual(['403', 'new row violates row-level security policy'])
  })

  it('a non-UUID folder or a nested path is 403, never 500', async () => {
    for (const path of ['not-a-ticket/x.pdf', `${ticket}/nested/x.pdf`]) {
      const error = await leavesNothing(
        async () =>
          (await owner.supabase.storage.from(b.bucket).upload(path, pdf, { contentType: 'application/pdf' }))
            .error,
      )
      expect([error?.status, error?.statusCode]).toEqual([400, '403'])
    }
  })

  it('an expired or forged JWT is AccessDenied', async () => {
    const forged = client(undefined, {
      global: { headers: { Authorization: 'Bearer not.a.jwt' } },
    })
    const error = await leavesNothing(
      async () =>
        (
          await forged.storage
            .from(b.bucket)
            .upload(`${ticket}/x.pdf`, pdf, { contentType: 'application/pdf' })
        ).error,
    )
    expect([error?.status, error?.statusCode]).toEqual([400, '403'])
  })

  it('an unknown bucket is 404 NoSuchBucket', async () => {
    const { error } = await owner.supabase.storage
      .from('no-such-bucket')
      .upload(`${ticket}/x.pdf`, pdf, { contentType: 'application/pdf' })
    expect([error?.status, error?.statusCode, error?.message]).toEqual([400, '404', 'Bucket not found'])
  })
})

describe('refused content (§10.6)', () => {
  const upload = (path: string, body: Buffer | File, contentType?: string) =>
    owner.supabase.storage.from(b.bucket).upload(path, body, contentType ? { contentType } : {})

  it('10 MiB + 1 byte is 413, raw or as a File; exactly 10 MiB is accepted', async () => {
    const big = Buffer.alloc(TEN_MIB + 1, 7)
    const raw = await leavesNothing(
      async () => (await upload(`${ticket}/big.pdf`, big, 'application/pdf')).error,
    )
    expect([raw?.status, raw?.statusCode]).toEqual([400, '413'])
    const file = new File([big], 'big.pdf', { type: 'application/pdf' })
    const multipart = await leavesNothing(async () => (await upload(`${ticket}/big2.pdf`, file)).error)
    expect([multipart?.status, multipart?.statusCode, multipart?.message]).toEqual([
      400,
      '413',
      'The object exceeded the maximum allowed size',
    ])
    const exact = await upload(
      `${ticket}/${randomUUID()}-exact.pdf`,
      big.subarray(0, TEN_MIB),
      'application/pdf',
    )
    expect(exact.error).toBeNull()
  })

  it('text/html and the default content type are 415', async () => {
    const html = await leavesNothing(async () => (await upload(`${ticket}/x.html`, pdf, 'text/html')).error)
    expect([html?.status, html?.statusCode, html?.message]).toEqual([
      400,
      '415',
      'mime type text/html is not supported',
    ])
    const untyped = await leavesNothing(async () => (await upload(`${ticket}/x.txt`, Buffer.from('x'))).error)
    expect([untyped?.statusCode, untyped?.message]).toEqual([
      '415',
      'mime type text/plain;charset=UTF-8 is not supported',
    ])
  })

  it('a non-ASCII key is 400 InvalidKey', async () => {
    const error = await leavesNothing(
      async () => (await upload(`${ticket}/résumé.pdf`, pdf, 'application/pdf')).error,
    )
    expect([error?.status, error?.statusCode]).toEqual([400, '400'])
    expect(error?.message).toBe(`Invalid key: ${ticket}/résumé.pdf`)
  })
})
