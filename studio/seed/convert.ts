// Converts one seed source into a Sanity document, field by field against the Studio schema
// definitions; every problem is reported with its path and the walk goes on, so one run lists all.
import { readArtwork } from './artwork-files'
import type { SanityDocument, SeedImage } from './builder'
import { stableKey } from './keys'
import { markdownToPortableText } from './markdown'
import { isRequired, runValidation } from './rules'
import { type Def, listValues, named } from './schema-defs'

export type Path = (string | number)[]

export function formatPath(path: Path): string {
  return path.reduce<string>(
    (out, part) => (typeof part === 'number' ? `${out}[${part}]` : out ? `${out}.${part}` : part),
    '',
  )
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export type ConvertContext = {
  report: (path: Path, message: string) => void
  artworkDir: string
  images: Map<string, SeedImage>
  imageCache: Map<string, SeedImage>
  references: (path: Path, ref: string, to: string[]) => void
}

export function convertDocument(
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
  const image = readArtwork(file, ctx.artworkDir, ctx.imageCache, (message) =>
    ctx.report([...path, 'file'], message),
  )
  if (!image) return undefined
  ctx.images.set(image.fileName, image)
  return convertObjectFields(def, rest, path, ctx, {
    _type: 'image',
    _sanityAsset: `image@file://./images/${image.fileName}`,
  })
}
