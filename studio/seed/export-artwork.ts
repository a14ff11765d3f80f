// The artwork side of the export: which seed/artwork file holds an image, which folder and name
// a newly uploaded one gets, and which files the seed uses.
import { existsSync, readdirSync, statSync } from 'node:fs'
import { basename, dirname, join, relative } from 'node:path'
import { readArtwork } from './artwork-files'
import type { SanityDocument, SeedImage } from './builder'
import { isPlainObject, type Path } from './convert'

const IMAGE_FILE = /\.(webp|png|jpe?g|svg|gif|avif)$/i

/** Every image under the artwork folder by its dataset name (`<sha1>-<w>x<h>.<ext>`). */
export function indexArtwork(dir: string, cache: Map<string, SeedImage>): Map<string, string> {
  const byName = new Map<string, string>()
  const walk = (folder: string) => {
    for (const name of readdirSync(folder).sort()) {
      const path = join(folder, name)
      if (statSync(path).isDirectory()) walk(path)
      else if (IMAGE_FILE.test(name)) {
        const file = relative(dir, path)
        const image = readArtwork(file, dir, cache, () => {})
        if (image && !byName.has(image.fileName)) byName.set(image.fileName, file)
      }
    }
  }
  if (existsSync(dir)) walk(dir)
  return byName
}

export function usedArtwork(
  documents: SanityDocument[],
  byName: Map<string, string>,
  extra = new Map<string, string>(),
): Set<string> {
  const used = new Set<string>()
  for (const { fileName } of imagesIn(documents)) {
    const file = byName.get(fileName) ?? extra.get(fileName)
    if (file) used.add(file)
  }
  return used
}

/** Every `_sanityAsset` image in built documents, with its document type and field path. */
function imagesIn(documents: SanityDocument[]) {
  const out: { type: string; field: string; fileName: string }[] = []
  const walk = (value: unknown, type: string, path: string[]) => {
    if (Array.isArray(value)) for (const item of value) walk(item, type, path)
    else if (isPlainObject(value)) {
      if (typeof value._sanityAsset === 'string') {
        out.push({ type, field: path.join('.'), fileName: value._sanityAsset.replace(/^.*\//, '') })
      }
      for (const [key, child] of Object.entries(value)) walk(child, type, [...path, key])
    }
  }
  for (const doc of documents) walk(doc, doc._type, [])
  return out
}

/** Which artwork folders each `type:field` (and each type) uses, most used first. */
export function artworkDirsByField(documents: SanityDocument[], byName: Map<string, string>) {
  const counts = new Map<string, Map<string, number>>()
  const count = (key: string, dir: string) => {
    const map = counts.get(key) ?? new Map<string, number>()
    map.set(dir, (map.get(dir) ?? 0) + 1)
    counts.set(key, map)
  }
  for (const { type, field, fileName } of imagesIn(documents)) {
    const file = byName.get(fileName)
    if (!file) continue
    count(`${type}:${field}`, dirname(file))
    count(type, dirname(file))
  }
  return (key: string) => {
    const map = counts.get(key)
    return map && [...map].sort((a, b) => b[1] - a[1])[0]?.[0]
  }
}

/**
 * Where a newly uploaded image goes: the folder the type's other images at that field use, named
 * after the document's slug (or id), e.g. `posts/<slug>.webp`.
 */
export function newArtworkPath(
  doc: { _id: string; _type: string; slug?: unknown },
  path: Path,
  ext: string,
  dirFor: (key: string) => string | undefined,
  artworkDir: string,
): string {
  const field = path.filter((part) => typeof part === 'string').join('.')
  const dir = dirFor(`${doc._type}:${field}`) ?? dirFor(doc._type) ?? doc._type
  const slug = isPlainObject(doc.slug) && typeof doc.slug.current === 'string' ? doc.slug.current : undefined
  const base = slugify(slug ?? doc._id.replace(new RegExp(`^(${doc._type}|${basename(dir)})-`), ''))
  const suffix = slugify(field)
  const extension = ext === 'jpeg' ? 'jpg' : ext
  for (let n = 0; ; n++) {
    const name = n === 0 ? base : n === 1 ? `${base}-${suffix}` : `${base}-${suffix}-${n}`
    const file = join(dir === '.' ? '' : dir, `${name}.${extension}`)
    if (!existsSync(join(artworkDir, file))) return file
  }
}

function slugify(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'image'
  )
}
