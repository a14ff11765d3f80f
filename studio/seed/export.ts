/**
 * The Content Lake's content back into seed/content and seed/artwork (`npm run content:export`),
 * in the authored form, so that `seed:build` rebuilds exactly that content.
 *
 * A document whose file already builds to it (compared as in `comparable`: `_key`s and lake-only
 * fields aside) keeps its file byte for byte. A changed one is written into its file, keeping the
 * text of unchanged values; a new one gets a file named like its type's others; a deleted one
 * loses its file. New images are written into seed/artwork from the lake's asset store.
 *
 * The lake's documents are first normalised (`normalizeLakeDocument`): empty text blocks are
 * dropped, spaces at the edge of bold or italic text moved out of it, and text fields trimmed,
 * since editors leave those behind in the Studio and the seed cannot write them. Everything after
 * works on the normalised documents.
 *
 * Nothing is written unless the whole result has been built in a scratch copy and every document
 * compared equal to the lake's (normalised) one; otherwise `ExportError` lists what the seed
 * cannot express.
 */
import { createHash } from 'node:crypto'
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, dirname, extname, join, relative } from 'node:path'
import { buildDataset, type SanityDocument, type SeedImage } from './builder'
import { convertDocument, formatPath, isPlainObject, type Path } from './convert'
import { comparable, differences, documentToSource, normalizeLakeDocument } from './document-to-source'
import { artworkDirsByField, indexArtwork, newArtworkPath, usedArtwork } from './export-artwork'
import { artworkDir as defaultArtworkDir, contentDir as defaultContentDir } from './paths'
import { sameJson } from './portable-text-to-markdown'
import { type Def, registry } from './schema-defs'
import { parseSource } from './source-file'
import { sourceText } from './source-text'

export type LakeDocument = Record<string, unknown> & { _id: string; _type: string }

export type ExportOptions = {
  /** The lake's published documents, `sanity.imageAsset` ones included. */
  documents: LakeDocument[]
  /** The bytes of an image from the lake's asset store, by `<sha1>-<w>x<h>.<ext>`. */
  readAsset: (fileName: string) => Buffer
  contentDir?: string
  artworkDir?: string
}

export type ExportResult = {
  /** Absolute paths of the files written (sources and artwork). */
  written: string[]
  /** Absolute paths of the files removed. */
  removed: string[]
  /** Documents whose file was left as it was. */
  unchanged: number
}

export class ExportError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `content export: ${problems.length} problem(s); nothing was written:\n${problems.map((p) => `  ${p}`).join('\n')}`,
    )
    this.name = 'ExportError'
  }
}

const ASSET_REF = /^image-([0-9a-f]{40})-(\d+)x(\d+)-([a-z0-9]+)$/

type SourceFile = {
  id: string
  type: string
  /** Relative to contentDir. */
  file: string
  text: string
  source: Record<string, unknown>
  /** Undefined when the file does not build cleanly (it is then rewritten). */
  built: SanityDocument | undefined
}

