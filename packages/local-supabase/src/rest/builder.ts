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
import { type ForeignKey, type Relation, relKey, type SchemaCache } from './schema-cache.js'

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`

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

export function columnNotFound(rel: Relation, column: string): RestError {
  return new RestError(400, '42703', `column ${rel.name}.${column} does not exist`)
}

export class SqlBuilder {
  private aliasCounter = 0
  readonly visitedPaths = new Set<string>([''])
  constructor(
    readonly cache: SchemaCache,
    readonly params: Params,
  ) {}

  nextAlias(): string {
    return `pgrst_${this.aliasCounter++}`
  }

  fieldSql(rel: Relation, alias: string, field: FieldRef): string {
    if (!rel.columns.has(field.name)) throw columnNotFound(rel, field.name)
    let sql = `${quoteIdent(alias)}.${quoteIdent(field.name)}`
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

  /** Finds the FK behind `rel(...)` from `parent`, as PostgREST does (PGRST200/201). */
  resolveEmbed(
    parent: Relation,
    item: Extract<SelectItem, { kind: 'embed' }>,
  ): { target: Relation; fk: ForeignKey; toOne: boolean; parentIsReferencing: boolean } {
    const candidates: { target: Relation; fk: ForeignKey; parentIsReferencing: boolean }[] = []
    const name = item.relation
    for (const fk of this.cache.foreignKeys) {
      const fromParent = fk.fromSchema === parent.schema && fk.fromTable === parent.name
      const toParent = fk.toSchema === parent.schema && fk.toTable === parent.name
      if (fromParent) {
        const target = this.cache.relations.get(relKey(fk.toSchema, fk.toTable))
        if (
          target &&
          (fk.toTable === name ||
            fk.name === name ||
            (fk.fromColumns.length === 1 && fk.fromColumns[0] === name))
        ) {
          candidates.push({ target, fk, parentIsReferencing: true })
        }
      }
      if (toParent) {
        const target = this.cache.relations.get(relKey(fk.fromSchema, fk.fromTable))
        if (target && fk.fromTable === name) candidates.push({ target, fk, parentIsReferencing: false })
      }
    }
    let matches = candidates
    if (item.hint) {
      matches = candidates.filter(
        (c) =>
          c.fk.name === item.hint ||
          (c.fk.fromColumns.length === 1 && c.fk.fromColumns[0] === item.hint) ||
          c.target.name === item.hint,
      )
    }
    if (matches.length === 0) {
      throw new RestError(
        400,
        'PGRST200',
        `Could not find a relationship between '${parent.name}' and '${name}' in the schema cache`,
        `Searched for a foreign key relationship between '${parent.name}' and '${name}' in the schema '${parent.schema}', but no matches were found.`,
        null,
      )
    }
    if (matches.length > 1) {
      throw new RestError(
        300,
        'PGRST201',
        `Could not embed because more than one relationship was found for '${parent.name}' and '${name}'`,
        matches.map((m) => m.fk.name).join(', '),
        `Try changing '${name}' to one of the following: ${matches.map((m) => `'${name}!${m.fk.name}'`).join(', ')}. Find the desired relationship in the 'details' key.`,
      )
    }
    const match = matches[0] as (typeof matches)[number]
    const referencingCols = match.fk.fromColumns
    const referencingRel = match.parentIsReferencing ? parent : match.target
    const isUnique = referencingRel.uniqueSets.some(
      (set) => set.length === referencingCols.length && set.every((c) => referencingCols.includes(c)),
    )
    return { ...match, toOne: match.parentIsReferencing || isUnique }
  }

  joinCondition(
    fk: ForeignKey,
    parentIsReferencing: boolean,
    parentAlias: string,
    childAlias: string,
  ): string {
    return fk.fromColumns
      .map((fromCol, i) => {
        const toCol = fk.toColumns[i] as string
        return parentIsReferencing
          ? `${quoteIdent(childAlias)}.${quoteIdent(toCol)} = ${quoteIdent(parentAlias)}.${quoteIdent(fromCol)}`
          : `${quoteIdent(childAlias)}.${quoteIdent(fromCol)} = ${quoteIdent(parentAlias)}.${quoteIdent(toCol)}`
      })
      .join(' and ')
  }

  /** The select list for one level, with embeds as correlated subqueries; returns extra WHERE parts for !inner. */
  selectList(
    rel: Relation,
    alias: string,
    items: SelectItem[],
    levels: Map<string, Level>,
    path: string,
  ): { columns: string[]; innerConditions: string[] } {
    const columns: string[] = []
    const innerConditions: string[] = []
    for (const item of items) {
      if (item.kind === 'star') {
        for (const column of rel.columns.keys()) columns.push(`${quoteIdent(alias)}.${quoteIdent(column)}`)
      } else if (item.kind === 'column') {
        let sql = this.fieldSql(rel, alias, item.field)
        if (item.cast) sql = this.castSql(sql, item.cast)
        const last = item.field.path[item.field.path.length - 1]
        const name = item.alias ?? (last ? last.key : item.field.name)
        columns.push(`${sql} as ${quoteIdent(name)}`)
      } else {
        const { target, fk, toOne, parentIsReferencing } = this.resolveEmbed(rel, item)
        const name = item.alias ?? item.relation
        const childPath = path ? `${path}.${name}` : name
        this.visitedPaths.add(childPath)
        const childLevel = levels.get(childPath) ?? { filters: [] }
        const childAlias = this.nextAlias()
        const inner = this.selectList(target, childAlias, item.select, levels, childPath)
        const where = [
          this.joinCondition(fk, parentIsReferencing, alias, childAlias),
          ...inner.innerConditions,
        ]
        for (const filter of childLevel.filters) where.push(this.filterSql(target, childAlias, filter))
        const from = `from ${quoteIdent(target.schema)}.${quoteIdent(target.name)} ${quoteIdent(childAlias)} where ${where.join(' and ')}`
        const tail = `${this.orderSql(target, childAlias, childLevel.order)}${childLevel.limit !== undefined ? ` limit ${this.params.add(childLevel.limit, 'bigint')}` : ''}${childLevel.offset !== undefined ? ` offset ${this.params.add(childLevel.offset, 'bigint')}` : ''}`
        const body = `select ${inner.columns.join(', ') || 'null'} ${from}${tail}`
        if (item.spread) {
          if (!toOne)
            throw new RestError(
              400,
              'PGRST119',
              `A spread operation on '${name}' is not possible`,
              `'${name}' is a to-many relationship`,
            )
          for (const column of inner.columns) {
            const asMatch = / as ("(?:[^"]|"")+")$/.exec(column)
            const outName = asMatch ? (asMatch[1] as string) : (column.split('.').pop() as string)
            columns.push(
              `(select ${column.replace(/ as "(?:[^"]|"")+"$/, '')} ${from} limit 1) as ${outName}`,
            )
          }
        } else if (toOne) {
          columns.push(`(select row_to_json(pgrst_e) from (${body} limit 1) pgrst_e) as ${quoteIdent(name)}`)
        } else {
          columns.push(
            `(select coalesce(json_agg(pgrst_e), '[]') from (${body}) pgrst_e) as ${quoteIdent(name)}`,
          )
        }
        if (item.joinType === 'inner') {
          innerConditions.push(`exists (select 1 ${from})`)
        }
      }
    }
    return { columns, innerConditions }
  }
}
