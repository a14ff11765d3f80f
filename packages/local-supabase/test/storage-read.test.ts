/* Storage contract §10 items 4, 5 and 7: downloads, signed URLs, list, info and remove. */
import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { admin, client, keys, signedIn, sql, urls } from './helpers.js'
import { storageRoot, ticketBucket } from './storage-helpers.js'

let b: Awaited<ReturnType<typeof ticketBucket>>
let owner: Awaited<ReturnType<typeof signedIn>>
let other: Awaited<ReturnType<typeof signedIn>>
let staff: Awaited<ReturnType<typeof signedIn>>
let ticket: string
let file: string
const bytes = Buffer.from('%PDF-1.4 the contents of a report, long enough for ranges\n')

beforeAll(async () => {
  b = await ticketBucket()
  owner = await signedIn('sr-owner')
  other = await signedIn('sr-other')
  staff = await signedIn('sr-staff')
  await b.staff(staff.id)
  ticket = await b.ticket(owner.id)
  file = `${ticket}/${randomUUID()}-report.pdf`
  const { error } = await owner.supabase.storage
    .from(b.bucket)
    .upload(file, bytes, { contentType: 'application/pdf' })
  if (error) throw error
})

const storageUrl = (p: string) => `${urls.api}/storage/v1${p}`
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('download (§10.4)', () => {
  it('owner and staff get identical bytes and type', async () => {
    for (const who of [owner, staff]) {
      const { data, error } = await who.supabase.storage.from(b.bucket).download(file)
      expect(error).toBeNull()
      expect(data?.type).toBe('application/pdf')
      expect(Buffer.from(await (data as Blob).arrayBuffer())).toEqual(bytes)
    }
  })

  it('another customer and anon get 404 "Object not found"', async () => {
    for (const supabase of [other.supabase, client()]) {
      const { error } = await supabase.storage.from(b.bucket).download(file)
      expect([error?.status, error?.statusCode, error?.message]).toEqual([400, '404', 'Object not found'])
    }
  })

  it('a private read without a valid JWT is "Bucket not found"', async () => {
    const res = await fetch(storageUrl(`/object/${b.bucket}/${file}`), {
      headers: { apikey: keys.anonKey, Authorization: 'Bearer garbage' },
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({
      statusCode: '404',
      code: 'NoSuchBucket',
      error: 'Bucket not found',
      message: 'Bucket not found',
    })
  })

  it('sends Storage headers, Range, If-None-Match and download disposition', async () => {
    const auth = { apikey: keys.anonKey, Authorization: `Bearer ${owner.session.access_token}` }
    const full = await fetch(storageUrl(`/object/${b.bucket}/${file}`), { headers: auth })
    expect(full.status).toBe(200)
    const etag = full.headers.get('etag')
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/)
    expect(full.headers.get('content-length')).toBe(String(bytes.length))
    expect(full.headers.get('cache-control')).toBe('max-age=3600')
    expect(full.headers.get('accept-ranges')).toBe('bytes')
    expect(full.headers.get('x-robots-tag')).toBe('none')
    expect(full.headers.get('last-modified')).toMatch(/GMT$/)
    expect(full.headers.get('access-control-expose-headers')).toContain('Content-Disposition')
    await full.arrayBuffer()

    const part = await fetch(storageUrl(`/object/${b.bucket}/${file}`), {
      headers: { ...auth, Range: 'bytes=4-9' },
    })
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toBe(`bytes 4-9/${bytes.length}`)
    expect(Buffer.from(await part.arrayBuffer())).toEqual(bytes.subarray(4, 10))

    const cached = await fetch(storageUrl(`/object/${b.bucket}/${file}`), {
      headers: { ...auth, 'If-None-Match': etag as string },
    })
    expect(cached.status).toBe(304)

    const named = await fetch(storageUrl(`/object/${b.bucket}/${file}?download=my%20file.pdf`), {
      headers: auth,
    })
    expect(named.headers.get('content-disposition')).toBe(
      "attachment; filename=my%20file.pdf; filename*=UTF-8''my%20file.pdf",
    )
    await named.arrayBuffer()

    const authenticated = await fetch(storageUrl(`/object/authenticated/${b.bucket}/${file}`), {
      method: 'HEAD',
      headers: auth,
    })
    expect([authenticated.status, authenticated.headers.get('etag')]).toEqual([200, etag])
    const notPublic = await fetch(storageUrl(`/object/public/${b.bucket}/${file}`))
    expect(await notPublic.json()).toMatchObject({ statusCode: '404', code: 'NoSuchBucket' })
  })

  it('exists() is true for the owner and false for another customer', async () => {
    expect((await owner.supabase.storage.from(b.bucket).exists(file)).data).toBe(true)
    expect((await other.supabase.storage.from(b.bucket).exists(file)).data).toBe(false)
  })
})

describe('signed URLs (§10.5)', () => {
  it('a header-less fetch works until exp, then gives InvalidJWT', async () => {
    const { data, error } = await owner.supabase.storage.from(b.bucket).createSignedUrl(file, 2)
    expect(error).toBeNull()
    const signed = data?.signedUrl as string
    expect(signed.startsWith(`${urls.api}/storage/v1/object/sign/${b.bucket}/${file}?token=`)).toBe(true)
    const ok = await fetch(signed)
    expect(ok.status).toBe(200)
    expect(ok.headers.get('expires')).toMatch(/GMT$/)
    expect(Buffer.from(await ok.arrayBuffer())).toEqual(bytes)
    await sleep(3000)
    const expired = await fetch(signed)
    expect(expired.status).toBe(400)
    expect(await expired.json()).toEqual({
      statusCode: '400',
      code: 'InvalidJWT',
      error: 'InvalidJWT',
      message: '"exp" claim timestamp check failed',
    })
  })

  it('a token on another path is InvalidSignature; a garbled one InvalidJWT', async () => {
    const { data } = await owner.supabase.storage.from(b.bucket).createSignedUrl(file, 60)
    const token = new URL(data?.signedUrl as string).searchParams.get('token') as string
    const elsewhere = await fetch(storageUrl(`/object/sign/${b.bucket}/${ticket}/other.pdf?token=${token}`))
    expect(elsewhere.status).toBe(400)
    expect(await elsewhere.json()).toMatchObject({ statusCode: '400', code: 'InvalidSignature' })
    const garbled = await fetch(
      storageUrl(`/object/sign/${b.bucket}/${file}?token=${token.slice(0, -4)}AAAA`),
    )
    expect(await garbled.json()).toMatchObject({ statusCode: '400', code: 'InvalidJWT' })
  })

  it('another customer cannot sign; bad expiresIn is InvalidParameter', async () => {
    const denied = await other.supabase.storage.from(b.bucket).createSignedUrl(file, 60)
    expect([denied.error?.status, denied.error?.statusCode]).toEqual([400, '404'])
    const bad = await owner.supabase.storage.from(b.bucket).createSignedUrl(file, 0)
    expect([bad.error?.statusCode, bad.error?.message]).toEqual(['400', 'Invalid Parameter expiresIn'])
  })

  it('a name with a space round-trips, and download=true is an attachment', async () => {
    const spaced = `${ticket}/${randomUUID()}-my report.pdf`
    const files = owner.supabase.storage.from(b.bucket)
    expect((await files.upload(spaced, bytes, { contentType: 'application/pdf' })).error).toBeNull()
    const { data } = await files.createSignedUrl(spaced, 60, { download: true })
    const res = await fetch(data?.signedUrl as string)
    expect(res.status).toBe(200)
    expect(Buffer.from(await res.arrayBuffer())).toEqual(bytes)
    const name = encodeURIComponent(spaced.split('/').pop() as string)
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename=${name}; filename*=UTF-8''${name}`,
    )
    const list = await files.list(ticket)
    expect(list.data?.map((entry) => entry.name)).toContain(spaced.split('/').pop())
  })

  it('a signed URL with download is an attachment, without it is not; non-images are never sniffed', async () => {
    // An HTML page uploaded as text/plain: opened inline and sniffed, it would run on Storage's origin.
    const page = `${ticket}/${randomUUID()}-notes.txt`
    const picture = `${ticket}/${randomUUID()}-photo.png`
    const files = owner.supabase.storage.from(b.bucket)
    const html = Buffer.from('<!doctype html><script>alert(document.domain)</script>')
    expect((await files.upload(page, html, { contentType: 'text/plain' })).error).toBeNull()
    expect((await files.upload(picture, bytes, { contentType: 'image/png' })).error).toBeNull()

    const plain = await files.createSignedUrls([page, picture], 60)
    const asDownload = await files.createSignedUrls([page], 60, { download: 'notes.txt' })
    const [inlinePage, inlinePicture] = await Promise.all(
      (plain.data ?? []).map((entry) => fetch(entry.signedUrl as string)),
    )
    const downloaded = await fetch(asDownload.data?.[0]?.signedUrl as string)
    expect(inlinePage?.headers.get('content-disposition')).toBeNull()
    expect(inlinePage?.headers.get('x-content-type-options')).toBe('nosniff')
    expect(downloaded.headers.get('content-disposition')).toBe(
      "attachment; filename=notes.txt; filename*=UTF-8''notes.txt",
    )
    expect(downloaded.headers.get('x-content-type-options')).toBe('nosniff')
    expect(Buffer.from(await downloaded.arrayBuffer())).toEqual(html)
    expect(inlinePicture?.headers.get('content-disposition')).toBeNull()
    expect(inlinePicture?.headers.get('x-content-type-options')).toBeNull()
    await Promise.all([inlinePage?.arrayBuffer(), inlinePicture?.arrayBuffer()])
  })

  it('createSignedUrls signs visible paths and reports the others', async () => {
    const missing = `${ticket}/nope.pdf`
    const { data, error } = await owner.supabase.storage.from(b.bucket).createSignedUrls([file, missing], 60)
    expect(error).toBeNull()
    expect(data?.[0]).toMatchObject({ error: null, path: file })
    expect((await fetch(data?.[0]?.signedUrl as string)).status).toBe(200)
    expect(data?.[1]).toMatchObject({
      error: 'Either the object does not exist or you do not have access to it',
      path: missing,
      signedUrl: null,
    })
  })
})

describe('list, info, remove (§10.7)', () => {
  it('list shows the ticket folder to its owner only', async () => {
    const t = await b.ticket(owner.id)
    const name = `${randomUUID()}-a.pdf`
    await owner.supabase.storage
      .from(b.bucket)
      .upload(`${t}/${name}`, bytes, { contentType: 'application/pdf' })
    const mine = await owner.supabase.storage.from(b.bucket).list(t)
    expect(mine.error).toBeNull()
    expect(mine.data).toHaveLength(1)
    expect(mine.data?.[0]).toMatchObject({
      name,
      metadata: { size: bytes.length, mimetype: 'application/pdf' },
    })
    expect(mine.data?.[0]?.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    const theirs = await other.supabase.storage.from(b.bucket).list(t)
    expect(theirs.data).toEqual([])
    const root = await owner.supabase.storage.from(b.bucket).list()
    expect(root.data?.find((entry) => entry.name === t)).toMatchObject({ id: null })
  })

  it('info gives size, content type and etag', async () => {
    const { data, error } = await owner.supabase.storage.from(b.bucket).info(file)
    expect(error).toBeNull()
    expect(data).toMatchObject({
      name: file,
      bucketId: b.bucket,
      size: bytes.length,
      contentType: 'application/pdf',
    })
    expect(data?.etag).toMatch(/^"[0-9a-f]{32}"$/)
    const hidden = await other.supabase.storage.from(b.bucket).info(file)
    expect(hidden.error?.statusCode).toBe('404')
  })

  it('remove by another customer is []; by the owner it deletes row and file', async () => {
    const t = await b.ticket(owner.id)
    const doomed = `${t}/${randomUUID()}-gone.pdf`
    await owner.supabase.storage.from(b.bucket).upload(doomed, bytes, { contentType: 'application/pdf' })
    const [row] = await b.rows(doomed)
    const filePath = path.join(storageRoot, 'objects', row?.version as string)
    expect(existsSync(filePath)).toBe(true)
    const denied = await other.supabase.storage.from(b.bucket).remove([doomed])
    expect(denied).toEqual({ data: [], error: null })
    const removed = await owner.supabase.storage.from(b.bucket).remove([doomed])
    expect(removed.error).toBeNull()
    expect(removed.data).toHaveLength(1)
    expect(removed.data?.[0]).toMatchObject({ name: doomed, bucket_id: b.bucket, owner_id: owner.id })
    expect(removed.data?.[0]).not.toHaveProperty('path_tokens')
    const after = await owner.supabase.storage.from(b.bucket).download(doomed)
    expect(after.error?.statusCode).toBe('404')
    expect(existsSync(filePath)).toBe(false)
  })

  it('direct SQL deletes from storage tables fail with 42501', async () => {
    await expect(sql('delete from storage.objects where bucket_id = $1', [b.bucket])).rejects.toMatchObject({
      code: '42501',
      message: 'Direct deletion from storage tables is not allowed. Use the Storage API instead.',
    })
    await expect(sql('delete from storage.buckets where id = $1', [b.bucket])).rejects.toMatchObject({
      code: '42501',
    })
    expect((await admin().storage.from(b.bucket).exists(file)).data).toBe(true)
  })
})

describe('request settings policies see (§8.2)', () => {
  it('storage.operation() and request.jwt.claim.sub are set for the caller', async () => {
    const bucket = `ops-${randomUUID().slice(0, 8)}`
    await sql('insert into storage.buckets (id, name) values ($1, $1)', [bucket])
    await sql(`
      -- Anyone signed in adds files as themselves.
      create policy "${bucket} insert" on storage.objects for insert to authenticated
        with check (bucket_id = '${bucket}' and owner_id = current_setting('request.jwt.claim.sub', true));
      -- Owners may list their files, and nothing else (no download, no signing).
      create policy "${bucket} list only" on storage.objects for select to authenticated
        using (bucket_id = '${bucket}' and owner_id = (select auth.uid())::text
               and storage.allow_only_operation('object.list') and storage.operation() = 'storage.object.list');
    `)
    const files = owner.supabase.storage.from(bucket)
    expect((await files.upload('mine.txt', Buffer.from('x'), { contentType: 'text/plain' })).error).toBeNull()
    expect((await files.list()).data?.map((entry) => entry.name)).toEqual(['mine.txt'])
    expect((await files.download('mine.txt')).error?.statusCode).toBe('404')
    expect((await files.createSignedUrl('mine.txt', 60)).error?.statusCode).toBe('404')
  })
})
