/* Storage bucket routes for the service role, public buckets, and the gateway's key rules for storage. */
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { admin, keys, signedIn, urls } from './helpers.js'

const storageUrl = (p: string) => `${urls.api}/storage/v1${p}`

describe('bucket CRUD', () => {
  it('the service role creates, reads, updates, empties and deletes a bucket', async () => {
    const storage = admin().storage
    const id = `crud-${randomUUID().slice(0, 8)}`
    const created = await storage.createBucket(id, {
      public: false,
      fileSizeLimit: '10MB',
      allowedMimeTypes: ['image/*'],
    })
    expect(created).toEqual({ data: { name: id }, error: null })
    const dup = await storage.createBucket(id)
    expect([dup.error?.status, dup.error?.statusCode]).toEqual([400, '409'])
    const got = await storage.getBucket(id)
    expect(got.data).toMatchObject({
      id,
      public: false,
      file_size_limit: 10_000_000,
      allowed_mime_types: ['image/*'],
    })
    expect(got.data?.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    expect((await storage.listBuckets()).data?.map((bucket) => bucket.id)).toContain(id)

    const png = await storage.from(id).upload('a/b.png', Buffer.from('png'), { contentType: 'image/png' })
    expect(png.error).toBeNull()
    const notEmpty = await storage.deleteBucket(id)
    expect([notEmpty.error?.status, notEmpty.error?.statusCode]).toEqual([400, '409'])

    const updated = await storage.updateBucket(id, {
      public: true,
      fileSizeLimit: 5,
      allowedMimeTypes: null as never,
    })
    expect(updated.error).toBeNull()
    expect((await storage.getBucket(id)).data).toMatchObject({ public: true, file_size_limit: 5 })
    const tooBig = await storage
      .from(id)
      .upload('c.txt', Buffer.from('123456'), { contentType: 'text/plain' })
    expect(tooBig.error?.statusCode).toBe('413')

    // Public bucket: a header-less public URL serves the file.
    const { data: link } = storage.from(id).getPublicUrl('a/b.png')
    const res = await fetch(link.publicUrl)
    expect(res.status).toBe(200)
    expect(await res.text()).toBe('png')

    expect((await storage.emptyBucket(id)).error).toBeNull()
    expect((await storage.deleteBucket(id)).error).toBeNull()
    expect((await storage.getBucket(id)).error?.statusCode).toBe('404')
  })

  it('limits above the global 50 MiB are 413; a user cannot create buckets', async () => {
    const huge = await admin().storage.createBucket(`huge-${randomUUID().slice(0, 8)}`, {
      public: false,
      fileSizeLimit: '60MB',
    })
    expect([huge.error?.status, huge.error?.statusCode]).toEqual([400, '413'])
    const user = await signedIn('sb-user')
    const denied = await user.supabase.storage.createBucket(`mine-${randomUUID().slice(0, 8)}`)
    expect([denied.error?.status, denied.error?.statusCode]).toEqual([400, '403'])
    const badName = await admin().storage.createBucket('bad/name')
    expect(badName.error?.statusCode).toBe('400')
  })
})

describe('gateway rules for storage', () => {
  it('non-link routes need an API key; link routes do not; preflight echoes upload headers', async () => {
    const missing = await fetch(storageUrl('/bucket'))
    expect(missing.status).toBe(401)
    expect(await missing.json()).toMatchObject({ message: 'No API key found in request' })
    const link = await fetch(storageUrl('/object/sign/nope/x.txt?token=abc'))
    expect(link.status).toBe(400)
    expect(await link.json()).toMatchObject({ statusCode: '400', code: 'InvalidJWT' })
    const preflight = await fetch(storageUrl('/object/b/x.txt'), {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:3000',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, apikey, x-upsert, x-metadata, cache-control',
      },
    })
    expect(preflight.headers.get('access-control-allow-headers')).toContain('x-upsert')
    const unknown = await fetch(storageUrl('/nope'), { headers: { apikey: keys.anonKey } })
    expect(unknown.status).toBe(400)
    expect(await unknown.json()).toMatchObject({ statusCode: '404' })
  })

  it('hostile paths and bodies are 4xx, never 5xx', async () => {
    const headers = { apikey: keys.anonKey, Authorization: `Bearer ${keys.serviceRoleKey}` }
    const x = `hostile-${randomUUID().slice(0, 8)}`
    expect((await admin().storage.createBucket(x)).error).toBeNull()
    const cases: [string, RequestInit][] = [
      [`/object/${x}/%E0%A4%A`, { headers }],
      [
        `/object/list/${x}`,
        { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: '{' },
      ],
      [
        `/object/list/${x}`,
        { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: '[1]' },
      ],
      [
        `/object/sign/${x}/y`,
        {
          method: 'POST',
          headers: { ...headers, 'Content-Type': 'application/json' },
          body: '{"expiresIn":"a"}',
        },
      ],
      [
        `/object/${x}`,
        {
          method: 'DELETE',
          headers: { ...headers, 'Content-Type': 'application/json' },
          body: '{"prefixes":"a"}',
        },
      ],
      [
        '/bucket',
        {
          method: 'POST',
          headers: { ...headers, 'Content-Type': 'application/json' },
          body: '{"id":"ok-name","file_size_limit":"lots"}',
        },
      ],
      [
        `/object/${x}/y.txt`,
        {
          method: 'POST',
          headers: { ...headers, 'Content-Type': 'multipart/form-data; boundary=zz' },
          body: 'garbage',
        },
      ],
      [`/object/${x}/y.txt`, { method: 'POST', headers: { ...headers, 'x-metadata': '!!' }, body: 'x' }],
      [
        `/object/${x}/a%00b.txt`,
        { method: 'POST', headers: { ...headers, 'Content-Type': 'text/plain' }, body: 'x' },
      ],
      ['/bucket/a%00b', { headers }],
      [
        `/object/${x}`,
        {
          method: 'DELETE',
          headers: { ...headers, 'Content-Type': 'application/json' },
          body: '{"prefixes":["a\\u0000"]}',
        },
      ],
      [
        `/object/${x}/meta.txt`,
        {
          method: 'POST',
          headers: {
            ...headers,
            'Content-Type': 'text/plain',
            'x-metadata': Buffer.from('{"a":"\\u0000"}').toString('base64'),
          },
          body: 'x',
        },
      ],
    ]
    for (const [path, init] of cases) {
      const res = await fetch(storageUrl(path), init)
      expect([path, res.status]).toEqual([path, 400])
      await res.arrayBuffer()
    }
  })
})
