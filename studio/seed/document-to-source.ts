// The inverse of convert.ts: a Content Lake document back to the value a seed source file holds,
// field by field against the Studio schema. What the source form has no way to say is reported
// with its path rather than left out.
import { formatPath, isPlainObject, type Path } from './convert'
import { resolveSeedAssets, type SeedDocument } from './load'
import {
  BLOCK_KEYS,
  canonicalPortableText,
  DECORATORS,
  portableTextToMarkdown,
  sameJson,
} from './portable-text-to-markdown'
import { type Def, named, registry } from './schema-defs'

/** Fields the Content Lake adds to every document; not content. */
export const LAKE_FIELDS = new Set(['_rev', '_createdAt', '_updatedAt', '_originalId', '_system'])

export type SourceContext = {
  /** `documentId: path: message`. */
  report: (path: Path, message: string) => void
  /** The artwork path (under seed/artwork) to write for an image asset reference. */
  artworkFor: (assetRef: string, path: Path) => string | undefined
}

/**
 * The source value for `doc`. `previous` is the value of the file the document was built from
 * (when there is one): its Markdown is reused where the text is unchanged, and its `_type` line
 * is kept.
 */
export function documentToSource(
  typeDef: Def,
  doc: Record<string, unknown>,
  previous: Record<string, unknown> | undefined,
  ctx: SourceContext,
): Record<string, unknown> {
  const out: Record<string, unknown> = { _id: doc._id }
  if (previous?._type !== undefined) out._type = doc._type
  const content: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(doc)) {
    if (!LAKE_FIELDS.has(key) && key !== '_id' && key !== '_type') content[key] = value
  }
  return fieldsToSource(typeDef, content, [], previous, ctx, out)
}

function fieldsToSource(
  def: Def,
  value: Record<string, unknown>,
  path: Path,
  previous: unknown,
  ctx: SourceContext,
  out: Record<string, unknown> = {},
  ignore: string[] = [],
): Record<string, unknown> {
  const fields = def.fields ?? []
  const known = new Set(fields.map((field) => field.name))
  for (const key of Object.keys(value)) {
    if (
      !known.has(key) &&
      key !== '_key' &&
      key !== '_type' &&
      !ignore.includes(key) &&
      value[key] !== null
    ) {
      ctx.report([...path, key], `"${key}" is not a field of the schema, so the seed cannot hold it`)
    }
  }
  const prev = isPlainObject(previous) ? previous : {}
  for (const field of fields) {
    const name = field.name as string
    const child = value[name]
    if (child === undefined || child === null) continue
    const converted = valueToSource(field, child, [...path, name], prev[name], ctx)
    if (converted !== undefined) out[name] = converted
  }
  return out
}

function valueToSource(def: Def, value: unknown, path: Path, previous: unknown, ctx: SourceContext): unknown {
  const namedDef = named(def)
  if (namedDef) {
    if (!isPlainObject(value)) {
      ctx.report(path, `must be a ${def.type} object`)
      return undefined
    }
    return fieldsToSource(namedDef, value, path, previous, ctx)
  }
  switch (def.type) {
    case 'string':
    case 'text':
    case 'date':
    case 'datetime':
    case 'url':
    case 'number':
    case 'boolean':
      return value
    case 'slug': {
      if (!isPlainObject(value) || typeof value.current !== 'string') {
        ctx.report(path, 'a slug without "current" cannot be written')
        return undefined
      }
      const extra = Object.keys(value).filter((key) => !['_type', 'current'].includes(key))
      if (extra.length > 0)
        ctx.report(path, `slug fields ${extra.join(', ')} cannot be written (only the slug text)`)
      return value.current
    }
    case 'reference': {
      if (!isPlainObject(value) || typeof value._ref !== 'string') {
        ctx.report(path, 'a reference without "_ref" cannot be written')
        return undefined
      }
      const extra = Object.keys(value).filter((key) => !['_type', '_ref', '_key'].includes(key))
      if (extra.length > 0) {
        ctx.report(path, `reference fields ${extra.join(', ')} cannot be written (only { ref: <_id> })`)
      }
      return { ref: value._ref }
    }
    case 'image':
      return imageToSource(def, value, path, previous, ctx)
    case 'object':
      if (!isPlainObject(value)) {
        ctx.report(path, 'must be an object')
        return undefined
      }
      return fieldsToSource(def, value, path, previous, ctx)
    case 'array':
      return arrayToSource(def, value, path, previous, ctx)
    default:
      ctx.report(path, `the seed cannot hold fields of type "${def.type}"`)
      return undefined
  }
}

