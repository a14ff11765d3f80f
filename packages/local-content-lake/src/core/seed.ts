/**
 * The first dataset's initial content: `studio/seed/dataset.ndjson` with its images resolved to
 * asset documents served by the lake (contract §7.2, §8).
 */
import { createHash } from 'node:crypto'
import { copyFile, mkdir, readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { parseNdjson, resolveSeedAssets } from '@siyakha/studio/seed'
import type { LakeDocument } from './types.js'

/** Shown as "Created …" in the Studio; fixed so that a reseed gives the same documents. */
export const SEED_TIME = '2026-01-01T00:00:00.000Z'

export interface SeedSource {
  datasetPath: string
  imagesDir: string
}

export interface SeedTarget {
  projectId: string
  dataset: string
  publicOrigin: string
}

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex')

/** Changes whenever the seed file or anything written into the seeded documents changes. */
export async function seedHash(source: SeedSource, target: SeedTarget): Promise<string> {
  const text = await readFile(source.datasetPath, 'utf8')
  return createHash('sha256')
    .update(JSON.stringify([target.projectId, target.dataset, target.publicOrigin]))
    .update(text)
    .digest('hex')
}

/** The seed documents, complete with system fields; copies the images into `assetsDir`. */
export async function buildSeed(
  source: SeedSource,
  target: SeedTarget,
  assetsDir: string,
): Promise<LakeDocument[]> {
  const text = await readFile(source.datasetPath, 'utf8')
  const origin = target.publicOrigin.replace(/\/+$/, '')
  const imagePath = `images/${target.projectId}/${target.dataset}`
  const resolved = resolveSeedAssets(parseNdjson(text), `${origin}/${imagePath}`)
  await mkdir(assetsDir, { recursive: true })
  const documents: LakeDocument[] = []
  for (const doc of resolved) {
    let content: Record<string, unknown> & { _id: string; _type: string } = doc
    if (doc._type === 'sanity.imageAsset' && typeof doc.assetId === 'string') {
      const fileName = String(doc.path).replace(/^images\//, '')
      const file = join(source.imagesDir, fileName)
      await copyFile(file, join(assetsDir, fileName))
      content = {
        ...doc,
        path: `${imagePath}/${fileName}`,
        sha1hash: doc.assetId,
        size: (await stat(file)).size,
        originalFilename: fileName,
      }
    }
    documents.push({
      ...content,
      _rev: `seed-${sha1(JSON.stringify(content)).slice(0, 12)}`,
      _createdAt: SEED_TIME,
      _updatedAt: SEED_TIME,
    })
  }
  return documents
}
