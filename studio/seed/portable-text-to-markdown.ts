// The inverse of markdown.ts: Portable Text blocks back to the Markdown subset it reads. Every
// piece of Markdown written here is read back with markdownToPortableText and compared, so a block
// the subset cannot express is reported instead of being written wrongly.
import { lexer } from 'marked'
import { isPlainObject } from './convert'
import { markdownToPortableText } from './markdown'

/**
 * Portable Text in a form where two equal texts compare equal: `_key`s (random in the Studio,
 * derived in the seed) are dropped, each mark that points at a markDef is replaced by that
 * markDef's content, marks are sorted (their order carries no meaning) and unreferenced markDefs
 * (invisible) are left out. Anything that is not a block is kept as is, minus `_key`s.
 */
export function canonicalPortableText(value: unknown): unknown {
  if (!Array.isArray(value)) return value
  return value.map((block) => {
    if (!isPlainObject(block) || block._type !== 'block') return stripKeys(block)
    const defs = new Map<string, string>()
    for (const def of Array.isArray(block.markDefs) ? block.markDefs : []) {
      if (isPlainObject(def) && typeof def._key === 'string') {
        defs.set(def._key, JSON.stringify(sortKeys(stripKeys(def))))
      }
    }
    const { _key, markDefs, children, ...rest } = block
    return {
      ...(stripKeys(rest) as Record<string, unknown>),
      children: (Array.isArray(children) ? children : []).map((child) => {
        if (!isPlainObject(child)) return child
        const { _key: _, marks, ...span } = child
        return {
          ...(stripKeys(span) as Record<string, unknown>),
          marks: (Array.isArray(marks) ? marks : []).map((mark) => defs.get(mark) ?? mark).sort(),
        }
      }),
    }
  })
}

function stripKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripKeys)
  if (!isPlainObject(value)) return value
  const out: Record<string, unknown> = {}
  for (const [key, child] of Object.entries(value)) if (key !== '_key') out[key] = stripKeys(child)
  return out
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys)
  if (!isPlainObject(value)) return value
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeys(value[key])]),
  )
}

export function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(sortKeys(a)) === JSON.stringify(sortKeys(b))
}

const readsBackAs = (markdown: string, blocks: unknown[]) => {
  const result = markdownToPortableText(markdown, 'check')
  return (
    result.errors.length === 0 &&
    sameJson(canonicalPortableText(result.blocks), canonicalPortableText(blocks))
  )
}

export type MarkdownOutput = { markdown: string; errors: string[] }

/**
 * Writes `blocks` as Markdown. With `previous` (the Markdown the field was built from), the
 * paragraphs, headings and lists that are still the same keep their original text (line wrapping
 * included), so an edit shows as a small diff. Errors name the block (`[index]`) and what cannot
 * be written; `markdown` is then incomplete.
 */
export function portableTextToMarkdown(blocks: unknown, previous?: string): MarkdownOutput {
  if (!Array.isArray(blocks)) return { markdown: '', errors: ['rich text must be a list of blocks'] }
  const errors: string[] = []
  const chunks = chunkBlocks(blocks, errors)
  if (errors.length > 0) return { markdown: '', errors }
  const fresh = `${chunks.map((chunk) => chunk.markdown).join('\n\n')}\n`
  if (previous !== undefined) {
    if (readsBackAs(previous, blocks)) return { markdown: previous, errors: [] }
    const merged = mergeWithPrevious(previous, blocks, chunks)
    if (merged !== undefined && readsBackAs(merged, blocks)) return { markdown: merged, errors: [] }
  }
  if (readsBackAs(fresh, blocks)) return { markdown: fresh, errors: [] }
  for (const chunk of chunks) {
    if (readsBackAs(chunk.markdown, blocks.slice(chunk.from, chunk.to))) continue
    const read = markdownToPortableText(chunk.markdown, 'check').blocks
    const text = (list: unknown[]) =>
      JSON.stringify(
        list.map((block) =>
          (isPlainObject(block) && Array.isArray(block.children) ? block.children : [])
            .map((span) => (isPlainObject(span) ? String(span.text) : ''))
            .join(''),
        ),
      )
    errors.push(
      `[${chunk.from}]: cannot be written as Markdown that reads back the same (${JSON.stringify(chunk.markdown.slice(0, 80))} reads as ${text(read).slice(0, 80)})`,
    )
  }
  if (errors.length === 0) errors.push('the blocks cannot be written as Markdown that reads back the same')
  return { markdown: fresh, errors }
}