function imageToSource(def: Def, value: unknown, path: Path, previous: unknown, ctx: SourceContext): unknown {
  const asset = isPlainObject(value) ? value.asset : undefined
  if (!isPlainObject(value) || !isPlainObject(asset) || typeof asset._ref !== 'string') {
    ctx.report(path, 'an image without an uploaded file cannot be written')
    return undefined
  }
  const assetExtra = Object.keys(asset).filter((key) => !['_type', '_ref'].includes(key))
  if (assetExtra.length > 0)
    ctx.report([...path, 'asset'], `fields ${assetExtra.join(', ')} cannot be written`)
  const file = ctx.artworkFor(asset._ref, path)
  if (file === undefined) return undefined
  // hotspot and crop are not fields of the schema, so fieldsToSource reports them.
  return fieldsToSource(def, value, path, previous, ctx, { file }, ['asset'])
}

function arrayToSource(def: Def, value: unknown, path: Path, previous: unknown, ctx: SourceContext): unknown {
  const members = def.of ?? []
  if (members.some((member) => member.type === 'block')) {
    const { markdown, errors } = portableTextToMarkdown(
      value,
      typeof previous === 'string' ? previous : undefined,
    )
    for (const error of errors) {
      const [, index, message] = /^\[(\d+)\](?:[.:]\s*)?(.*)$/.exec(error) ?? []
      if (index !== undefined) ctx.report([...path, Number(index)], message ?? error)
      else ctx.report(path, error)
    }
    return markdown
  }
  if (!Array.isArray(value)) {
    ctx.report(path, 'must be a list')
    return undefined
  }
  const memberName = (member: Def) => member.name ?? member.type
  const objectMembers = members.filter((member) => !['string', 'number', 'text'].includes(member.type))
  const prev = Array.isArray(previous) ? previous : []
  return value.map((item, index) => {
    const itemPath = [...path, index]
    if (typeof item === 'string' || typeof item === 'number') return item
    if (!isPlainObject(item)) {
      ctx.report(itemPath, 'must be an object')
      return undefined
    }
    const member = objectMembers.find((candidate) => memberName(candidate) === item._type)
    if (!member) {
      ctx.report(
        itemPath,
        `"${String(item._type)}" is not one of: ${objectMembers.map(memberName).join(', ')}`,
      )
      return undefined
    }
    if (member.type === 'image') return imageToSource(member, item, itemPath, prev[index], ctx)
    const head: Record<string, unknown> = objectMembers.length > 1 ? { _type: memberName(member) } : {}
    return fieldsToSource(named(member) ?? member, item, itemPath, prev[index], ctx, head)
  })
}

/**
 * The lake's document with three things editors do all the time in the Studio undone, because the
 * seed has no way to write them and they show nothing on the site:
 *
 * - Empty text blocks are dropped (a trailing one left by pressing Enter, one between paragraphs):
 *   Markdown has no empty paragraph, heading or list item. A block counts as empty when all it
 *   holds is spans (with only `text` and `marks`) whose text is empty or whitespace; its style,
 *   list and marks then style nothing.
 * - Whitespace at the edge of bold or italic text (a double-clicked word takes its trailing space
 *   along) is moved out of that mark, into the neighbouring text without it, merging spans that
 *   then carry the same marks: Markdown does not open `**`/`*` before a space nor close them
 *   after one, and a bold space looks like any other. Other marks (links) keep the space. Only
 *   blocks made of such plain spans are changed.
 * - Text fields (`string`, `text`, `url`, `date`, `datetime`, and strings in lists) are trimmed,
 *   as `seed:build` trims them: surrounding whitespace is invisible and the seed cannot keep it.
 *
 * Nothing else is changed: slugs (a space would be part of a URL), whitespace at the start or end
 * of a block, a block or span with fields Markdown cannot write, fields outside the schema and the
 * rest still differ from what the seed builds, so the export still reports them. The export
 * works on this form of every lake document, writing the seed from it and comparing the rebuilt
 * seed with it, so this is the one place where the lake's content is adjusted (problems are
 * reported at this form's positions, counted without the dropped blocks). The input is left as it
 * is.
 */
