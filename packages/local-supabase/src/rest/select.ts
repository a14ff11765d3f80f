/*
 * The select list of one level of a read (the root, or an embed): columns with JSON paths and
 * casts, computed fields, aggregates (with the level's other columns as its GROUP BY), and embeds
 * as correlated subqueries along the relationship PostgREST would pick: to-one as an object,
 * to-many as an array, spread into the parent's columns (to-many spreads become arrays), or left
 * out when the embed selects nothing and only filters.
 */
import type { Level, SqlBuilder } from './builder.js'
import { RestError } from './errors.js'
import type { SelectItem } from './parser.js'
import { findRelationship } from './relationship-find.js'
import { isToOne, type Relationship } from './relationships.js'
import { type Relation, relKey } from './schema-cache.js'
import { quoteIdent } from './sql-text.js'

export interface LevelSelect {
  /** `expression as "name"`, in order. */
  columns: string[]
  /** The output names of `columns`, for spreads. */
  names: string[]
  /** Conditions the parent's WHERE takes (embeds with `!inner`). */
  innerConditions: string[]
  /** The level's plain columns when it also aggregates; empty otherwise. */
  groupBy: string[]
  /** Lateral joins the level's FROM takes (to-one spreads), so their columns can be grouped. */
  joins: string[]
}

const aggregatesOff = () => new RestError(400, 'PGRST123', 'Use of aggregate functions is not allowed')

/** FROM and WHERE of an embed's subquery, joined to the parent row along the relationship. */
function embedSource(
  rel: Relationship,
  target: Relation,
  parent: Relation,
  parentAlias: string,
  alias: string,
) {
  const p = quoteIdent(parentAlias)
  const c = quoteIdent(alias)
  const table = `${quoteIdent(target.schema)}.${quoteIdent(target.name)}`
  if (rel.kind === 'computed') {
    // The parent row is cast to its table's type: below an RPC it is a row of the call's result.
    const row = `${p}::${quoteIdent(parent.schema)}.${quoteIdent(parent.name)}`
    return { from: `${quoteIdent(rel.schema)}.${quoteIdent(rel.fn)}(${row}) ${c}`, join: [] as string[] }
  }
  if (rel.kind === 'm2m') {
    const junction = rel.junction.split('.').map(quoteIdent).join('.')
    const on = [
      ...rel.source.map(([j, t]) => `pgrst_j.${quoteIdent(j)} = ${p}.${quoteIdent(t)}`),
      ...rel.target.map(([j, f]) => `pgrst_j.${quoteIdent(j)} = ${c}.${quoteIdent(f)}`),
    ]
    return {
      from: `${table} ${c}`,
      join: [`exists (select 1 from ${junction} pgrst_j where ${on.join(' and ')})`],
    }
  }
  return {
    from: `${table} ${c}`,
    join: rel.columns.map(([t, f]) => `${c}.${quoteIdent(f)} = ${p}.${quoteIdent(t)}`),
  }
}

export function selectList(
  builder: SqlBuilder,
  rel: Relation,
  alias: string,
  items: SelectItem[],
  levels: Map<string, Level>,
  path: string,
  depth = 0,
): LevelSelect {
  const out: LevelSelect = { columns: [], names: [], innerConditions: [], groupBy: [], joins: [] }
  const plain = out.groupBy
  const push = (sql: string, name: string) => {
    out.columns.push(`${sql} as ${quoteIdent(name)}`)
    out.names.push(name)
  }
  // `messages(count)`: inside an embed a bare `count` that is no column is the row count.
  const levelItems = items.map(
    (item): SelectItem =>
      depth > 0 &&
      item.kind === 'column' &&
      item.field.name === 'count' &&
      !item.field.path.length &&
      !item.cast &&
      !rel.columns.has('count')
        ? { kind: 'aggregate', fn: 'count', alias: item.alias }
        : item,
  )
  const aggregates = levelItems.some((item) => item.kind === 'aggregate')
  if (aggregates && !builder.cache.settings.aggregates) throw aggregatesOff()
  const embedded = new Set<string>()

  for (const item of levelItems) {
    if (item.kind === 'star') {
      for (const column of rel.columns.keys()) {
        const sql = `${quoteIdent(alias)}.${quoteIdent(column)}`
        plain.push(sql)
        push(sql, column)
      }
    } else if (item.kind === 'column') {
      let sql = builder.fieldSql(rel, alias, item.field)
      if (item.cast) sql = builder.castSql(sql, item.cast)
      const last = item.field.path[item.field.path.length - 1]
      plain.push(sql)
      push(sql, item.alias ?? (last ? last.key : item.field.name))
    } else if (item.kind === 'aggregate') {
      let input = '*'
      if (item.field) {
        input = builder.fieldSql(rel, alias, item.field)
        if (item.inputCast) input = builder.castSql(input, item.inputCast)
      } else if (item.fn !== 'count') {
        // `sum()` names no column: PostgreSQL's own complaint about a column called "sum".
        builder.fieldSql(rel, alias, { name: item.fn, path: [] })
      }
      let sql = `${item.fn}(${input})`
      if (item.cast) sql = builder.castSql(sql, item.cast)
      push(sql, item.alias ?? item.fn)
    } else {
      // Two embeds under one name would be two joins under one alias: PostgreSQL refuses that.
      const name = item.alias ?? item.relation
      if (embedded.has(name))
        throw new RestError(
          400,
          '42712',
          `table name "${rel.name}_${name}_${depth + 1}" specified more than once`,
        )
      embedded.add(name)
      embed(builder, rel, alias, item, levels, path, depth, out)
    }
  }
  if (!aggregates) out.groupBy = []
  return out
}

