import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseNdjson, seedDatasetPath, seedImagesDir } from '@siyakha/studio/seed'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { openLake, resetLake } from './lake.js'
import {
  createTestSetup,
  IMAGE_FILE,
  IMAGE_SHA1,
  production,
  SEED_DOCUMENTS,
  type TestSetup,
} from './test-lake.js'

let setup: TestSetup | undefined
afterEach(() => {
  setup?.dispose()
  setup = undefined
  vi.restoreAllMocks()
})

describe('openLake', () => {
  it('imports the real Studio seed: every document has system fields, images become asset documents', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'lake-seed-'))
    try {
      const lake = await openLake({
        dataDir,
        projectId: 'local0000',
        seed: { datasetPath: seedDatasetPath, imagesDir: seedImagesDir },
        publicOrigin: 'https://localhost:54340',
        author: 'p-test',
      })
      const dataset = production(lake)
      const docs = (await dataset.query('*', {}, { perspective: 'raw' })) as Record<string, unknown>[]
      const seedCount = parseNdjson(readFileSync(seedDatasetPath, 'utf8')).length
      const assets = docs.filter((doc) => doc._type === 'sanity.imageAsset')
      expect(docs.length).toBe(seedCount + assets.length)
      expect(assets.length).toBeGreaterThan(0)
      for (const doc of docs) {
        expect(doc._rev).toMatch(/^seed-[0-9a-f]{12}$/)
        expect(doc._createdAt).toBe(doc._updatedAt)
      }
      expect(JSON.stringify(docs)).not.toContain('_sanityAsset')
      for (const asset of assets) {
        const file = String(asset.path).split('/').pop() as string
        expect(asset.path).toBe(`images/local0000/production/${file}`)
        expect(asset.url).toBe(`https://localhost:54340/images/local0000/production/${file}`)
        expect(asset.sha1hash).toBe(asset.assetId)
        expect(asset.size).toBe(readFileSync(join(seedImagesDir, file)).length)
        expect(existsSync(join(dataset.assetsDir, file))).toBe(true)
      }
      const imageRefs = [...JSON.stringify(docs).matchAll(/"_ref":"(image-[^"]+)"/g)].map((match) => match[1])
      expect(imageRefs.length).toBeGreaterThan(0)
      const assetIds = new Set(assets.map((asset) => asset._id))
      expect(imageRefs.filter((ref) => !assetIds.has(ref))).toEqual([])
      await lake.close()
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })

  it('resolves the seed image into an asset document and copies the file', async () => {
    setup = createTestSetup()
    const lake = await setup.open()
    const dataset = production(lake)
    const post = dataset.getDocuments(['post-1'])[0]
    const assetId = `image-${IMAGE_SHA1}-2x1-png`
    expect(post?.image).toEqual({ _type: 'image', asset: { _type: 'reference', _ref: assetId } })
    const [asset] = dataset.getDocuments([assetId])
    expect(asset).toMatchObject({ sha1hash: IMAGE_SHA1, size: 16, originalFilename: IMAGE_FILE })
    expect(readFileSync(join(dataset.assetsDir, IMAGE_FILE), 'utf8')).toBe('not really a png')
    await lake.close()
  })

  it('reseeds a changed seed while nothing was edited', async () => {
    setup = createTestSetup()
    await (await setup.open()).close()
    writeFileSync(setup.options.seed.datasetPath, `${JSON.stringify({ _id: 'only', _type: 'post' })}\n`)
    const lake = await setup.open()
    expect(production(lake).getDocuments(['only', 'post-1'])).toEqual([
      expect.objectContaining({ _id: 'only' }),
      undefined,
    ])
    await lake.close()
  })

  it('keeps edits when the seed changed afterwards, and warns', async () => {
    setup = createTestSetup()
    const first = await setup.open()
    await production(first).mutate([{ patch: { id: 'post-1', set: { title: 'Edited' } } }])
    await first.close()
    writeFileSync(setup.options.seed.datasetPath, `${JSON.stringify({ _id: 'only', _type: 'post' })}\n`)
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const lake = await setup.open()
    expect(warn).toHaveBeenCalledTimes(1)
    expect(production(lake).getDocuments(['post-1'])[0]?.title).toBe('Edited')
    await lake.close()
  })

  it('resetLake brings back the seed on the next open', async () => {
    setup = createTestSetup()
    const first = await setup.open()
    await production(first).mutate([{ delete: { id: 'post-1' } }])
    first.setKeyValues([{ key: 'k', value: 1 }])
    await first.close()
    await resetLake(setup.options.dataDir)
    const lake = await setup.open()
    expect(production(lake).getDocuments(['post-1'])[0]?.title).toBe(SEED_DOCUMENTS[0]?.title)
    expect(lake.getKeyValues(['k'])).toEqual([{ key: 'k', value: null }])
    await lake.close()
  })

  it('refuses a second open of the same data dir and a reset while open', async () => {
    setup = createTestSetup()
    const lake = await setup.open()
    await expect(setup.open()).rejects.toThrow(/already open/)
    await expect(resetLake(setup.options.dataDir)).rejects.toThrow(/in use/)
    await lake.close()
  })

  it('takes over a stale lock (a dead pid, or our pid left by an earlier run of a restarted container)', async () => {
    setup = createTestSetup()
    await (await setup.open()).close()
    for (const pid of [2 ** 22 + 1, process.pid]) {
      writeFileSync(join(setup.options.dataDir, 'lake.lock'), `${pid}\n`)
      await (await setup.open()).close()
    }
  })

  it('creates the configured extra datasets empty', async () => {
    setup = createTestSetup()
    const lake = await openLake({ ...setup.options, datasets: ['production', 'staging'] })
    expect(lake.datasetNames().sort()).toEqual(['production', 'staging'])
    expect(await lake.dataset('staging')?.query('count(*)', {}, { perspective: 'raw' })).toBe(0)
    expect(lake.dataset('nope')).toBeUndefined()
    await lake.close()
  })

  it('persists key-values across restarts', async () => {
    setup = createTestSetup()
    const lake = await setup.open()
    expect(lake.setKeyValues([{ key: 'studio.a', value: { x: 1 } }])).toEqual([
      { key: 'studio.a', value: { x: 1 } },
    ])
    expect(lake.getKeyValues(['studio.a', 'studio.b'])).toEqual([
      { key: 'studio.a', value: { x: 1 } },
      { key: 'studio.b', value: null },
    ])
    await lake.close()
    const again = await setup.open()
    expect(again.getKeyValues(['studio.a'])).toEqual([{ key: 'studio.a', value: { x: 1 } }])
    await again.close()
  })
})
