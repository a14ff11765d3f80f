import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { basename, extname, join, relative, resolve } from 'node:path'
import { imageSize } from 'image-size'
import YAML from 'yaml'
import { SINGLETON_TYPES, schemaTypes } from '../schemaTypes'
import { stableKey } from './keys'
import { markdownToPortableText } from './markdown'
import { isRequired, runValidation } from './rules'

/** The loose shape of a schema type or field definition, as written with `defineType`/`defineField`. */
type Def = {
  name?: string
  type: string
  fields?: Def[]
  of?: Def[]
  to?: { type: string }[]
  options?: { list?: (string | number | { value: string | number })[] }
  validation?: unknown
  initialValue?: unknown
}

type Path = (string | number)[]
type SanityDocument = { _id: string; _type: string; [key: string]: unknown }

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

const BUILTIN = new Set([
  'string',
  'text',
  'number',
  'boolean',
  'date',
  'datetime',
  'url',
  'slug',
  'image',
  'reference',
  'array',
  'object',
  'block',
  'document',
])

const registry = new Map<string, Def>(
  (schemaTypes as unknown as Def[]).map((type) => [type.name as string, type]),
)
const documentTypes = new Set(
  [...registry.values()].filter((t) => t.type === 'document').map((t) => t.name as string),
)

function formatPath(path: Path): string {
  return path.reduce<string>(
    (out, part) => (typeof part === 'number' ? `${out}[${part}]` : out ? `${out}.${part}` : part),
    '',
  )
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function listValues(def: Def): (string | number)[] | undefined {
  return def.options?.list?.map((item) => (typeof item === 'object' ? item.value : item))
}

const IMAGE_EXT = new Set(['webp', 'png', 'jpg', 'jpeg', 'svg', 'gif', 'avif'])

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

type ConvertContext = {
  report: (path: Path, message: string) => void
  artworkDir: string
  images: Map<string, SeedImage>
  imageCache: Map<string, SeedImage>
  references: (path: Path, ref: string, to: string[]) => void
}

function readSource(filePath: string, report: (path: Path, message: string) => void) {
  const text = readFileSync(filePath, 'utf8')
  let yamlText = text
  let markdown: string | undefined
  if (filePath.endsWith('.md')) {
    const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text)
    if (!match) {
      report([], 'a Markdown document must start with YAML front matter between "---" lines')
      return undefined
    }
    yamlText = match[1] ?? ''
    markdown = match[2] ?? ''
  }
  const parsed = YAML.parseDocument(yamlText, { uniqueKeys: true, prettyErrors: true })
  if (parsed.errors.length > 0) {
    for (const error of parsed.errors) report([], `YAML: ${error.message}`)
    return undefined
  }
  const data: unknown = parsed.toJS() ?? {}
  if (!isPlainObject(data)) {
    report([], 'must be a YAML mapping (key: value lines)')
    return undefined
  }
  if (markdown !== undefined) {
    if ('body' in data) {
      report(['body'], 'set in the front matter and as the Markdown body; keep only the Markdown body')
      return undefined
    }
    data.body = markdown
  }
  return data
}

function convertDocument(
  typeName: string,
  typeDef: Def,
  source: Record<string, unknown>,
  fileId: string,
  ctx: ConvertContext,
): SanityDocument | undefined {
  const { _id: rawId, _type: rawType, ...rest } = source
  if (rawType !== undefined && rawType !== typeName) {
    ctx.report(['_type'], `is "${String(rawType)}" but the file is in the ${typeName}/ folder`)
  }
  const id = rawId === undefined ? fileId : rawId
  if (
    typeof id !== 'string' ||
    !/^[A-Za-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)*$/.test(id) ||
    id.startsWith('drafts.')
  ) {
    ctx.report(['_id'], `"${String(id)}" is not a valid document id (letters, digits, "-", "_")`)
    return undefined
  }
  const doc: SanityDocument = { _id: id, _type: typeName }
  const validations: (() => void)[] = []
  const fields = convertObjectFields(typeDef, rest, [], { ...ctx, docId: id, doc, validations }, doc)
  Object.assign(doc, fields)
  for (const run of validations) run()
  return doc
}

type WalkContext = ConvertContext & { docId: string; doc: SanityDocument; validations: (() => void)[] }

/** Resolves a field's type name to its definition (named object types) or undefined for builtins. */
function named(def: Def): Def | undefined {
  return BUILTIN.has(def.type) ? undefined : registry.get(def.type)
}

