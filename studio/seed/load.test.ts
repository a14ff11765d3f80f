import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadSeedDataset, resolveSeedAssets, seedDatasetPath, seedImagesDir } from './load'

const SHA = 'a'.repeat(40)

describe('resolveSeedAssets', () => {
  const input = [
    {
      _id: 'post-a',
      _type: 'post',
      coverImage: {
        _type: 'image',
        _sanityAsset: `image@file://./images/${SHA}-1200x675.webp`,
        alt: 'Cover',
      },
      body: [{ _type: 'block', children: [] }],
    },
    {
      _id: 'brand-a',
      _type: 'brandLogo',
      logo: { _type: 'image', _sanityAsset: `image@file://./images/${SHA}-1200x675.webp`, alt: 'Again' },
    },
  ]

  it('replaces _sanityAsset with an asset reference and adds one imageAsset per file', () => {
    const out = resolveSeedAssets(input, '/seed-images/')
    expect(out).toHaveLength(3)
    expect(out[0]).toMatchObject({
      coverImage: {
        _type: 'image',
        alt: 'Cover',
        asset: { _type: 'reference', _ref: `image-${SHA}-1200x675-webp` },
      },
    })
    expect(JSON.stringify(out)).not.toContain('_sanityAsset')
    expect(out[2]).toEqual({
      _id: `image-${SHA}-1200x675-webp`,
      _type: 'sanity.imageAsset',
      assetId: SHA,
      extension: 'webp',
      mimeType: 'image/webp',
      path: `images/${SHA}-1200x675.webp`,
      url: `/seed-images/${SHA}-1200x675.webp`,
      metadata: {
        _type: 'sanity.imageMetadata',
        dimensions: { _type: 'sanity.imageDimensions', width: 1200, height: 675, aspectRatio: 1200 / 675 },
      },
    })
  })

  it('does not change its input', () => {
    const copy = structuredClone(input)
    resolveSeedAssets(input, '/x')
    expect(input).toEqual(copy)
  })
})

describe('loadSeedDataset', () => {
  it('reads an NDJSON file once per process and options', () => {
    const dir = mkdtempSync(join(tmpdir(), 'seed-load-'))
    try {
      const path = join(dir, 'dataset.ndjson')
      writeFileSync(
        path,
        `${JSON.stringify({ _id: 'b', _type: 'x', image: { _type: 'image', _sanityAsset: `image@file://./images/${SHA}-2x1.svg` } })}\n`,
      )
      const first = loadSeedDataset({ assetUrlBase: 'https://cdn.example/img', datasetPath: path })
      expect(first.map((doc) => doc._id)).toEqual(['b', `image-${SHA}-2x1-svg`])
      expect(first[1]).toMatchObject({
        url: `https://cdn.example/img/${SHA}-2x1.svg`,
        mimeType: 'image/svg+xml',
      })
      expect(loadSeedDataset({ assetUrlBase: 'https://cdn.example/img', datasetPath: path })).toBe(first)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it.runIf(existsSync(seedDatasetPath))('loads the committed dataset with every image file present', () => {
    const docs = loadSeedDataset({ assetUrlBase: '/seed-images' })
    const assets = docs.filter((doc) => doc._type === 'sanity.imageAsset')
    expect(docs.some((doc) => doc._id === 'siteSettings')).toBe(true)
    for (const asset of assets) {
      expect(existsSync(join(seedImagesDir, (asset as { path: string }).path.replace(/^images\//, '')))).toBe(
        true,
      )
    }
  })
})
