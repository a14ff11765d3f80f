import type pg from 'pg'
import { type DbSettings, loadDbSettings } from './db-settings.js'
import { type ComputedField, loadRelationships, type Relationship } from './relationships.js'

export interface Column {
  name: string
  type: string
  nullable: boolean
  hasDefault: boolean
  /** The default's SQL (`missing=default` inserts it for keys a row leaves out). */
  defaultSql: string | null
}

export interface Relation {
  schema: string
  name: string
  /** `type`: a composite type, known for the functions that return it, not served as a resource. */
  kind: 'table' | 'view' | 'type'
  columns: Map<string, Column>
  primaryKey: string[]
  uniqueSets: string[][]
}

export interface ForeignKey {
  name: string
  fromSchema: string
  fromTable: string
  fromColumns: string[]
  toSchema: string
  toTable: string
  toColumns: string[]
}

export interface RoutineArg {
  name: string
  type: string
  hasDefault: boolean
}

export interface Routine {
  schema: string
  name: string
  args: RoutineArg[]
  returnType: string
  returnTypeSchema: string
  returnsSet: boolean
  returnsComposite: boolean
  returnsVoid: boolean
  /** The columns of `RETURNS TABLE (...)` or OUT parameters: the rows' shape when the type is `record`. */
  outColumns: Column[]
  volatility: 'i' | 's' | 'v'
}

export interface SchemaCache {
  relations: Map<string, Relation>
  foreignKeys: ForeignKey[]
  routines: Map<string, Routine[]>
  typeNames: Set<string>
  roleTimeouts: Map<string, string>
  settings: DbSettings
  /** Embeddable relationships by the relKey of the table they start from. */
  relationships: Map<string, Relationship[]>
  /** Functions of a row returning a value, by relKey, then name: selectable like columns. */
  computedFields: Map<string, Map<string, ComputedField>>
  loadedAt: number
}

export const relKey = (schema: string, name: string) => `${schema}.${name}`

