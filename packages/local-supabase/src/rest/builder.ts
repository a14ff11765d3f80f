import { parseError, RestError } from './errors.js'
import {
  type Condition,
  type FieldRef,
  type Filter,
  type OrderTerm,
  parseCondition,
  parseField,
  parseLogic,
  parseOrder,
  type SelectItem,
} from './parser.js'
import type { Relation, SchemaCache } from './schema-cache.js'
import { relKey } from './schema-cache.js'
import { selectList } from './select.js'
import { quoteIdent } from './sql-text.js'

export { quoteIdent } from './sql-text.js'

/** Collects values as `$n` parameters; request text never becomes SQL. */
export class Params {
  readonly values: unknown[] = []
  add(value: unknown, cast?: string): string {
    this.values.push(value)
    return cast ? `$${this.values.length}::${cast}` : `$${this.values.length}`
  }
}

/** Query-string parts that apply to one level of the resource tree (root or an embed). */
export interface Level {
  filters: Filter[]
  order?: OrderTerm[]
  limit?: number
  offset?: number
}

export interface ReadPlan {
  relation: Relation
  select: SelectItem[]
  levels: Map<string, Level>
}

const RESERVED = new Set(['select', 'columns', 'on_conflict', 'order', 'limit', 'offset', 'and', 'or'])

function level(levels: Map<string, Level>, path: string): Level {
  let found = levels.get(path)
  if (!found) {
    found = { filters: [] }
    levels.set(path, found)
  }
  return found
}

function nonNegativeInt(value: string, name: string): number {
  if (!/^\d+$/.test(value))
    throw parseError(`"failed to parse ${name} parameter (${value})"`, 'expecting a non-negative integer')
  return Number(value)
}

/** Splits the query string into per-level filters/order/limit; `skip` names parameters that are RPC arguments. */
export function parseQuery(
  url: URL,
  skip: Set<string> = new Set(),
): { levels: Map<string, Level>; select: string; columns?: string; onConflict?: string } {
  const levels = new Map<string, Level>()
  level(levels, '')
  for (const [key, value] of url.searchParams) {
    if (skip.has(key) || key === 'select' || key === 'columns' || key === 'on_conflict') continue
    const lastDot = key.lastIndexOf('.')
    const tail = lastDot >= 0 ? key.slice(lastDot + 1) : key
    // `not.or` / `todos.not.and`: checked first, as its tail alone would read as a plain `or` on a `not` embed.
    const notLogic = /^(?:(.*)\.)?not\.(or|and)$/.exec(key)
    let path = ''
    let name = key
    if (notLogic) {
      path = notLogic[1] ?? ''
      name = `not.${notLogic[2]}`
    } else if (RESERVED.has(tail)) {
      if (lastDot >= 0) {
        path = key.slice(0, lastDot)
        name = tail
      }
    } else {
      const firstPathEnd = key.includes('->')
        ? key.slice(0, key.indexOf('->')).lastIndexOf('.')
        : key.lastIndexOf('.')
      if (firstPathEnd >= 0) {
        path = key.slice(0, firstPathEnd)
        name = key.slice(firstPathEnd + 1)
      }
    }
    const target = level(levels, path)
    if (name === 'order') target.order = parseOrder(value)
    else if (name === 'limit') target.limit = nonNegativeInt(value, 'limit')
    else if (name === 'offset') target.offset = nonNegativeInt(value, 'offset')
    else if (name === 'or' || name === 'and' || name === 'not.or' || name === 'not.and') {
      const negate = name.startsWith('not.')
      target.filters.push(parseLogic(name.replace('not.', '') as 'and' | 'or', negate, value))
    } else {
      target.filters.push(parseCondition(parseField(name, 'filter'), value, `${key}=${value}`))
    }
  }
  return {
    levels,
    select: url.searchParams.get('select') ?? '*',
    columns: url.searchParams.get('columns') ?? undefined,
    onConflict: url.searchParams.get('on_conflict') ?? undefined,
  }
}

/** PostgreSQL's own error, naming the table as the statement aliases it (`messages_1` in an embed). */
export function columnNotFound(table: string, column: string): RestError {
  return new RestError(400, '42703', `column ${table}.${column} does not exist`)
}

export class SqlBuilder {
  private aliasCounter = 0
  readonly visitedPaths = new Set<string>([''])
  constructor(
    readonly cache: SchemaCache,
    readonly params: Params,
  ) {}

  /** What errors call each alias: the table's name at the root, `<table>_<depth>` in embeds. */
  private readonly displayNames = new Map<string, string>()

  nextAlias(displayName?: string): string {
    const alias = `pgrst_${this.aliasCounter++}`
    if (displayName) this.displayNames.set(alias, displayName)
    return alias
  }