function convertObjectFields(
  def: Def,
  source: Record<string, unknown>,
  path: Path,
  ctx: WalkContext,
  target: Record<string, unknown> = {},
): Record<string, unknown> {
  const fields = def.fields ?? []
  const known = new Set(fields.map((field) => field.name))
  for (const key of Object.keys(source)) {
    if (!known.has(key) && key !== '_key' && key !== '_type') {
      ctx.report([...path, key], `unknown field (known: ${[...known].join(', ')})`)
    }
  }
  for (const field of fields) {
    const name = field.name as string
    let value = convertValue(field, source[name], [...path, name], ctx)
    if (value === undefined && field.initialValue !== undefined && typeof field.initialValue !== 'function') {
      if (isRequired(field.validation)) value = field.initialValue
    }
    if (value !== undefined) target[name] = value
    const fieldPath = [...path, name]
    ctx.validations.push(() => {
      const context = { parent: target, document: ctx.doc, path: fieldPath }
      const typeValidation = named(field)?.validation
      for (const message of [
        ...runValidation(field.validation, target[name], context),
        ...(typeValidation ? runValidation(typeValidation, target[name], context) : []),
      ]) {
        ctx.report(fieldPath, message)
      }
    })
  }
  return target
}

function convertValue(def: Def, value: unknown, path: Path, ctx: WalkContext): unknown {
  if (value === undefined || value === null) return undefined
  const namedDef = named(def)
  if (namedDef) {
    if (namedDef.type !== 'object') {
      ctx.report(path, `cannot embed a ${namedDef.type} "${def.type}" here`)
      return undefined
    }
    if (!isPlainObject(value)) {
      ctx.report(path, `must be a ${def.type} object`)
      return undefined
    }
    return convertObjectFields(namedDef, value, path, ctx, { _type: namedDef.name })
  }
  const list = listValues(def)
  switch (def.type) {
    case 'string':
    case 'text':
    case 'date':
    case 'datetime':
    case 'url': {
      if (typeof value !== 'string') {
        ctx.report(path, `must be text, got ${JSON.stringify(value)}`)
        return undefined
      }
      const text = value.trim()
      if (list && !list.includes(text)) ctx.report(path, `"${text}" is not one of: ${list.join(', ')}`)
      return text
    }
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) {
        ctx.report(path, `must be a number, got ${JSON.stringify(value)}`)
        return undefined
      }
      if (list && !list.includes(value)) ctx.report(path, `${value} is not one of: ${list.join(', ')}`)
      return value
    case 'boolean':
      if (typeof value !== 'boolean') {
        ctx.report(path, `must be true or false, got ${JSON.stringify(value)}`)
        return undefined
      }
      return value
    case 'slug':
      if (typeof value !== 'string') {
        ctx.report(path, 'must be written as a plain string')
        return undefined
      }
      return { _type: 'slug', current: value.trim() }
    case 'reference': {
      if (!isPlainObject(value) || typeof value.ref !== 'string' || Object.keys(value).length !== 1) {
        ctx.report(path, 'references are written { ref: <_id> }')
        return undefined
      }
      ctx.references(
        path,
        value.ref,
        (def.to ?? []).map((to) => to.type),
      )
      return { _type: 'reference', _ref: value.ref }
    }
    case 'image':
      return convertImage(def, value, path, ctx)
    case 'object':
      if (!isPlainObject(value)) {
        ctx.report(path, 'must be an object (key: value lines)')
        return undefined
      }
      return convertObjectFields(def, value, path, ctx)
    case 'array':
      return convertArray(def, value, path, ctx)
    default:
      ctx.report(path, `the seed builder does not support fields of type "${def.type}"`)
      return undefined
  }
}