function embed(
  builder: SqlBuilder,
  parent: Relation,
  parentAlias: string,
  item: Extract<SelectItem, { kind: 'embed' }>,
  levels: Map<string, Level>,
  path: string,
  depth: number,
  out: LevelSelect,
): void {
  const { cache } = builder
  const rel = findRelationship(
    cache.relationships,
    relKey(parent.schema, parent.name),
    item.relation,
    item.hint,
  )
  const target = cache.relations.get(rel.foreign)
  if (!target)
    throw new RestError(400, 'PGRST200', `Could not find the table '${rel.foreign}' in the schema cache`)
  const name = item.alias ?? item.relation
  const childPath = path ? `${path}.${name}` : name
  builder.visitedPaths.add(childPath)
  const childLevel = levels.get(childPath) ?? { filters: [] }
  const alias = builder.nextAlias(`${target.name}_${depth + 1}`)
  const inner = selectList(builder, target, alias, item.select, levels, childPath, depth + 1)
  const source = embedSource(rel, target, parent, parentAlias, alias)
  const where = [...source.join, ...inner.innerConditions]
  for (const filter of childLevel.filters) where.push(builder.filterSql(target, alias, filter))
  const joins = inner.joins.length ? ` ${inner.joins.join(' ')}` : ''
  const from = `from ${source.from}${joins}${where.length ? ` where ${where.join(' and ')}` : ''}`
  if (item.joinType === 'inner') out.innerConditions.push(`exists (select 1 ${from})`)
  if (item.select.length === 0) return

  const groupBy = inner.groupBy.length ? ` group by ${inner.groupBy.join(', ')}` : ''
  const limit =
    childLevel.limit !== undefined ? ` limit ${builder.params.add(childLevel.limit, 'bigint')}` : ''
  const offset =
    childLevel.offset !== undefined ? ` offset ${builder.params.add(childLevel.offset, 'bigint')}` : ''
  const body = `select ${inner.columns.join(', ')} ${from}${groupBy}${builder.orderSql(target, alias, childLevel.order)}${limit}${offset}`
  const toOne = isToOne(rel)
  if (item.spread && toOne) {
    // A lateral join, not a subquery per column: the columns are then plain columns of this level.
    const lateral = quoteIdent(builder.nextAlias())
    out.joins.push(`left join lateral (${body}${limit ? '' : ' limit 1'}) ${lateral} on true`)
    for (const key of inner.names) {
      const sql = `${lateral}.${quoteIdent(key)}`
      out.groupBy.push(sql)
      out.columns.push(`${sql} as ${quoteIdent(key)}`)
      out.names.push(key)
    }
    return
  }
  if (item.spread) {
    for (const key of inner.names) {
      const sql = `(select coalesce(json_agg(pgrst_e.${quoteIdent(key)}), '[]') from (${body}) pgrst_e)`
      out.columns.push(`${sql} as ${quoteIdent(key)}`)
      out.names.push(key)
    }
    return
  }
  const sql = toOne
    ? `(select row_to_json(pgrst_e) from (${body}${limit ? '' : ' limit 1'}) pgrst_e)`
    : `(select coalesce(json_agg(pgrst_e), '[]') from (${body}) pgrst_e)`
  out.columns.push(`${sql} as ${quoteIdent(name)}`)
  out.names.push(name)
}
