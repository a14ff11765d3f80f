/*
 * The relationships an embed can follow, found the way PostgREST's schema cache finds them:
 * foreign keys (many-to-one, one-to-one when the key columns are unique, and their inverses),
 * the same keys seen through views whose columns come from the keyed tables, many-to-many through
 * a junction table whose primary key holds both keys, and computed relationships (a function
 * taking one table's row and returning rows of another). Functions of a row returning a plain
 * value are computed fields: columns a request may select, filter and order by.
 */
import type pg from 'pg'
import { type ForeignKey, type Relation, relKey } from './schema-cache.js'

type Pair = [string, string]

interface Ends {
  /** relKey of the table the embed starts from. */
  table: string
  /** relKey of the embedded table. */
  foreign: string
  isSelf: boolean
  foreignIsView: boolean
}

export type Relationship =
  | (Ends & {
      kind: 'fk'
      cardinality: 'm2o' | 'o2m' | 'o2o'
      constraint: string
      /** [column of table, column of foreign]. */
      columns: Pair[]
      /** For one-to-one: the table holds the referenced key (the inverse side). */
      isParent?: boolean
    })
  | (Ends & {
      kind: 'm2m'
      junction: string
      constraint1: string
      constraint2: string
      /** [junction column, table column] and [junction column, foreign column]. */
      source: Pair[]
      target: Pair[]
    })
  | (Ends & { kind: 'computed'; schema: string; fn: string; singleRow: boolean })

export interface ComputedField {
  schema: string
  fn: string
  returnType: string
}

export interface RelationshipCatalog {
  relationships: Map<string, Relationship[]>
  computedFields: Map<string, Map<string, ComputedField>>
}

/** The name and the schema of a relKey (`schema.name`). */
export const nameOf = (key: string) => key.slice(key.indexOf('.') + 1)
export const schemaOf = (key: string) => key.slice(0, key.indexOf('.'))

export const isToOne = (rel: Relationship): boolean =>
  rel.kind === 'computed' ? rel.singleRow : rel.kind === 'fk' && rel.cardinality !== 'o2m'

