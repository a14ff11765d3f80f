// Writes a source value as the text of a seed file. When the file exists, its YAML is edited in
// place: unchanged values keep their exact text (quotes, comments, wrapped `>-` paragraphs), so an
// edit in the Studio shows up as a small diff.
import YAML, { type Document, isMap, isNode, isScalar, isSeq, type Node, type Pair, Scalar } from 'yaml'
import { isPlainObject } from './convert'
import { sameJson } from './portable-text-to-markdown'

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/
const FOLD_WIDTH = 100

/** The text of a `.yaml` source, or of a `.md` one (`value.body` becomes the Markdown body). */
export function sourceText(value: Record<string, unknown>, isMarkdown: boolean, previous?: string): string {
  if (!isMarkdown) return yamlText(value, previous)
  const { body, ...frontMatter } = value
  const match = previous === undefined ? undefined : FRONT_MATTER.exec(previous)
  const yaml = yamlText(frontMatter, match ? `${match[1] ?? ''}\n` : undefined)
  const oldBody = match?.[2]
  const text = typeof body === 'string' ? body : ''
  // Unchanged Markdown is the previous body exactly (leading blank line included).
  return `---\n${yaml}---\n${text === oldBody ? text : `\n${text}`}`
}

function yamlText(value: Record<string, unknown>, previous?: string): string {
  let doc: Document
  const keep = new Set<Node>()
  if (previous !== undefined) {
    doc = YAML.parseDocument(previous)
    doc.contents = mergeNode(doc, doc.contents, value, keep) as typeof doc.contents
  } else {
    doc = new YAML.Document(value)
    markNew(doc.contents)
  }
  // `>-` paragraphs: yaml would re-wrap kept ones and not wrap new ones; both are done here.
  const folded: { placeholder: string; render: (keyColumn: number) => string }[] = []
  YAML.visit(doc, {
    Scalar(_, node) {
      if (node.type !== 'BLOCK_FOLDED' || typeof node.value !== 'string') return
      const placeholder = `__seed_folded_${folded.length}__`
      if (keep.has(node) && node.range && previous !== undefined) {
        const original = previous.slice(node.range[0], node.range[1]).replace(/\n+$/, '')
        const oldColumn = keyColumn(lineAt(previous, node.range[0]))
        folded.push({ placeholder, render: (column) => reindent(original, column - oldColumn) })
      } else if (/^\S(?:[^\n\t]*\S)?$/.test(node.value) && !node.value.includes('  ')) {
        const text = node.value
        folded.push({ placeholder, render: (column) => fold(text, column + 2) })
      } else {
        node.type = 'PLAIN'
        return
      }
      const replacement = new Scalar(placeholder)
      replacement.comment = node.comment
      return replacement
    },
  })
  let text = doc.toString({ lineWidth: 0, flowCollectionPadding: false })
  for (const { placeholder, render } of folded) {
    const at = text.indexOf(placeholder)
    if (at < 0) continue
    text = text.slice(0, at) + render(keyColumn(lineAt(text, at))) + text.slice(at + placeholder.length)
  }
  return text
}

function lineAt(text: string, offset: number): string {
  const start = text.lastIndexOf('\n', offset - 1) + 1
  const end = text.indexOf('\n', offset)
  return text.slice(start, end < 0 ? undefined : end)
}

/** The column of the key on a `  - key: value` line. */
function keyColumn(line: string): number {
  return (/^(?:\s*- )*\s*/.exec(line)?.[0] ?? '').length
}

function reindent(block: string, delta: number): string {
  if (delta === 0) return block
  const [header = '', ...lines] = block.split('\n')
  const moved = lines.map((line) =>
    line === ''
      ? line
      : delta > 0
        ? ' '.repeat(delta) + line
        : line.slice(Math.min(-delta, line.search(/\S/))),
  )
  return [header, ...moved].join('\n')
}

function fold(text: string, indent: number): string {
  const pad = ' '.repeat(indent)
  const lines: string[] = []
  let line = ''
  for (const word of text.split(' ')) {
    if (line !== '' && indent + line.length + 1 + word.length > FOLD_WIDTH) {
      lines.push(line)
      line = word
    } else line = line === '' ? word : `${line} ${word}`
  }
  lines.push(line)
  return `>-\n${lines.map((l) => pad + l).join('\n')}`
}

