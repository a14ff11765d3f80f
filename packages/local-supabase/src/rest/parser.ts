import { parseError } from './errors.js'

/** A column reference with an optional JSON path: `col->a->>b`. */
export interface FieldRef {
  name: string
  path: { op: '->' | '->>'; key: string }[]
}

export type AggregateFn = 'count' | 'sum' | 'avg' | 'max' | 'min'

export type SelectItem =
  | { kind: 'star' }
  | { kind: 'column'; field: FieldRef; alias?: string; cast?: string }
  | {
      kind: 'aggregate'
      fn: AggregateFn
      /** The column aggregated; none for `count()`. */
      field?: FieldRef
      /** `col::type.sum()` casts the input, `col.sum()::type` the result. */
      inputCast?: string
      cast?: string
      alias?: string
    }
  | {
      kind: 'embed'
      relation: string
      alias?: string
      hint?: string
      joinType?: 'inner' | 'left'
      spread: boolean
      select: SelectItem[]
    }

const IDENT = /^[^\s,()."':!*>-][^,()."':!>]*$/

function readName(input: string, pos: number): [string, number] {
  if (input[pos] === '"') {
    const end = input.indexOf('"', pos + 1)
    if (end < 0) throw parseError(`"failed to parse select parameter (${input})"`, 'unterminated quote')
    return [input.slice(pos + 1, end), end + 1]
  }
  let end = pos
  while (
    end < input.length &&
    !/[,():!".]/.test(input[end] as string) &&
    input.slice(end, end + 2) !== '->' &&
    input.slice(end, end + 2) !== '::'
  ) {
    end++
  }
  const name = input.slice(pos, end).trim()
  return [name, end]
}

export function parseField(text: string, context: string): FieldRef {
  const [name, after] = readName(text, 0)
  if (!name || (text[0] !== '"' && !IDENT.test(name))) {
    throw parseError(
      `"failed to parse ${context} (${text})"`,
      `unexpected "${text.slice(0, 1)}" expecting field name`,
    )
  }
  const path: FieldRef['path'] = []
  let pos = after
  while (pos < text.length) {
    const op = text.startsWith('->>', pos) ? '->>' : text.startsWith('->', pos) ? '->' : undefined
    if (!op)
      throw parseError(`"failed to parse ${context} (${text})"`, `unexpected "${text.slice(pos, pos + 1)}"`)
    pos += op.length
    const [key, next] = readName(text, pos)
    if (!key) throw parseError(`"failed to parse ${context} (${text})"`, 'expecting a JSON key')
    path.push({ op, key })
    pos = next
  }
  return { name, path }
}

/** Splits on commas at depth 0, respecting double quotes and parentheses. */
export function splitTopLevel(input: string): string[] {
  const parts: string[] = []
  let depth = 0
  let quoted = false
  let start = 0
  for (let i = 0; i < input.length; i++) {
    const ch = input[i]
    if (ch === '\\' && quoted) {
      i++
      continue
    }
    if (ch === '"') quoted = !quoted
    else if (!quoted && ch === '(') depth++
    else if (!quoted && ch === ')') depth--
    else if (!quoted && depth === 0 && ch === ',') {
      parts.push(input.slice(start, i))
      start = i + 1
    }
    if (depth < 0) throw parseError(`"failed to parse (${input})"`, 'unbalanced parentheses')
  }
  if (depth !== 0 || quoted)
    throw parseError(`"failed to parse (${input})"`, 'unbalanced parentheses or quotes')
  parts.push(input.slice(start))
  return parts
}

export function parseSelect(input: string): SelectItem[] {
  const raw = input.trim() === '' ? '*' : input
  return splitTopLevel(raw).map((part) => parseSelectItem(part.trim(), raw))
}

function parseSelectItem(text: string, whole: string): SelectItem {
  const fail = (detail: string) => parseError(`"failed to parse select parameter (${whole})"`, detail)
  if (text === '*') return { kind: 'star' }
  if (text === '') throw fail('unexpected empty select item')
  let rest = text
  let spread = false
  if (rest.startsWith('...')) {
    spread = true
    rest = rest.slice(3)
  }
  let alias: string | undefined
  const aliasMatch = /^("[^"]+"|[^:(!"]+):(?!:)/.exec(rest)
  if (aliasMatch) {
    alias = (aliasMatch[1] as string).replace(/^"|"$/g, '')
    rest = rest.slice(aliasMatch[0].length)
  }
  const aggregate =
    /^(?:(.+?)(?:::([a-z_][a-z0-9_ ]*))?\.)?(count|sum|avg|max|min)\(\)(?:::([a-z_][a-z0-9_ ]*))?$/i.exec(
      rest,
    )
  if (aggregate && !spread) {
    const [, column, inputCast, fn, cast] = aggregate
    return {
      kind: 'aggregate',
      fn: (fn as string).toLowerCase() as AggregateFn,
      field: column ? parseField(column, 'select parameter') : undefined,
      inputCast,
      cast,
      alias,
    }
  }
  const paren = rest.indexOf('(')
  if (paren >= 0) {
    if (!rest.endsWith(')')) throw fail(`unexpected "${rest.slice(-1)}" expecting ")"`)
    const head = rest.slice(0, paren)
    const inner = rest.slice(paren + 1, -1)
    const [relation = '', ...modifiers] = head.split('!')
    if (!relation || !IDENT.test(relation)) throw fail(`unexpected "${head}" expecting an embedded resource`)
    let hint: string | undefined
    let joinType: 'inner' | 'left' | undefined
    for (const mod of modifiers) {
      if (mod === 'inner' || mod === 'left') joinType = mod
      else if (IDENT.test(mod)) hint = mod
      else throw fail(`unexpected "${mod}"`)
    }
    // `rel()` embeds nothing: the embed only filters (with !inner) and is left out of the answer.
    const select = inner.trim() === '' ? [] : parseSelect(inner)
    return { kind: 'embed', relation, alias, hint, joinType, spread, select }
  }
  if (spread) throw fail('spread requires an embedded resource')
  let cast: string | undefined
  const castAt = rest.lastIndexOf('::')
  if (castAt > 0) {
    cast = rest.slice(castAt + 2)
    rest = rest.slice(0, castAt)
    if (!/^[a-z_][a-z0-9_ ]*(\[\])?$/i.test(cast)) throw fail(`unexpected cast "${cast}"`)
  }
  return { kind: 'column', field: parseField(rest, 'select parameter'), alias, cast }
}