function convertArray(def: Def, value: unknown, path: Path, ctx: WalkContext): unknown {
  const members = def.of ?? []
  if (members.some((member) => member.type === 'block')) {
    if (typeof value !== 'string') {
      ctx.report(path, 'rich text is written as a Markdown string (body: |)')
      return undefined
    }
    const { blocks, errors } = markdownToPortableText(value, `${ctx.docId}/${formatPath(path)}`)
    for (const error of errors) ctx.report(path, error)
    return blocks
  }
  if (!Array.isArray(value)) {
    ctx.report(path, 'must be a list')
    return undefined
  }
  const list = listValues(def)
  const memberName = (member: Def) => member.name ?? member.type
  const objectMembers = members.filter((member) => !['string', 'number', 'text'].includes(member.type))
  return value.map((item, index) => {
    const itemPath = [...path, index]
    if (typeof item === 'string' || typeof item === 'number') {
      const primitive = members.find(
        (member) => member.type === (typeof item === 'number' ? 'number' : 'string'),
      )
      if (!primitive) {
        ctx.report(itemPath, `must be a ${objectMembers.map(memberName).join(' or ')} object`)
        return item
      }
      const converted = convertValue(primitive, item, itemPath, ctx)
      if (list && !list.includes(converted as string)) {
        ctx.report(itemPath, `"${String(converted)}" is not one of: ${list.join(', ')}`)
      }
      return converted
    }
    if (!isPlainObject(item)) {
      ctx.report(itemPath, 'must be an object (key: value lines)')
      return undefined
    }
    let member: Def | undefined
    if (item._type !== undefined) {
      member = objectMembers.find((candidate) => memberName(candidate) === item._type)
      if (!member) {
        ctx.report(
          [...itemPath, '_type'],
          `"${String(item._type)}" is not one of: ${objectMembers.map(memberName).join(', ')}`,
        )
        return undefined
      }
    } else if (objectMembers.length === 1) {
      member = objectMembers[0]
    } else {
      ctx.report(itemPath, `needs a _type: one of ${objectMembers.map(memberName).join(', ')}`)
      return undefined
    }
    if (!member) return undefined
    const key = typeof item._key === 'string' ? item._key : stableKey(ctx.docId, formatPath(itemPath))
    const head: Record<string, unknown> = { _key: key, _type: memberName(member) }
    if (member.type === 'image') {
      const image = convertImage(member, item, itemPath, ctx)
      return image && { _key: key, ...image }
    }
    const memberDef = named(member) ?? member
    const out = convertObjectFields(memberDef, item, itemPath, ctx, head)
    const memberValidation = memberDef.validation
    if (member.validation) {
      ctx.validations.push(() => {
        for (const message of runValidation(member.validation, out, {
          parent: value,
          document: ctx.doc,
          path: itemPath,
        })) {
          ctx.report(itemPath, message)
        }
      })
    }
    if (memberValidation && memberDef !== member) {
      ctx.validations.push(() => {
        for (const message of runValidation(memberValidation, out, {
          parent: value,
          document: ctx.doc,
          path: itemPath,
        })) {
          ctx.report(itemPath, message)
        }
      })
    }
    return out
  })
}

function convertImage(def: Def, value: unknown, path: Path, ctx: WalkContext): unknown {
  if (!isPlainObject(value) || typeof value.file !== 'string') {
    ctx.report(path, 'images are written { file: <path under seed/artwork>, alt: "…" }')
    return undefined
  }
  const { file, ...rest } = value
  const source = resolve(ctx.artworkDir, file)
  if (!source.startsWith(resolve(ctx.artworkDir))) {
    ctx.report([...path, 'file'], `"${file}" is outside seed/artwork`)
    return undefined
  }
  let image = ctx.imageCache.get(source)
  if (!image) {
    if (!existsSync(source)) {
      ctx.report([...path, 'file'], `artwork file "${file}" does not exist in seed/artwork`)
      return undefined
    }
    const ext = extname(source).slice(1).toLowerCase()
    if (!IMAGE_EXT.has(ext)) {
      ctx.report([...path, 'file'], `"${file}" is not an image (${[...IMAGE_EXT].join(', ')})`)
      return undefined
    }
    const bytes = readFileSync(source)
    let size: { width?: number; height?: number }
    try {
      size = imageSize(bytes)
    } catch (error) {
      ctx.report([...path, 'file'], `cannot read the size of "${file}": ${(error as Error).message}`)
      return undefined
    }
    if (!size.width || !size.height) {
      ctx.report([...path, 'file'], `cannot read the size of "${file}"`)
      return undefined
    }
    const sha1 = createHash('sha1').update(bytes).digest('hex')
    const fileName = `${sha1}-${size.width}x${size.height}.${ext === 'jpeg' ? 'jpg' : ext}`
    image = { fileName, source, width: size.width, height: size.height }
    ctx.imageCache.set(source, image)
  }
  ctx.images.set(image.fileName, image)
  return convertObjectFields(def, rest, path, ctx, {
    _type: 'image',
    _sanityAsset: `image@file://./images/${image.fileName}`,
  })
}
