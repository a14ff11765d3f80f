/**
 * The seed dataset for the embedded content source: `studio/seed/dataset.ndjson` as documents,
 * with image assets resolved the way the Content Lake does. Node built-ins only.
 *
 * import { loadSeedDataset } from '@siyakha/studio/seed'
 */
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export type SeedDocument = { _id: string; _type: string; [key: string]: unknown }

export type SeedImageAsset = {
  _id: string
  _type: 'sanity.imageAsset'
  assetId: string
  extension: string
  mimeType: string
  path: string
  url: string
  metadata: {
    _type: 'sanity.imageMetadata'
    dimensions: { _type: 'sanity.imageDimensions'; width: number; height: number; aspectRatio: number }
  }
}

export type LoadSeedOptions = {
  /** Public URL of the folder serving `seed/images/`, e.g. "/seed-images" or "https://…". */
  assetUrlBase: string
  /** Defaults to the `dataset.ndjson` next to this module. */
  datasetPath?: string
}

/** The folder holding the image files named in the dataset (`<sha1>-<w>x<h>.<ext>`). */
export const seedImagesDir = join(dirname(fileURLToPath(import.meta.url)), 'images')
export const seedDatasetPath = join(dirname(fileURLToPath(import.meta.url)), 'dataset.ndjson')

const ASSET_PATTERN = /^image@file:\/\/\.\/images\/(([0-9a-f]{40})-(\d+)x(\d+)\.([a-z0-9]+))$/
const MIME: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  avif: 'image/avif',
}

/**
 * Converts parsed dataset documents: every `_sanityAsset: 'image@file://./images/<file>'` becomes
 * `asset: { _type: 'reference', _ref: 'image-<sha1>-<w>x<h>-<ext>' }`, and one `sanity.imageAsset`
 * document per image is appended (with `url`, `mimeType` and `metadata.dimensions`), so GROQ such
 * as `image.asset->url` works in groq-js exactly as in the Content Lake. Pure: input is not changed.
 */
export function resolveSeedAssets(
  documents: SeedDocument[],
  assetUrlBase: string,
): (SeedDocument | SeedImageAsset)[] {
  const base = assetUrlBase.replace(/\/+$/, '')
  const assets = new Map<string, SeedImageAsset>()
  const convert = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(convert)
    if (typeof value !== 'object' || value === null) return value
    const out: Record<string, unknown> = {}
    for (const [key, child] of Object.entries(value)) {
      if (key === '_sanityAsset' && typeof child === 'string') {
        const match = ASSET_PATTERN.exec(child)
        if (!match) throw new Error(`Unsupported _sanityAsset "${child}"`)
        const [, fileName = '', sha1 = '', w = '0', h = '0', ext = ''] = match
        const id = `image-${sha1}-${w}x${h}-${ext}`
        if (!assets.has(id)) {
          const width = Number(w)
          const height = Number(h)
          assets.set(id, {
            _id: id,
            _type: 'sanity.imageAsset',
            assetId: sha1,
            extension: ext,
            mimeType: MIME[ext] ?? 'application/octet-stream',
            path: `images/${fileName}`,
            url: `${base}/${fileName}`,
            metadata: {
              _type: 'sanity.imageMetadata',
              dimensions: { _type: 'sanity.imageDimensions', width, height, aspectRatio: width / height },
            },
          })
        }
        out.asset = { _type: 'reference', _ref: id }
      } else {
        out[key] = convert(child)
      }
    }
    return out
  }
  const converted = documents.map((doc) => convert(doc) as SeedDocument)
  return [...converted, ...[...assets.values()].sort((a, b) => (a._id < b._id ? -1 : 1))]
}

/** Parses NDJSON text into documents. */
export function parseNdjson(text: string): SeedDocument[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as SeedDocument)
}

const cache = new Map<string, (SeedDocument | SeedImageAsset)[]>()

/**
 * Reads the seed dataset and resolves its images (see `resolveSeedAssets`). Cached per process
 * and per options; treat the result as read-only.
 */
export function loadSeedDataset({ assetUrlBase, datasetPath = seedDatasetPath }: LoadSeedOptions) {
  const cacheKey = `${datasetPath}\n${assetUrlBase}`
  let documents = cache.get(cacheKey)
  if (!documents) {
    documents = resolveSeedAssets(parseNdjson(readFileSync(datasetPath, 'utf8')), assetUrlBase)
    cache.set(cacheKey, documents)
  }
  return documents
}