export function normalizeLakeDocument<T extends Record<string, unknown> & { _type: string }>(doc: T): T {
  const typeDef = registry.get(doc._type)
  return typeDef ? (normalizeFields(typeDef, doc) as T) : doc
}

function normalizeFields(def: Def, value: Record<string, unknown>): Record<string, unknown> {
  const out = { ...value }
  for (const field of def.fields ?? []) {
    const name = field.name as string
    if (out[name] !== undefined && out[name] !== null) out[name] = normalizeValue(field, out[name])
  }
  return out
}

function normalizeValue(def: Def, value: unknown): unknown {
  const namedDef = named(def)
  if (namedDef) return isPlainObject(value) ? normalizeFields(namedDef, value) : value
  switch (def.type) {
    case 'string':
    case 'text':
    case 'date':
    case 'datetime':
    case 'url':
      return typeof value === 'string' ? value.trim() : value
    case 'image':
    case 'object':
      return isPlainObject(value) ? normalizeFields(def, value) : value
    case 'array': {
      if (!Array.isArray(value)) return value
      const members = def.of ?? []
      if (members.some((member) => member.type === 'block')) {
        return value.filter((item) => !isEmptyBlock(item)).map(moveSpacesOutOfDecorators)
      }
      // As the seed reads lists: strings as the `string` member, objects by their `_type`.
      const stringMember = members.find((member) => member.type === 'string')
      return value.map((item) => {
        if (typeof item === 'string') return stringMember ? item.trim() : item
        if (!isPlainObject(item)) return item
        const member = members.find(
          (candidate) =>
            !['string', 'number', 'text'].includes(candidate.type) &&
            (candidate.name ?? candidate.type) === item._type,
        )
        return member ? normalizeValue(member, item) : item
      })
    }
    default:
      return value
  }
}

type PlainSpan = { _type: 'span'; _key?: string; text: string; marks?: string[] }

/** A span with nothing but text and marks. */
function isPlainSpan(child: unknown): child is PlainSpan {
  return (
    isPlainObject(child) &&
    child._type === 'span' &&
    typeof child.text === 'string' &&
    (child.marks === undefined ||
      (Array.isArray(child.marks) && child.marks.every((mark) => typeof mark === 'string'))) &&
    Object.keys(child).every((key) => ['_key', '_type', 'text', 'marks'].includes(key))
  )
}

/** A text block holding nothing but plain spans. */
function isPlainBlock(item: unknown): item is Record<string, unknown> & { children: PlainSpan[] } {
  return (
    isPlainObject(item) &&
    item._type === 'block' &&
    Object.keys(item).every((key) => BLOCK_KEYS.has(key)) &&
    Array.isArray(item.children) &&
    item.children.every(isPlainSpan)
  )
}

function isEmptyBlock(item: unknown): boolean {
  return isPlainBlock(item) && item.children.every((span) => /^\s*$/.test(span.text))
}

/**
 * Moves the whitespace at the start and end of each run of bold (or italic) text out of that
 * mark. The block is returned as it is when there is none.
 */