export function exportSeed(options: ExportOptions): ExportResult {
  const contentDir = options.contentDir ?? defaultContentDir
  const artworkDir = options.artworkDir ?? defaultArtworkDir
  const scratch = mkdtempSync(join(tmpdir(), 'seed-export-'))
  try {
    const plan = planExport(options, contentDir, artworkDir, scratch)
    for (const [path, bytes] of plan.writes) {
      mkdirSync(dirname(path), { recursive: true })
      writeFileSync(path, bytes)
    }
    for (const path of plan.removes) rmSync(path, { force: true })
    return {
      written: [...plan.writes.keys()].sort(),
      removed: [...plan.removes].sort(),
      unchanged: plan.unchanged,
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}

function planExport(options: ExportOptions, contentDir: string, artworkDir: string, scratch: string) {
  const problems: string[] = []
  const stagedContent = join(scratch, 'content')
  const stagedArtwork = join(scratch, 'artwork')
  if (existsSync(contentDir)) cpSync(contentDir, stagedContent, { recursive: true })
  else mkdirSync(stagedContent, { recursive: true })
  if (existsSync(artworkDir)) cpSync(artworkDir, stagedArtwork, { recursive: true })
  else mkdirSync(stagedArtwork, { recursive: true })

  const imageCache = new Map<string, SeedImage>()
  const artworkByName = indexArtwork(stagedArtwork, imageCache)
  const current = readCurrentSeed(stagedContent, stagedArtwork, imageCache, problems)
  const usedBefore = usedArtwork(
    current.flatMap((file) => (file.built ? [file.built] : [])),
    artworkByName,
  )
  if (problems.length > 0) throw new ExportError(problems)
  const byId = new Map(current.map((file) => [file.id, file]))

  // The lake's content documents; asset documents only matter through the references to them.
  const lakeDocs = new Map<string, LakeDocument>()
  for (const doc of options.documents) {
    if (doc._id.startsWith('drafts.') || doc._id.startsWith('versions.')) continue
    if (/^(sanity|system)\./.test(doc._type)) continue
    if (registry.get(doc._type)?.type !== 'document') {
      problems.push(
        `${doc._id}: documents of type "${doc._type}" have no place in the seed (not a schema document type)`,
      )
      continue
    }
    if (lakeDocs.has(doc._id)) problems.push(`${doc._id}: given twice`)
    // From here on, the lake's document is the one the seed is written from and compared with.
    lakeDocs.set(doc._id, normalizeLakeDocument(doc))
  }

  const writes = new Map<string, string | Buffer>()
  const removes = new Set<string>()
  const newArtwork = new Map<string, string>()
  const fieldDirs = artworkDirsByField(
    current.flatMap((file) => (file.built ? [file.built] : [])),
    artworkByName,
  )
  let unchanged = 0

  // Deleted documents first, so that a new document may take over a freed file name.
  for (const file of current) {
    if (lakeDocs.has(file.id)) continue
    rmSync(join(stagedContent, file.file))
    removes.add(join(contentDir, file.file))
  }

  for (const doc of lakeDocs.values()) {
    const existing = byId.get(doc._id)
    const sameFile = existing && existing.type === doc._type ? existing : undefined
    if (sameFile?.built && sameJson(comparable(sameFile.built, true), comparable(doc, false))) {
      unchanged++
      continue
    }
    const typeDef = registry.get(doc._type) as Def
    const docProblems: string[] = []
    const report = (path: Path, message: string) =>
      docProblems.push(`${doc._id}: ${path.length > 0 ? `${formatPath(path)}: ` : ''}${message}`)
    const artworkFor = (ref: string, path: Path) => {
      const match = ASSET_REF.exec(ref)
      if (!match) {
        report(path, `"${ref}" is not an image asset`)
        return undefined
      }
      const [, sha1 = '', width, height, ext = ''] = match
      const fileName = `${sha1}-${width}x${height}.${ext}`
      const known = artworkByName.get(fileName) ?? newArtwork.get(fileName)
      if (known) return known
      let bytes: Buffer
      try {
        bytes = options.readAsset(fileName)
      } catch (error) {
        report(path, `cannot read the image ${fileName} from the lake: ${(error as Error).message}`)
        return undefined
      }
      if (createHash('sha1').update(bytes).digest('hex') !== sha1) {
        report(path, `the lake's file for ${ref} does not have the SHA-1 its id says`)
        return undefined
      }
      const file = newArtworkPath(doc, path, ext, fieldDirs, stagedArtwork)
      mkdirSync(dirname(join(stagedArtwork, file)), { recursive: true })
      writeFileSync(join(stagedArtwork, file), bytes)
      writes.set(join(artworkDir, file), bytes)
      newArtwork.set(fileName, file)
      return file
    }

    const file = sameFile?.file ?? newSourcePath(doc, typeDef, current, stagedContent)
    const isMarkdown = file.endsWith('.md')
    // First with the previous file (keeping its unchanged text), then, should that not build
    // back to the document, written afresh.
    const attempts = sameFile ? [sameFile, undefined] : [undefined]
    let written: string | undefined
    let mismatch: string[] = []
    for (const [attempt, previous] of attempts.entries()) {
      const value = documentToSource(typeDef, doc, previous?.source, {
        report: attempt === 0 ? report : () => {},
        artworkFor,
      })
      if (docProblems.length > 0) break
      const text = sourceText(value, isMarkdown, previous?.text)
      mismatch = checkSource(text, doc, file, stagedArtwork)
      if (mismatch.length === 0) {
        written = text
        break
      }
    }
    if (docProblems.length > 0 || written === undefined) {
      problems.push(...(docProblems.length > 0 ? docProblems : mismatch.map((line) => `${doc._id}: ${line}`)))
      continue
    }
    if (existing && existing !== sameFile) {
      rmSync(join(stagedContent, existing.file))
      removes.add(join(contentDir, existing.file))
    }
    mkdirSync(dirname(join(stagedContent, file)), { recursive: true })
    writeFileSync(join(stagedContent, file), written)
    writes.set(join(contentDir, file), written)
  }

  if (problems.length > 0) throw new ExportError(problems)

  // The whole result, built as seed:build will build it.
  const result = buildDataset({ contentDir: stagedContent, artworkDir: stagedArtwork })
  problems.push(...result.errors.map((error) => error.replaceAll(`${relative(process.cwd(), scratch)}/`, '')))
  const built = new Map(result.documents.map((doc) => [doc._id, doc]))
  for (const doc of lakeDocs.values()) {
    const seed = built.get(doc._id)
    if (!seed) problems.push(`${doc._id}: missing from the rebuilt seed`)
    else
      for (const line of differences(comparable(seed, true), comparable(doc, false)))
        problems.push(`${doc._id}: ${line}`)
  }
  for (const id of built.keys())
    if (!lakeDocs.has(id)) problems.push(`${id}: in the rebuilt seed but not in the lake`)
  if (problems.length > 0) throw new ExportError(problems)

  // Artwork the seed used before and no longer uses goes; other files in seed/artwork stay.
  const usedAfter = usedArtwork(result.documents, artworkByName, newArtwork)
  for (const file of usedBefore) if (!usedAfter.has(file)) removes.add(join(artworkDir, file))
  for (const path of writes.keys()) removes.delete(path)
  return { writes, removes, unchanged }
}

/** The current sources, each converted on its own (the builder's per-file step). */
function readCurrentSeed(
  contentDir: string,
  artworkDir: string,
  imageCache: Map<string, SeedImage>,
  problems: string[],
): SourceFile[] {
  const files: SourceFile[] = []
  const seen = new Map<string, string>()
  for (const type of readdirSync(contentDir).sort()) {
    const typeDef = registry.get(type)
    if (typeDef?.type !== 'document' || !statSync(join(contentDir, type)).isDirectory()) continue
    for (const name of readdirSync(join(contentDir, type)).sort()) {
      if (!/\.(ya?ml|md)$/.test(name) || name.startsWith('_') || name === 'README.md') continue
      const file = join(type, name)
      const text = readFileSync(join(contentDir, file), 'utf8')
      const readErrors: string[] = []
      const source = parseSource(text, name.endsWith('.md'), (path, message) =>
        readErrors.push(`seed/content/${file}: ${formatPath(path)} ${message}`),
      )
      if (!source) {
        problems.push(...readErrors, `seed/content/${file}: fix this file before exporting`)
        continue
      }
      let buildErrors = 0
      const built = convertDocument(type, typeDef, source, basename(name, extname(name)), {
        report: () => buildErrors++,
        artworkDir,
        images: new Map(),
        imageCache,
        references: () => {},
      })
      const id = built?._id ?? (typeof source._id === 'string' ? source._id : basename(name, extname(name)))
      const other = seen.get(id)
      if (other) problems.push(`seed/content/${file}: _id "${id}" is also in seed/content/${other}`)
      seen.set(id, file)
      files.push({ id, type, file, text, source, built: buildErrors === 0 ? built : undefined })
    }
  }
  return files
}

/** Builds one source text alone and compares it with the lake's document. */
function checkSource(text: string, doc: LakeDocument, file: string, artworkDir: string): string[] {
  const errors: string[] = []
  const report = (path: Path, message: string) =>
    errors.push(`${path.length > 0 ? `${formatPath(path)}: ` : ''}${message}`)
  const source = parseSource(text, file.endsWith('.md'), report)
  const typeDef = registry.get(doc._type) as Def
  const built =
    source &&
    convertDocument(doc._type, typeDef, source, basename(file, extname(file)), {
      report,
      artworkDir,
      images: new Map(),
      imageCache: new Map(),
      references: () => {},
    })
  if (errors.length > 0 || !built) return errors.length > 0 ? errors : ['cannot be written as a seed source']
  return differences(comparable(built, true), comparable(doc, false))
}

/**
 * A new document's file: `<type>/<slug>.md|yaml` when that type's files are named by slug,
 * otherwise `<type>/<_id>…`; `.md` when the type has a rich-text `body`.
 */
function newSourcePath(doc: LakeDocument, typeDef: Def, current: SourceFile[], contentDir: string): string {
  const body = typeDef.fields?.find((field) => field.name === 'body')
  const ext = body?.of?.some((member) => member.type === 'block') ? '.md' : '.yaml'
  const siblings = current.filter((file) => file.type === doc._type)
  const bySlug = siblings.filter((file) => {
    const slug = file.built?.slug
    return isPlainObject(slug) && basename(file.file, extname(file.file)) === slug.current
  })
  const slug = isPlainObject(doc.slug) && typeof doc.slug.current === 'string' ? doc.slug.current : undefined
  const base = slug && bySlug.length * 2 > siblings.length ? slug : doc._id
  for (let n = 1; ; n++) {
    const file = join(doc._type, `${n === 1 ? base : `${base}-${n}`}${ext}`)
    if (!existsSync(join(contentDir, file))) return file
  }
}