  /** A column, or a computed field (a function of the row), with its JSON path. */
  fieldSql(rel: Relation, alias: string, field: FieldRef): string {
    let sql: string
    if (rel.columns.has(field.name)) {
      sql = `${quoteIdent(alias)}.${quoteIdent(field.name)}`
    } else {
      const computed = this.cache.computedFields.get(relKey(rel.schema, rel.name))?.get(field.name)
      if (!computed) throw columnNotFound(this.displayNames.get(alias) ?? rel.name, field.name)
      const row = `${quoteIdent(alias)}::${quoteIdent(rel.schema)}.${quoteIdent(rel.name)}`
      sql = `${quoteIdent(computed.schema)}.${quoteIdent(computed.fn)}(${row})`
    }
    for (const step of field.path) {
      const key = /^-?\d+$/.test(step.key)
        ? this.params.add(Number(step.key), 'int')
        : this.params.add(step.key, 'text')
      sql = `${sql}${step.op}${key}`
    }
    return sql
  }

  castSql(sql: string, cast: string): string {
    const base = cast.replace(/\[\]$/, '')
    const known = this.cache.typeNames.has(base)
    if (!known) throw new RestError(400, '42704', `type "${cast}" does not exist`)
    return `cast(${sql} as ${quoteIdent(base)}${cast.endsWith('[]') ? '[]' : ''})`
  }

  conditionSql(rel: Relation, alias: string, cond: Condition): string {
    const column = this.fieldSql(rel, alias, cond.field)
    const lhs =
      cond.field.path.length > 0 && cond.field.path[cond.field.path.length - 1]?.op === '->'
        ? `${column}`
        : column
    const value = cond.value
    const scalar = () => {
      if (Array.isArray(value)) throw parseError('"failed to parse filter"', 'unexpected list')
      return value
    }
    const binary: Record<string, string> = {
      eq: '=',
      neq: '<>',
      gt: '>',
      gte: '>=',
      lt: '<',
      lte: '<=',
      like: 'like',
      ilike: 'ilike',
      match: '~',
      imatch: '~*',
      cs: '@>',
      cd: '<@',
      ov: '&&',
      sl: '<<',
      sr: '>>',
      // nxl: "does not extend to the left of" is PostgreSQL's &>, nxr its &<.
      nxl: '&>',
      nxr: '&<',
      adj: '-|-',
    }
    let sql: string
    if (cond.op === 'is') {
      const v = scalar().toLowerCase()
      sql = `${lhs} is ${v === 'not_null' ? 'not null' : v}`
    } else if (cond.op === 'isdistinct') {
      sql = `${lhs} is distinct from ${this.params.add(scalar())}`
    } else if (cond.op === 'in') {
      sql = `${lhs} = any(${this.params.add(value)})`
    } else if (cond.op === 'fts' || cond.op === 'plfts' || cond.op === 'phfts' || cond.op === 'wfts') {
      const fn = {
        fts: 'to_tsquery',
        plfts: 'plainto_tsquery',
        phfts: 'phraseto_tsquery',
        wfts: 'websearch_to_tsquery',
      }[cond.op]
      const lang = cond.language ? `${this.params.add(cond.language, 'regconfig')}, ` : ''
      sql = `${lhs} @@ ${fn}(${lang}${this.params.add(scalar())})`
    } else {
      const op = binary[cond.op] as string
      let raw = scalar()
      if (cond.op === 'like' || cond.op === 'ilike') raw = raw.replace(/\*/g, '%')
      if (cond.quantifier) {
        const list = raw.startsWith('{') && raw.endsWith('}') ? raw : `{${raw}}`
        const cast =
          cond.op === 'like' || cond.op === 'ilike' || cond.op === 'match' || cond.op === 'imatch'
            ? 'text[]'
            : undefined
        sql = `${lhs} ${op} ${cond.quantifier}(${this.params.add(list.replace(/\*/g, cond.op.includes('like') ? '%' : '*'), cast)})`
      } else {
        sql = `${lhs} ${op} ${this.params.add(raw)}`
      }
    }
    return cond.negate ? `not (${sql})` : sql
  }

  filterSql(rel: Relation, alias: string, filter: Filter): string {
    if (filter.kind === 'condition') return this.conditionSql(rel, alias, filter)
    const inner = filter.children.map((child) => this.filterSql(rel, alias, child))
    const joined = inner.length === 0 ? 'true' : `(${inner.join(filter.op === 'and' ? ' and ' : ' or ')})`
    return filter.negate ? `not ${joined}` : joined
  }

  orderSql(rel: Relation, alias: string, terms: OrderTerm[] | undefined): string {
    if (!terms || terms.length === 0) return ''
    const parts = terms.map((term) => {
      let sql = this.fieldSql(rel, alias, term.field)
      if (term.direction) sql += ` ${term.direction}`
      if (term.nulls) sql += ` nulls ${term.nulls}`
      return sql
    })
    return ` order by ${parts.join(', ')}`
  }

  /** The select list for one level (see select.ts). */
  selectList(rel: Relation, alias: string, items: SelectItem[], levels: Map<string, Level>, path: string) {
    return selectList(this, rel, alias, items, levels, path)
  }
}