/** Reads views' column sources and row functions, and derives every relationship from them. */
export async function loadRelationships(
  db: pg.ClientBase,
  schemas: string[],
  relations: Map<string, Relation>,
  foreignKeys: ForeignKey[],
): Promise<RelationshipCatalog> {
  const viewColumns = await db.query<{ view: string; table: string; column: string }>(
    `select distinct format('%s.%s', vn.nspname, v.relname) as view, format('%s.%s', tn.nspname, t.relname) as table,
            a.attname as column
       from pg_class v join pg_namespace vn on vn.oid = v.relnamespace
       join pg_rewrite r on r.ev_class = v.oid
       join pg_depend d on d.objid = r.oid and d.classid = 'pg_rewrite'::regclass
                       and d.refclassid = 'pg_class'::regclass and d.refobjsubid > 0
       join pg_class t on t.oid = d.refobjid and t.oid <> v.oid
       join pg_namespace tn on tn.oid = t.relnamespace
       join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
       join pg_attribute va on va.attrelid = v.oid and va.attname = a.attname and not va.attisdropped
      where v.relkind in ('v', 'm') and vn.nspname = any($1)`,
    [schemas],
  )
  const functions = await db.query<{
    schema: string
    name: string
    arg_table: string
    ret_table: string | null
    return_type: string
    single_row: boolean
  }>(
    `select pn.nspname as schema, p.proname as name, format('%s.%s', an.nspname, ac.relname) as arg_table,
            case when rc.oid is not null then format('%s.%s', rn.nspname, rc.relname) end as ret_table,
            format_type(p.prorettype, null) as return_type, (not p.proretset or p.prorows = 1) as single_row
       from pg_proc p join pg_namespace pn on pn.oid = p.pronamespace
       join pg_class ac on ac.reltype = p.proargtypes[0] and ac.relkind in ('r', 'v', 'm', 'f', 'p')
       join pg_namespace an on an.oid = ac.relnamespace
       left join pg_class rc on rc.reltype = p.prorettype and rc.relkind in ('r', 'v', 'm', 'f', 'p')
       left join pg_namespace rn on rn.oid = rc.relnamespace
      where p.pronargs = 1 and p.prokind = 'f' and pn.nspname = any($1)`,
    [schemas],
  )

  const isView = (key: string) => relations.get(key)?.kind === 'view'
  const fkRels: Relationship[] = []
  for (const fk of foreignKeys) {
    const table = relKey(fk.fromSchema, fk.fromTable)
    const foreign = relKey(fk.toSchema, fk.toTable)
    const unique = relations
      .get(table)
      ?.uniqueSets.some(
        (set) => set.length === fk.fromColumns.length && set.every((c) => fk.fromColumns.includes(c)),
      )
    fkRels.push({
      kind: 'fk',
      table,
      foreign,
      isSelf: table === foreign,
      foreignIsView: false,
      cardinality: unique ? 'o2o' : 'm2o',
      constraint: fk.name,
      columns: fk.fromColumns.map((c, i) => [c, fk.toColumns[i] as string]),
      isParent: unique ? false : undefined,
    })
  }

  // The same keys through views: a view "has" a key when it shows every key column of the table.
  const sources = new Map<string, Map<string, Set<string>>>() // view → table → columns
  for (const row of viewColumns.rows) {
    const byTable = sources.get(row.view) ?? new Map<string, Set<string>>()
    byTable.set(row.table, (byTable.get(row.table) ?? new Set()).add(row.column))
    sources.set(row.view, byTable)
  }
  const viewsShowing = (table: string, columns: string[]) =>
    [...sources]
      .filter(([, byTable]) => columns.every((c) => byTable.get(table)?.has(c)))
      .map(([view]) => view)
  const viaViews: Relationship[] = []
  for (const rel of fkRels) {
    if (rel.kind !== 'fk') continue
    const from = viewsShowing(
      rel.table,
      rel.columns.map(([c]) => c),
    )
    const to = viewsShowing(
      rel.foreign,
      rel.columns.map(([, c]) => c),
    )
    const pairs: [string, string][] = [
      ...from.map((v): [string, string] => [v, rel.foreign]),
      ...to.map((v): [string, string] => [rel.table, v]),
      ...from.flatMap((v) => to.map((w): [string, string] => [v, w])),
    ]
    for (const [table, foreign] of pairs)
      viaViews.push({ ...rel, table, foreign, isSelf: table === foreign, foreignIsView: isView(foreign) })
  }

  const direct = [...fkRels, ...viaViews]
  const inverses: Relationship[] = direct.flatMap((rel): Relationship[] =>
    rel.kind === 'fk'
      ? [
          {
            ...rel,
            table: rel.foreign,
            foreign: rel.table,
            foreignIsView: isView(rel.table),
            cardinality: rel.cardinality === 'm2o' ? 'o2m' : 'o2o',
            columns: rel.columns.map(([a, b]): Pair => [b, a]),
            isParent: rel.cardinality === 'o2o' ? true : undefined,
          },
        ]
      : [],
  )

  // Many-to-many: a junction with keys to two tables, both inside its primary key.
  const m2m: Relationship[] = []
  for (const a of fkRels) {
    for (const b of fkRels) {
      if (a.kind !== 'fk' || b.kind !== 'fk' || a.cardinality === 'o2m' || b.cardinality === 'o2m') continue
      if (a.table !== b.table || a.constraint === b.constraint) continue
      const pk = relations.get(a.table)?.primaryKey ?? []
      const cols = [...a.columns, ...b.columns].map(([c]) => c)
      if (pk.length === 0 || !cols.every((c) => pk.includes(c))) continue
      m2m.push({
        kind: 'm2m',
        table: a.foreign,
        foreign: b.foreign,
        isSelf: a.foreign === b.foreign,
        foreignIsView: isView(b.foreign),
        junction: a.table,
        constraint1: a.constraint,
        constraint2: b.constraint,
        source: a.columns,
        target: b.columns,
      })
    }
  }

  const computed: Extract<Relationship, { kind: 'computed' }>[] = []
  const computedFields = new Map<string, Map<string, ComputedField>>()
  for (const fn of functions.rows) {
    if (fn.ret_table) {
      computed.push({
        kind: 'computed',
        table: fn.arg_table,
        foreign: fn.ret_table,
        isSelf: fn.arg_table === fn.ret_table,
        foreignIsView: isView(fn.ret_table),
        schema: fn.schema,
        fn: fn.name,
        singleRow: fn.single_row,
      })
    } else {
      const fields = computedFields.get(fn.arg_table) ?? new Map<string, ComputedField>()
      fields.set(fn.name, { schema: fn.schema, fn: fn.name, returnType: fn.return_type })
      computedFields.set(fn.arg_table, fields)
    }
  }

  const relationships = new Map<string, Relationship[]>()
  for (const rel of [...direct, ...inverses, ...m2m]) {
    const list = relationships.get(rel.table) ?? []
    list.push(rel)
    relationships.set(rel.table, list)
  }
  // A computed relationship named like a detected one takes its place (PostgREST lets users override).
  for (const rel of computed) {
    const list = (relationships.get(rel.table) ?? []).filter(
      (other) => other.kind === 'computed' || nameOf(other.foreign) !== rel.fn,
    )
    list.push(rel)
    relationships.set(rel.table, list)
  }
  // A stable order (PostgREST sorts too), so ambiguity errors list candidates the same way every time.
  const sortKey = (rel: Relationship) =>
    `${rel.foreign}\u0000${rel.kind === 'fk' ? rel.constraint : rel.kind === 'm2m' ? rel.junction : rel.fn}`
  for (const list of relationships.values())
    list.sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : sortKey(a) > sortKey(b) ? 1 : 0))
  return { relationships, computedFields }
}
