/*
 * postgres_changes bindings (contract §9.4, hosted `postgres_cdc_rls/subscriptions.ex`): the
 * client's map is echoed back verbatim with an id; the parsed form drives matching.
 */
import { createHash } from 'node:crypto'
import type { Action } from './capture.js'

export type FilterOp = 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'in'

export interface Filter {
  column: string
  op: FilterOp
  values: string[]
}

export interface Binding {
  id: number
  /** What the client sent, echoed in the join reply: realtime-js compares it field by field. */
  echo: Record<string, unknown>
  event: Action | '*'
  /** `*` means every schema with published tables. */
  schema: string
  /** Undefined means every published table of the schema. */
  table?: string
  filters: Filter[]
  /** Set when the filter text does not parse: reported as a `system` error after the join. */
  parseError?: string
}

const OPS = new Set<string>(['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in'])
const MAX_IN_VALUES = 100

/** Hosted uses `:erlang.phash2(params)`; any stable positive integer does. */
function bindingId(echo: Record<string, unknown>): number {
  return createHash('sha1').update(JSON.stringify(echo)).digest().readUInt32BE(0) >>> 1
}

/** Commas inside `in.(a,b)` belong to the list; top-level commas separate filters. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = []
  let depth = 0
  let start = 0
  for (let i = 0; i < text.length; i++) {
    const char = text[i]
    if (char === '(') depth++
    else if (char === ')') depth = Math.max(0, depth - 1)
    else if (char === ',' && depth === 0) {
      parts.push(text.slice(start, i))
      start = i + 1
    }
  }
  parts.push(text.slice(start))
  return parts
}

/** Elixir's inspect of a list of strings, as hosted's error text shows it. */
const inspectList = (items: string[]) => `[${items.map((item) => JSON.stringify(item)).join(', ')}]`

export function parseFilter(text: string): { filters: Filter[] } | { error: string } {
  if (text === '') return { filters: [] }
  const filters: Filter[] = []
  for (const part of splitTopLevel(text)) {
    const eq = part.indexOf('=')
    if (eq <= 0) return { error: `Error parsing \`filter\` params: ${inspectList([part])}` }
    const column = part.slice(0, eq)
    const rest = part.slice(eq + 1)
    const dot = rest.indexOf('.')
    const op = dot < 0 ? rest : rest.slice(0, dot)
    const value = dot < 0 ? '' : rest.slice(dot + 1)
    if (dot < 0 || !OPS.has(op))
      return { error: `Error parsing \`filter\` params: ${inspectList(dot < 0 ? [rest] : [op, value])}` }
    if (op === 'in') {
      const list = /^\((.*)\)$/s.exec(value)
      const values = list ? (list[1] ?? '').split(',').map((item) => item.trim()) : undefined
      if (!values || values.length === 0 || values.length > MAX_IN_VALUES) {
        return { error: `Error parsing \`filter\` params: ${inspectList([op, value])}` }
      }
      filters.push({ column, op, values })
    } else {
      filters.push({ column, op: op as FilterOp, values: [value] })
    }
  }
  return { filters }
}

function parseEvent(value: unknown): Action | '*' {
  const upper = typeof value === 'string' ? value.toUpperCase() : ''
  return upper === 'INSERT' || upper === 'UPDATE' || upper === 'DELETE' ? upper : '*'
}

export function parseBinding(raw: unknown): Binding {
  const echo = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {}
  const schema = typeof echo.schema === 'string' && echo.schema !== '' ? echo.schema : 'public'
  const table =
    typeof echo.table === 'string' && echo.table !== '' && echo.table !== '*' ? echo.table : undefined
  const binding: Binding = {
    id: bindingId(echo),
    echo,
    event: parseEvent(echo.event),
    schema,
    table,
    filters: [],
  }
  if (echo.filter !== undefined && echo.filter !== null) {
    const parsed =
      typeof echo.filter === 'string'
        ? parseFilter(echo.filter)
        : { error: 'Error parsing `filter` params: not a string' }
    if ('error' in parsed) binding.parseError = parsed.error
    else binding.filters = parsed.filters
  }
  return binding
}

export function matchesEntity(binding: Binding, schema: string, table: string, action: Action): boolean {
  return (
    (binding.event === '*' || binding.event === action) &&
    (binding.schema === '*' || binding.schema === schema) &&
    (binding.table === undefined || binding.table === table)
  )
}

/** Hosted's wording for a binding it cannot subscribe (e.g. a table outside the publication). */
export function unableToSubscribe(binding: Binding, detail?: string): string {
  const filters = binding.filters.map(
    (f) => `{${JSON.stringify(f.column)}, ${JSON.stringify(f.op)}, ${JSON.stringify(f.values.join(','))}}`,
  )
  const params = `[event: ${binding.event}, schema: ${binding.schema}, table: ${binding.table ?? '*'}, filters: [${filters.join(', ')}]]`
  return detail
    ? `Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: ${params}. Exception: ${detail}`
    : `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: ${params}`
}
