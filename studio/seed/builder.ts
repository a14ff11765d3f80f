import { existsSync, readdirSync, statSync } from 'node:fs'
import { basename, extname, join, relative } from 'node:path'
import { SINGLETON_TYPES } from '../schemaTypes'
import { convertDocument, formatPath, type Path } from './convert'
import { documentTypes, registry } from './schema-defs'
import { readSource } from './source-file'

export type SanityDocument = { _id: string; _type: string; [key: string]: unknown }

export type SeedImage = { fileName: string; source: string; width: number; height: number }

export type BuildOptions = {
  /** `seed/content`: one folder per document type. */
  contentDir: string
  /** `seed/artwork`: image files referenced as `{ file, alt }`. */
  artworkDir: string
}

export type BuildResult = {
  /** Sorted by `_id`. */
  documents: SanityDocument[]
  /** Image files by their dataset name (`<sha1>-<w>x<h>.<ext>`). */
  images: Map<string, SeedImage>
  errors: string[]
  /** The NDJSON text of `documents`. */
  ndjson: string
}

/** Reads the seed sources and builds the dataset in memory. Never throws on bad content. */
export function buildDataset({ contentDir, artworkDir }: BuildOptions): BuildResult {
  const errors: string[] = []
  const documents: SanityDocument[] = []
  const images = new Map<string, SeedImage>()
  const imageCache = new Map<string, SeedImage>()
  const references: { file: string; path: string; ref: string; to: string[] }[] = []
  const fileOf = new Map<string, string>()

  const typeDirs = existsSync(contentDir)
    ? readdirSync(contentDir).filter((name) => statSync(join(contentDir, name)).isDirectory())
    : []

  for (const typeName of typeDirs.sort()) {
    const typeDir = join(contentDir, typeName)
    const files = readdirSync(typeDir)
      .filter((name) => /\.(ya?ml|md)$/.test(name) && !name.startsWith('_') && name !== 'README.md')
      .sort()
    const typeDef = registry.get(typeName)
    if (typeDef?.type !== 'document') {
      if (files.length > 0) {
        errors.push(
          `${relative(process.cwd(), typeDir)}: "${typeName}" is not a document type (one of ${[...documentTypes].join(', ')})`,
        )
      }
      continue
    }
    for (const name of files) {
      const filePath = join(typeDir, name)
      const file = relative(process.cwd(), filePath)
      const report = (path: Path, message: string) =>
        errors.push(`${file}: ${path.length > 0 ? `${formatPath(path)}: ` : ''}${message}`)
      const source = readSource(filePath, report)
      if (!source) continue
      const doc = convertDocument(typeName, typeDef, source, basename(name, extname(name)), {
        report,
        artworkDir,
        images,
        imageCache,
        references: (path, ref, to) => references.push({ file, path: formatPath(path), ref, to }),
      })
      if (!doc) continue
      const previous = fileOf.get(doc._id)
      if (previous) {
        report(['_id'], `duplicate _id "${doc._id}" (also in ${previous})`)
        continue
      }
      fileOf.set(doc._id, file)
      documents.push(doc)
    }
  }

  // Cross-document checks: references, unique slugs, singleton and page ids.
  const byId = new Map(documents.map((doc) => [doc._id, doc]))
  for (const { file, path, ref, to } of references) {
    const target = byId.get(ref)
    if (!target) errors.push(`${file}: ${path}: reference to "${ref}", which does not exist`)
    else if (!to.includes(target._type)) {
      errors.push(`${file}: ${path}: reference to "${ref}" (a ${target._type}); must be a ${to.join(' or ')}`)
    }
  }
  const slugs = new Map<string, string>()
  for (const doc of documents) {
    const slug = (doc.slug as { current?: string } | undefined)?.current
    if (!slug) continue
    const key = `${doc._type}:${slug}`
    const other = slugs.get(key)
    if (other) {
      errors.push(`${fileOf.get(doc._id)}: slug: duplicate slug "${slug}" (also used by ${other})`)
    } else slugs.set(key, fileOf.get(doc._id) ?? doc._id)
  }
  const singletonsSeen = new Set<string>()
  for (const doc of documents) {
    if (SINGLETON_TYPES.has(doc._type)) {
      if (doc._id !== doc._type)
        errors.push(`${fileOf.get(doc._id)}: _id: must be "${doc._type}" (a singleton)`)
      singletonsSeen.add(doc._type)
    }
    if (doc._type === 'page' && typeof doc.key === 'string' && doc._id !== `page-${doc.key}`) {
      errors.push(`${fileOf.get(doc._id)}: _id: must be "page-${doc.key}" for key "${doc.key}"`)
    }
  }

  if (documents.length > 0) {
    for (const type of SINGLETON_TYPES) {
      if (!singletonsSeen.has(type))
        errors.push(`${relative(process.cwd(), contentDir)}: ${type}/${type}.yaml is missing`)
    }
  }

  documents.sort((a, b) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0))
  const ndjson = documents.map((doc) => JSON.stringify(doc)).join('\n') + (documents.length > 0 ? '\n' : '')
  return { documents, images, errors, ndjson }
}