/** Multi-line strings (Markdown) as `|` blocks. */
function markNew(node: unknown) {
  if (!isNode(node)) return
  YAML.visit(node, {
    Scalar(_, scalar) {
      if (typeof scalar.value === 'string' && scalar.value.includes('\n')) scalar.type = 'BLOCK_LITERAL'
    },
  })
}

function mergeNode(doc: Document, node: unknown, value: unknown, keep: Set<Node>): unknown {
  if (isNode(node) && sameJson(node.toJSON(), value)) {
    YAML.visit(node, { Node: (_, child) => void keep.add(child) })
    keep.add(node)
    return node
  }
  if (isMap(node) && isPlainObject(value)) {
    const keyOf = (pair: Pair) => String(isScalar(pair.key) ? pair.key.value : pair.key)
    const kept: Pair[] = []
    for (const pair of node.items as Pair[]) {
      const key = keyOf(pair)
      if (key in value) {
        pair.value = mergeNode(doc, pair.value, value[key], keep)
        kept.push(pair)
      } else if (key === '_type' || key === '_key') kept.push(pair)
    }
    const keys = Object.keys(value)
    keys.forEach((key, index) => {
      if (kept.some((pair) => keyOf(pair) === key)) return
      const pair = doc.createPair(key, value[key])
      markNew(pair.value)
      let at = -1
      for (let j = index - 1; j >= 0 && at < 0; j--) {
        const found = kept.findIndex((candidate) => keyOf(candidate) === keys[j])
        if (found >= 0) at = found + 1
      }
      if (at < 0) {
        at = 0
        while (at < kept.length && ['_id', '_type', '_key'].includes(keyOf(kept[at] as Pair))) at++
      }
      kept.splice(at, 0, pair)
    })
    node.items = kept
    return node
  }
  if (isSeq(node) && Array.isArray(value)) {
    node.items = mergeList(doc, node.items, value, keep)
    return node
  }
  const created = doc.createNode(value)
  markNew(created)
  if (isScalar(node) && isScalar(created) && typeof value === 'string' && !value.includes('\n')) {
    if (['BLOCK_FOLDED', 'QUOTE_DOUBLE', 'QUOTE_SINGLE'].includes(node.type ?? '')) created.type = node.type
  }
  if (isNode(node)) {
    created.comment = node.comment
    created.commentBefore = node.commentBefore
  }
  return created
}

/** Keeps the unchanged items (longest common subsequence); merges the rest pairwise in order. */
function mergeList(doc: Document, items: unknown[], values: unknown[], keep: Set<Node>): unknown[] {
  const json = items.map((item) => (isNode(item) ? item.toJSON() : item))
  const lcs: number[][] = Array.from({ length: items.length + 1 }, () => new Array(values.length + 1).fill(0))
  for (let i = items.length - 1; i >= 0; i--) {
    for (let j = values.length - 1; j >= 0; j--) {
      const row = lcs[i] as number[]
      const next = lcs[i + 1] as number[]
      row[j] = sameJson(json[i], values[j]) ? (next[j + 1] ?? 0) + 1 : Math.max(next[j] ?? 0, row[j + 1] ?? 0)
    }
  }
  const out: unknown[] = []
  let i = 0
  let j = 0
  const oldGap: unknown[] = []
  const newGap: unknown[] = []
  const flush = () => {
    newGap.forEach((value, k) => {
      out.push(mergeNode(doc, oldGap[k], value, keep))
    })
    oldGap.length = 0
    newGap.length = 0
  }
  while (i < items.length || j < values.length) {
    if (i < items.length && j < values.length && sameJson(json[i], values[j])) {
      flush()
      out.push(mergeNode(doc, items[i], values[j], keep))
      i++
      j++
    } else if (j >= values.length || (i < items.length && (lcs[i + 1]?.[j] ?? 0) >= (lcs[i]?.[j + 1] ?? 0))) {
      oldGap.push(items[i])
      i++
    } else {
      newGap.push(values[j])
      j++
    }
  }
  flush()
  return out
}