/** What PostgREST's schema cache knows, read straight from the catalogs. */
export async function loadSchemaCache(db: pg.ClientBase, schemas: string[]): Promise<SchemaCache> {
  const relations = new Map<string, Relation>()
  const cols = await db.query<{
    schema: string
    table: string
    relkind: string
    column: string
    type: string
    nullable: boolean
    has_default: boolean
    default_sql: string | null
  }>(
    `select n.nspname as schema, c.relname as table, c.relkind, a.attname as column,
            format_type(a.atttypid, a.atttypmod) as type, not a.attnotnull as nullable,
            (a.atthasdef or a.attidentity <> '' or a.attgenerated <> '') as has_default,
            case when a.attidentity <> '' then format('nextval(%L::regclass)', pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname))
                 when a.attgenerated = '' then pg_get_expr(d.adbin, d.adrelid) end as default_sql
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
       left join pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
      where n.nspname = any($1) and c.relkind in ('r', 'v', 'm', 'p', 'f', 'c')
      order by n.nspname, c.relname, a.attnum`,
    [schemas],
  )
  for (const row of cols.rows) {
    const key = relKey(row.schema, row.table)
    let rel = relations.get(key)
    if (!rel) {
      rel = {
        schema: row.schema,
        name: row.table,
        kind: row.relkind === 'r' || row.relkind === 'p' ? 'table' : row.relkind === 'c' ? 'type' : 'view',
        columns: new Map(),
        primaryKey: [],
        uniqueSets: [],
      }
      relations.set(key, rel)
    }
    rel.columns.set(row.column, {
      name: row.column,
      type: row.type,
      nullable: row.nullable,
      hasDefault: row.has_default,
      defaultSql: row.default_sql,
    })
  }
  const keys = await db.query<{ schema: string; table: string; primary: boolean; columns: string[] }>(
    `select n.nspname as schema, c.relname as table, i.indisprimary as primary,
            array(select a.attname from unnest(i.indkey) with ordinality k(attnum, ord)
                  join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum order by k.ord)::text[] as columns
       from pg_index i join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = any($1) and i.indisunique and i.indpred is null`,
    [schemas],
  )
  for (const row of keys.rows) {
    const rel = relations.get(relKey(row.schema, row.table))
    if (!rel) continue
    rel.uniqueSets.push(row.columns)
    if (row.primary) rel.primaryKey = row.columns
  }
  const fks = await db.query<{
    name: string
    from_schema: string
    from_table: string
    from_columns: string[]
    to_schema: string
    to_table: string
    to_columns: string[]
  }>(
    `select con.conname as name, fn.nspname as from_schema, fc.relname as from_table,
            array(select a.attname from unnest(con.conkey) with ordinality k(attnum, ord)
                  join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum order by k.ord)::text[] as from_columns,
            tn.nspname as to_schema, tc.relname as to_table,
            array(select a.attname from unnest(con.confkey) with ordinality k(attnum, ord)
                  join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum order by k.ord)::text[] as to_columns
       from pg_constraint con
       join pg_class fc on fc.oid = con.conrelid join pg_namespace fn on fn.oid = fc.relnamespace
       join pg_class tc on tc.oid = con.confrelid join pg_namespace tn on tn.oid = tc.relnamespace
      where con.contype = 'f' and (fn.nspname = any($1) or tn.nspname = any($1))`,
    [schemas],
  )
  const foreignKeys: ForeignKey[] = fks.rows.map((row) => ({
    name: row.name,
    fromSchema: row.from_schema,
    fromTable: row.from_table,
    fromColumns: row.from_columns,
    toSchema: row.to_schema,
    toTable: row.to_table,
    toColumns: row.to_columns,
  }))
  const routines = new Map<string, Routine[]>()
  const fns = await db.query<{
    schema: string
    name: string
    arg_names: string[] | null
    arg_types: string[]
    arg_modes: string[] | null
    n_defaults: number
    return_type: string
    return_type_schema: string
    returns_set: boolean
    returns_composite: boolean
    volatility: 'i' | 's' | 'v'
  }>(
    `select n.nspname as schema, p.proname as name, p.proargnames as arg_names,
            array(select format_type(t, null) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) t)::text[] as arg_types,
            p.proargmodes::text[] as arg_modes, p.pronargdefaults as n_defaults,
            format_type(p.prorettype, null) as return_type, tn.nspname as return_type_schema,
            p.proretset as returns_set, (t.typtype = 'c' or t.typname = 'record') as returns_composite, p.provolatile as volatility
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       join pg_type t on t.oid = p.prorettype join pg_namespace tn on tn.oid = t.typnamespace
      where n.nspname = any($1) and p.prokind = 'f'`,
    [schemas],
  )
  for (const row of fns.rows) {
    const inputs: RoutineArg[] = []
    const outColumns: Column[] = []
    row.arg_types.forEach((type, i) => {
      const mode = row.arg_modes?.[i] ?? 'i'
      const name = row.arg_names?.[i] ?? ''
      if (mode === 'i' || mode === 'b' || mode === 'v') inputs.push({ name, type, hasDefault: false })
      if (mode === 'o' || mode === 'b' || mode === 't')
        outColumns.push({ name, type, nullable: true, hasDefault: false, defaultSql: null })
    })
    for (let i = inputs.length - row.n_defaults; i < inputs.length; i++) {
      const arg = inputs[i]
      if (arg) arg.hasDefault = true
    }
    // PostgREST can call a function with unnamed parameters only when that is its one parameter
    // and of a type a whole body can be (json, jsonb, text, xml, bytea): the others are not listed.
    const unnamed = inputs.filter((arg) => arg.name === '')
    if (unnamed.length > 1) continue
    if (unnamed.length === 1 && !['bytea', 'json', 'jsonb', 'text', 'xml'].includes(unnamed[0]?.type ?? ''))
      continue
    const key = relKey(row.schema, row.name)
    const list = routines.get(key) ?? []
    list.push({
      schema: row.schema,
      name: row.name,
      args: inputs,
      returnType: row.return_type,
      returnTypeSchema: row.return_type_schema,
      returnsSet: row.returns_set,
      returnsComposite: row.returns_composite,
      returnsVoid: row.return_type === 'void',
      outColumns,
      volatility: row.volatility,
    })
    routines.set(key, list)
  }
  const types = await db.query<{ typname: string }>(
    `select distinct typname from pg_type where typtype in ('b', 'e', 'd', 'r', 'm') and typname !~ '^_' union select 'json' union select 'text'`,
  )
  const roles = await db.query<{ rolname: string; timeout: string | null }>(
    `select r.rolname, (select split_part(c, '=', 2) from unnest(s.setconfig) c where c like 'statement_timeout=%') as timeout
       from pg_roles r left join pg_db_role_setting s on s.setrole = r.oid and s.setdatabase = 0`,
  )
  const roleTimeouts = new Map<string, string>()
  for (const row of roles.rows) if (row.timeout) roleTimeouts.set(row.rolname, row.timeout)
  return {
    relations,
    foreignKeys,
    routines,
    typeNames: new Set(types.rows.map((row) => row.typname)),
    roleTimeouts,
    settings: await loadDbSettings(db),
    ...(await loadRelationships(db, schemas, relations, foreignKeys)),
    loadedAt: Date.now(),
  }
}