type Chunk = { markdown: string; from: number; to: number }

/** One chunk per paragraph or heading, one per run of list items (a Markdown list). */
function chunkBlocks(blocks: unknown[], errors: string[]): Chunk[] {
  const chunks: Chunk[] = []
  let index = 0
  while (index < blocks.length) {
    const block = blocks[index]
    if (!isPlainObject(block) || block._type !== 'block') {
      const type = isPlainObject(block) ? String(block._type) : typeof block
      errors.push(`[${index}]: a "${type}" item cannot be written in Markdown (only text blocks)`)
      index++
      continue
    }
    if (block.listItem !== undefined) {
      let end = index
      while (
        end < blocks.length &&
        isPlainObject(blocks[end]) &&
        (blocks[end] as Block).listItem !== undefined
      ) {
        end++
      }
      const markdown = writeList(blocks.slice(index, end) as Block[], index, errors)
      chunks.push({ markdown, from: index, to: end })
      index = end
      continue
    }
    chunks.push({ markdown: writeTextBlock(block as Block, index, errors), from: index, to: index + 1 })
    index++
  }
  return chunks
}

type Block = Record<string, unknown> & { _type: 'block' }

/** The block fields Markdown can write. */
export const BLOCK_KEYS = new Set(['_key', '_type', 'style', 'listItem', 'level', 'markDefs', 'children'])

function checkBlockKeys(block: Block, index: number, errors: string[]) {
  for (const key of Object.keys(block)) {
    if (!BLOCK_KEYS.has(key))
      errors.push(`[${index}].${key}: block field "${key}" cannot be written in Markdown`)
  }
}