export type FilterOp =
  | 'eq'
  | 'neq'
  | 'gt'
  | 'gte'
  | 'lt'
  | 'lte'
  | 'like'
  | 'ilike'
  | 'match'
  | 'imatch'
  | 'is'
  | 'isdistinct'
  | 'in'
  | 'cs'
  | 'cd'
  | 'ov'
  | 'sl'
  | 'sr'
  | 'nxl'
  | 'nxr'
  | 'adj'
  | 'fts'
  | 'plfts'
  | 'phfts'
  | 'wfts'

const OPS = new Set<string>([
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'is',
  'isdistinct',
  'in',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxl',
  'nxr',
  'adj',
  'fts',
  'plfts',
  'phfts',
  'wfts',
])

export interface Condition {
  kind: 'condition'
  field: FieldRef
  negate: boolean
  op: FilterOp
  quantifier?: 'any' | 'all'
  language?: string
  value: string | string[]
}

export interface Logic {
  kind: 'logic'
  op: 'and' | 'or'
  negate: boolean
  children: Filter[]
}

export type Filter = Condition | Logic

export function parseInList(raw: string): string[] {
  if (!raw.startsWith('(') || !raw.endsWith(')')) {
    throw parseError(`"failed to parse filter (in.${raw})"`, 'unexpected end of input expecting "("')
  }
  const inner = raw.slice(1, -1)
  if (inner === '') return []
  return splitTopLevel(inner).map((item) => {
    const t = item.trim()
    return unquoteValue(t) ?? t
  })
}

/**
 * The value of a token that is exactly one double-quoted string (`"a,b\"c"` → `a,b"c`), else undefined.
 * PostgREST reads quotes only in `in.(…)` items and in values inside `or=`/`and=` trees, where `,`
 * `(` `)` would otherwise end the value. A backslash inside takes the next character as it is (`\"`,
 * `\\`). Like PostgREST, a token with text after its closing quote is kept verbatim, quotes and all.
 */
export function unquoteValue(text: string): string | undefined {
  if (!text.startsWith('"')) return undefined
  let value = ''
  for (let i = 1; i < text.length; i++) {
    let ch = text[i]
    if (ch === '\\') {
      i++
      ch = text[i]
      if (ch === undefined) return undefined
    } else if (ch === '"') {
      return i === text.length - 1 ? value : undefined
    }
    value += ch
  }
  return undefined
}