function moveSpacesOutOfDecorators(item: unknown): unknown {
  if (!isPlainBlock(item)) return item
  type Piece = { text: string; marks: string[]; from: number; moved: boolean }
  const pieces: Piece[] = []
  item.children.forEach((span, from) => {
    const marks = span.marks ?? []
    const [, lead = '', core = '', trail = ''] = /^(\s*)([\s\S]*?)(\s*)$/.exec(span.text) ?? []
    if (span.text === '') pieces.push({ text: '', marks, from, moved: false })
    for (const text of [lead, core, trail]) if (text !== '') pieces.push({ text, marks, from, moved: false })
  })
  const isSpace = (piece: Piece) => /^\s+$/.test(piece.text)
  const unmark = (piece: Piece, mark: string) => {
    piece.marks = piece.marks.filter((other) => other !== mark)
    piece.moved = true
  }
  for (const mark of Object.keys(DECORATORS)) {
    let start = 0
    while (start < pieces.length) {
      if (!pieces[start]?.marks.includes(mark)) {
        start++
        continue
      }
      let end = start
      while (pieces[end]?.marks.includes(mark)) end++
      for (let i = start; i < end && isSpace(pieces[i] as Piece); i++) unmark(pieces[i] as Piece, mark)
      for (let i = end - 1; i >= start && isSpace(pieces[i] as Piece); i--) {
        if ((pieces[i] as Piece).marks.includes(mark)) unmark(pieces[i] as Piece, mark)
      }
      start = end
    }
  }
  if (!pieces.some((piece) => piece.moved)) return item
  // Rejoin the pieces of a span, and a moved space with its neighbour of the same marks.
  const sameMarks = (a: string[], b: string[]) => sameJson([...a].sort(), [...b].sort())
  const merged: { text: string; marks: string[]; from: number[]; moved: boolean }[] = []
  for (const piece of pieces) {
    const last = merged[merged.length - 1]
    if (
      last &&
      sameMarks(last.marks, piece.marks) &&
      (last.moved || piece.moved || last.from.includes(piece.from))
    ) {
      last.text += piece.text
      last.from.push(piece.from)
      last.moved ||= piece.moved
    } else merged.push({ ...piece, from: [piece.from] })
  }
  const usedKeys = new Set<string>()
  const children = merged.map((span) => {
    const original = item.children[span.from[0] as number] as PlainSpan
    let key = original._key
    if (key !== undefined) {
      for (let n = 2; usedKeys.has(key); n++) key = `${original._key}-${n}`
      usedKeys.add(key)
    }
    return { _type: 'span', ...(key === undefined ? {} : { _key: key }), text: span.text, marks: span.marks }
  })
  return { ...item, children }
}

/**
 * A document as compared between the lake and a seed build: images as asset references (the way
 * the lake holds them), lake-only fields, `_key`s and null fields left out, Portable Text made
 * canonical (see canonicalPortableText). `_key`s are left out because the seed derives them from
 * the document id and position, while the Studio makes random ones: an edited document keeps its
 * content but not its keys.
 */
export function comparable(doc: SeedDocument, fromSeed: boolean): unknown {
  const resolved = fromSeed ? resolveSeedAssets([doc], '')[0] : doc
  const walk = (value: unknown, top: boolean): unknown => {
    if (Array.isArray(value)) {
      if (value.some((item) => isPlainObject(item) && item._type === 'block')) {
        return (canonicalPortableText(value) as unknown[]).map((item) => walk(item, false))
      }
      return value.map((item) => walk(item, false))
    }
    if (!isPlainObject(value)) return value
    const out: Record<string, unknown> = {}
    for (const [key, child] of Object.entries(value)) {
      if (key === '_key' || child === null || (top && LAKE_FIELDS.has(key))) continue
      out[key] = walk(child, false)
    }
    return out
  }
  return walk(resolved, true)
}

/** Where two comparable values differ, as `path: seed … / lake …` lines (at most `limit`). */
export function differences(seed: unknown, lake: unknown, limit = 5): string[] {
  const out: string[] = []
  const show = (value: unknown) => {
    const text = value === undefined ? '(nothing)' : JSON.stringify(value)
    return text.length > 80 ? `${text.slice(0, 77)}…` : text
  }
  const walk = (a: unknown, b: unknown, path: Path) => {
    if (out.length >= limit || sameJson(a, b)) return
    if (isPlainObject(a) && isPlainObject(b)) {
      for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) walk(a[key], b[key], [...path, key])
      return
    }
    if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
      a.forEach((item, index) => {
        walk(item, b[index], [...path, index])
      })
      return
    }
    out.push(`${formatPath(path) || '(document)'}: the seed would build ${show(a)}, the lake has ${show(b)}`)
  }
  walk(seed, lake, [])
  return out
}