function writeTextBlock(block: Block, index: number, errors: string[]): string {
  checkBlockKeys(block, index, errors)
  const style = block.style ?? 'normal'
  const prefix = style === 'h2' ? '## ' : style === 'h3' ? '### ' : style === 'normal' ? '' : undefined
  if (prefix === undefined) {
    errors.push(`[${index}].style: "${String(style)}" cannot be written in Markdown (normal, h2, h3)`)
    return ''
  }
  const text = writeInline(block, index, errors, '')
  if (text === '')
    errors.push(
      `[${index}]: an empty ${style === 'normal' ? 'paragraph' : 'heading'} cannot be written in Markdown; delete it`,
    )
  // A heading's trailing "#"s would be read as its closing sequence.
  return prefix + (prefix ? text.replace(/#+$/, (hashes) => `\\${hashes}`) : text)
}

function writeList(items: Block[], first: number, errors: string[]): string {
  const lines: string[] = []
  // contentIndent[level] is where the text of the current item at that level starts.
  const contentIndent: number[] = [0]
  const counters: number[] = []
  const kinds: string[] = []
  items.forEach((block, offset) => {
    const index = first + offset
    checkBlockKeys(block, index, errors)
    const level = typeof block.level === 'number' ? block.level : 1
    if (block.listItem !== 'bullet' && block.listItem !== 'number') {
      errors.push(
        `[${index}].listItem: "${String(block.listItem)}" cannot be written in Markdown (bullet, number)`,
      )
      return
    }
    if (!Number.isInteger(level) || level < 1 || level > contentIndent.length) {
      errors.push(`[${index}].level: a list item at level ${level} must follow one at level ${level - 1}`)
      return
    }
    if ((block.style ?? 'normal') !== 'normal') {
      errors.push(
        `[${index}].style: a list item styled "${String(block.style)}" cannot be written in Markdown`,
      )
      return
    }
    contentIndent.length = level
    counters.length = level + 1
    if (kinds[level] !== block.listItem) counters[level] = 0
    kinds.length = level + 1
    kinds[level] = block.listItem
    const count = (counters[level] ?? 0) + 1
    counters[level] = count
    const marker = block.listItem === 'bullet' ? '-' : `${count}.`
    const indent = contentIndent[level - 1] ?? 0
    const pad = ' '.repeat(indent + marker.length + 1)
    const text = writeInline(block, index, errors, pad)
    if (text === '') errors.push(`[${index}]: an empty list item cannot be written in Markdown; delete it`)
    lines.push(`${' '.repeat(indent)}${marker} ${text}`)
    contentIndent.push(indent + marker.length + 1)
  })
  return lines.join('\n')
}

/** The decorator marks Markdown can write, with their delimiters. */
export const DECORATORS: Record<string, [string, string]> = { strong: ['**', '**'], em: ['*', '*'] }

/** The block's spans as inline Markdown; `pad` indents the lines after a hard break. */
function writeInline(block: Block, index: number, errors: string[], pad: string): string {
  const defs = new Map<string, Record<string, unknown>>()
  const markDefs = Array.isArray(block.markDefs) ? block.markDefs : []
  markDefs.forEach((def, i) => {
    if (!isPlainObject(def) || typeof def._key !== 'string') {
      errors.push(`[${index}].markDefs[${i}]: not an annotation`)
      return
    }
    defs.set(def._key, def)
  })
  const children = Array.isArray(block.children) ? block.children : []
  const spans: { text: string; marks: string[]; child: number }[] = []
  children.forEach((child, i) => {
    const where = `[${index}].children[${i}]`
    if (!isPlainObject(child) || child._type !== 'span' || typeof child.text !== 'string') {
      const type = isPlainObject(child) ? String(child._type) : typeof child
      errors.push(`${where}: an inline "${type}" cannot be written in Markdown (only text)`)
      return
    }
    for (const key of Object.keys(child)) {
      if (!['_key', '_type', 'text', 'marks'].includes(key))
        errors.push(`${where}.${key}: cannot be written in Markdown`)
    }
    const marks = Array.isArray(child.marks)
      ? child.marks.filter((m): m is string => typeof m === 'string')
      : []
    for (const mark of marks) {
      const def = defs.get(mark)
      if (DECORATORS[mark]) continue
      if (!def) {
        errors.push(`${where}: the mark "${mark}" cannot be written in Markdown (strong, em, link)`)
        continue
      }
      const { _key, _type, href, contact, ...extra } = def
      const hasHref = typeof href === 'string' && href !== ''
      const hasContact = typeof contact === 'string' && contact !== ''
      if (_type !== 'link' || Object.keys(extra).length > 0 || hasHref === hasContact) {
        errors.push(
          `${where}: the annotation ${JSON.stringify(def)} cannot be written in Markdown (a link with href or contact)`,
        )
      }
    }
    if (marks.filter((mark) => defs.has(mark)).length > 1)
      errors.push(`${where}: a link inside a link cannot be written in Markdown`)
    spans.push({ text: child.text, marks, child: i })
  })
  // Markdown does not open ** or * right before a space, nor close one right after it.
  spans.forEach((span, i) => {
    const edge = (other: (typeof spans)[number] | undefined) =>
      span.marks.some((mark) => DECORATORS[mark] && !other?.marks.includes(mark))
    if ((edge(spans[i - 1]) && /^\s/.test(span.text)) || (edge(spans[i + 1]) && /\s$/.test(span.text))) {
      errors.push(
        `[${index}].children[${span.child}]: bold or italic text that starts or ends with a space cannot be written in Markdown; take the space out of the bold or italic in the Studio`,
      )
    }
  })

  const open = (mark: string) => DECORATORS[mark]?.[0] ?? '['
  const close = (mark: string) => {
    const decorator = DECORATORS[mark]
    if (decorator) return decorator[1]
    const def = defs.get(mark)
    const target =
      typeof def?.href === 'string' && def.href !== '' ? def.href : `contact:${String(def?.contact)}`
    return `](${target.replace(/[()\\\s]/g, (c) => `\\${c}`)})`
  }
  // How many spans from `from` on keep `mark`: a longer-lasting mark opens first (outermost).
  const runLength = (mark: string, from: number) => {
    let n = 0
    while (spans[from + n]?.marks.includes(mark)) n++
    return n
  }
  let out = ''
  const stack: string[] = []
  spans.forEach((span, i) => {
    let keep = 0
    while (keep < stack.length && span.marks.includes(stack[keep] as string)) keep++
    while (stack.length > keep) out += close(stack.pop() as string)
    const opening = span.marks
      .filter((mark) => !stack.includes(mark))
      .sort((a, b) => runLength(b, i) - runLength(a, i))
    for (const mark of opening) {
      out += open(mark)
      stack.push(mark)
    }
    out += escapeText(span.text)
  })
  while (stack.length > 0) out += close(stack.pop() as string)
  return escapeLineStarts(out).split('\n').join(`\\\n${pad}`)
}

/** Escapes what the inline Markdown reader would take as syntax, autolinks or entities. */
function escapeText(text: string): string {
  return text
    .replace(/[\\`*_[\]~]/g, (c) => `\\${c}`)
    .replace(/&(?=#?[A-Za-z0-9]+;)/g, '\\&')
    .replace(/<(?=[A-Za-z/!?])/g, '\\<')
    .replace(/\b(https?|ftp|mailto|xmpp):/gi, '$1\\:')
    .replace(/\b(www)\./gi, '$1\\.')
    .replace(/([\w.+-])@/g, '$1\\@')
}

/** Escapes what would start a heading, quote, list or rule at the start of a line. */
function escapeLineStarts(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/^([#>+=-])/, '\\$1').replace(/^(\d+)([.)])(?=\s|$)/, '$1\\$2'))
    .join('\n')
}

/**
 * Keeps the text of the previous Markdown's top-level parts (paragraphs, headings, lists) that
 * still read as a run of the new blocks, in order; writes the rest afresh.
 */
function mergeWithPrevious(previous: string, blocks: unknown[], chunks: Chunk[]): string | undefined {
  const parts = lexer(previous)
    .filter((token) => token.type !== 'space')
    .map((token) => {
      const raw = token.raw.replace(/\s+$/, '')
      const { blocks: read, errors } = markdownToPortableText(raw, 'previous')
      return { raw, blocks: errors.length > 0 ? undefined : (canonicalPortableText(read) as unknown[]) }
    })
  const wanted = canonicalPortableText(blocks) as unknown[]
  const same = (a: unknown[], from: number) =>
    from + a.length <= wanted.length && a.every((block, i) => sameJson(block, wanted[from + i]))
  // best[p][b]: most blocks kept using parts p… for blocks b…
  const best: number[][] = Array.from({ length: parts.length + 1 }, () =>
    new Array(wanted.length + 1).fill(0),
  )
  for (let p = parts.length - 1; p >= 0; p--) {
    for (let b = wanted.length - 1; b >= 0; b--) {
      const row = best[p] as number[]
      let value = Math.max((best[p + 1] as number[])[b] ?? 0, row[b + 1] ?? 0)
      const part = parts[p]?.blocks
      if (part && part.length > 0 && same(part, b))
        value = Math.max(value, part.length + ((best[p + 1] as number[])[b + part.length] ?? 0))
      row[b] = value
    }
  }
  const out: string[] = []
  let p = 0
  let b = 0
  const pending: number[] = []
  const flushFresh = () => {
    if (pending.length === 0) return
    const from = pending[0] as number
    const to = (pending[pending.length - 1] as number) + 1
    pending.length = 0
    const errors: string[] = []
    for (const chunk of chunkBlocks(blocks.slice(from, to), errors)) out.push(chunk.markdown)
  }
  while (b < wanted.length) {
    const part = p < parts.length ? parts[p] : undefined
    const here = (best[p] as number[])[b] ?? 0
    if (
      part?.blocks &&
      part.blocks.length > 0 &&
      same(part.blocks, b) &&
      here === part.blocks.length + ((best[p + 1] as number[])[b + part.blocks.length] ?? 0)
    ) {
      flushFresh()
      out.push(part.raw)
      b += part.blocks.length
      p++
    } else if (part && here === ((best[p + 1] as number[])[b] ?? 0)) {
      p++
    } else {
      pending.push(b)
      b++
    }
  }
  flushFresh()
  if (chunks.length === 0) return ''
  return `${out.join('\n\n')}\n`
}