/** A top-level filter's value is everything after the operator, quotes included. */
const verbatim = (text: string) => text

/** Inside a logic tree a value may be double-quoted to carry reserved characters. */
const logicTreeValue = (text: string) => unquoteValue(text) ?? text

/** `[not.]op[(any|all)].value` for a known field; `readValue` turns the text after the operator into the value. */
export function parseCondition(
  field: FieldRef,
  expression: string,
  raw: string,
  readValue: (text: string) => string = verbatim,
): Condition {
  let rest = expression
  let negate = false
  if (rest.startsWith('not.')) {
    negate = true
    rest = rest.slice(4)
  }
  const dot = rest.indexOf('.')
  if (dot < 0)
    throw parseError(`"failed to parse filter (${raw})"`, 'unexpected end of input expecting operator')
  let opText = rest.slice(0, dot)
  const value = rest.slice(dot + 1)
  let quantifier: 'any' | 'all' | undefined
  let language: string | undefined
  const modifier = /^([a-z]+)\((.+)\)$/.exec(opText)
  if (modifier) {
    opText = modifier[1] as string
    const arg = modifier[2] as string
    if (arg === 'any' || arg === 'all') quantifier = arg
    else if (/^[a-z_]+$/.test(arg) && ['fts', 'plfts', 'phfts', 'wfts'].includes(opText)) language = arg
    else throw parseError(`"failed to parse filter (${raw})"`, `unexpected "${arg}"`)
  }
  if (!OPS.has(opText)) {
    throw parseError(`"failed to parse filter (${raw})"`, `unknown operator "${opText}"`)
  }
  const op = opText as FilterOp
  if (op === 'in') return { kind: 'condition', field, negate, op, value: parseInList(value) }
  if (op === 'is' && !/^(null|not_null|true|false|unknown)$/i.test(value)) {
    throw parseError(`"failed to parse filter (${raw})"`, 'expecting null, not_null, true, false or unknown')
  }
  if (
    quantifier &&
    !['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch'].includes(op)
  ) {
    throw parseError(`"failed to parse filter (${raw})"`, `quantifier not allowed for "${op}"`)
  }
  return { kind: 'condition', field, negate, op, quantifier, language, value: readValue(value) }
}

/** `(a.eq.1,and(b.gt.2,c.lt.3))` as sent for `or=` / `and=`. */
export function parseLogic(op: 'and' | 'or', negate: boolean, value: string): Logic {
  if (!value.startsWith('(') || !value.endsWith(')')) {
    throw parseError(`"failed to parse logic tree (${value})"`, 'unexpected end of input expecting "("')
  }
  const children = splitTopLevel(value.slice(1, -1)).map((item): Filter => {
    const t = item.trim()
    const nested = /^(not\.)?(and|or)(\(.*\))$/s.exec(t)
    if (nested) return parseLogic(nested[2] as 'and' | 'or', Boolean(nested[1]), nested[3] as string)
    const fieldEnd = findFieldEnd(t)
    if (fieldEnd < 0) throw parseError(`"failed to parse logic tree (${value})"`, `unexpected "${t}"`)
    return parseCondition(
      parseField(t.slice(0, fieldEnd), 'logic tree'),
      t.slice(fieldEnd + 1),
      t,
      logicTreeValue,
    )
  })
  return { kind: 'logic', op, negate, children }
}

/** The field ends at the first "." that is not inside quotes or part of a JSON arrow. */
function findFieldEnd(text: string): number {
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]
    if (ch === '"') quoted = !quoted
    else if (!quoted && ch === '.') return i
  }
  return -1
}

export interface OrderTerm {
  field: FieldRef
  direction?: 'asc' | 'desc'
  nulls?: 'first' | 'last'
}

export function parseOrder(value: string): OrderTerm[] {
  return splitTopLevel(value).map((term) => {
    const parts = term.trim().split('.')
    const modifiers: string[] = []
    while (parts.length > 1 && /^(asc|desc|nullsfirst|nullslast)$/.test(parts[parts.length - 1] as string)) {
      modifiers.unshift(parts.pop() as string)
    }
    const field = parseField(parts.join('.'), 'order parameter')
    const out: OrderTerm = { field }
    for (const mod of modifiers) {
      if (mod === 'asc' || mod === 'desc') out.direction = mod
      else out.nulls = mod === 'nullsfirst' ? 'first' : 'last'
    }
    return out
  })
}
