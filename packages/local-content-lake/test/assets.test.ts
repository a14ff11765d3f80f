import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { png } from '../src/test-png.js'
import { startTestLake, type TestLake } from '../src/testing.js'
import { bearer, clientFor, mutations, record, welcomed } from './helpers.js'

let lake: TestLake
beforeAll(async () => {
  lake = await startTestLake()
})
afterAll(() => lake?.dispose())

describe('assets', () => {
  it('stores an uploaded image with its real dimensions, under its sha1', async () => {
    const client = clientFor(lake)
    const bytes = png(64, 48, 1)
    const sha1 = createHash('sha1').update(bytes).digest('hex')
    const listener = record(clientFor(lake), '*[_type == "sanity.imageAsset"]')
    await listener.until(welcomed)
    const asset = await client.assets.upload('image', bytes, {
      filename: 'upload-test.png',
      contentType: 'image/png',
    })
    expect(asset).toMatchObject({
      _id: `image-${sha1}-64x48-png`,
      _type: 'sanity.imageAsset',
      assetId: sha1,
      sha1hash: sha1,
      extension: 'png',
      mimeType: 'image/png',
      originalFilename: 'upload-test.png',
      size: bytes.length,
      path: `images/local0000/production/${sha1}-64x48.png`,
      url: `https://localhost:54340/images/local0000/production/${sha1}-64x48.png`,
      metadata: {
        _type: 'sanity.imageMetadata',
        dimensions: { _type: 'sanity.imageDimensions', width: 64, height: 48, aspectRatio: 64 / 48 },
        hasAlpha: false,
        isOpaque: true,
      },
    })
    // Created in a transaction: listeners see it.
    const [event] = mutations(await listener.until((events) => mutations(events).length === 1))
    listener.stop()
    expect(event?.documentId).toBe(asset._id)

    const again = await client.assets.upload('image', bytes, { filename: 'another-name.png' })
    expect(again._id).toBe(asset._id)
    expect(again._rev).toBe(asset._rev)
  })

  it('serves the image bytes for any query string, cacheable for a year', async () => {
    const bytes = png(10, 20, 2)
    const asset = await clientFor(lake).assets.upload('image', bytes)
    for (const query of ['', '?w=2000&fit=max&auto=format', '?rect=150,0,900,900&w=33&h=33&fit=crop&dpr=1']) {
      const response = await fetch(`${lake.httpUrl}/${asset.path}${query}`)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('image/png')
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true)
    }
    expect(
      (await fetch(`${lake.httpUrl}/images/local0000/production/${'0'.repeat(40)}-1x1.png`)).status,
    ).toBe(404)
    expect((await fetch(`${lake.httpUrl}/images/other/production/${asset.assetId}-10x20.png`)).status).toBe(
      404,
    )
  })

  it('serves the seeded images', async () => {
    const [seeded] = await clientFor(lake).fetch<{ path: string; mimeType: string }[]>(
      '*[_type == "sanity.imageAsset"] | order(_id asc) [0...1] { path, mimeType }',
    )
    expect(seeded).toBeDefined()
    const response = await fetch(`${lake.httpUrl}/${seeded?.path}?w=100`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe(seeded?.mimeType)
  })

  it('stores files as sanity.fileAsset', async () => {
    const bytes = Buffer.from('hello, lake\n')
    const sha1 = createHash('sha1').update(bytes).digest('hex')
    const asset = await clientFor(lake).assets.upload('file', bytes, {
      filename: 'hello.txt',
      contentType: 'text/plain',
    })
    expect(asset).toMatchObject({
      _id: `file-${sha1}-txt`,
      _type: 'sanity.fileAsset',
      extension: 'txt',
      size: 12,
    })
    const response = await fetch(`${lake.httpUrl}/${asset.path}`)
    expect(await response.text()).toBe('hello, lake\n')
  })

  it('refuses bytes that are no image with a 400', async () => {
    const response = await fetch(`${lake.httpUrl}/v2025-02-19/assets/images/production`, {
      method: 'POST',
      headers: bearer(lake),
      body: 'not an image',
    })
    expect(response.status).toBe(400)
  })
})
