/* What gen-types reads from the PostgreSQL catalogs for one schema; every list is sorted. */
import type pg from 'pg'

export interface PgType {
  oid: number
  name: string
  schema: string
  type: string // typtype: b base, e enum, d domain, c composite, p pseudo
  category: string
  elem: number
  base: number
}

export interface ColumnRow {
  relname: string
  relkind: string
  name: string
  type_oid: number
  nullable: boolean
  has_default: boolean
  identity: string
  generated: string
  updatable: boolean
}

export interface FunctionRow {
  name: string
  returns_set: boolean
  return_oid: number
  arg_names: string[] | null
  arg_modes: string[] | null
  all_arg_types: number[] | null
  in_arg_types: number[]
  n_defaults: number
}

export interface RelationshipRow {
  name: string
  relname: string
  columns: string[]
  referenced: string
  referenced_columns: string[]
  one_to_one: boolean
}

export interface Catalog {
  types: Map<number, PgType>
  /** Enum name → its labels in sort order. */
  enums: Map<string, string[]>
  columns: ColumnRow[]
  functions: FunctionRow[]
  relationships: RelationshipRow[]
}

export async function readCatalog(db: pg.ClientBase, schema: string): Promise<Catalog> {
  const types = new Map<number, PgType>()
  for (const row of (
    await db.query<PgType>(
      `select t.oid::int as oid, t.typname as name, n.nspname as schema, t.typtype as type,
         t.typcategory as category, t.typelem::int as elem, t.typbasetype::int as base
       from pg_type t join pg_namespace n on n.oid = t.typnamespace`,
    )
  ).rows)
    types.set(row.oid, row)

  const enumRows = (
    await db.query<{ name: string; value: string }>(
      `select t.typname as name, e.enumlabel as value
       from pg_enum e join pg_type t on t.oid = e.enumtypid join pg_namespace n on n.oid = t.typnamespace
       where n.nspname = $1 order by t.typname, e.enumsortorder`,
      [schema],
    )
  ).rows
  const enums = new Map<string, string[]>()
  for (const { name, value } of enumRows) enums.set(name, [...(enums.get(name) ?? []), value])

  const columns = (
    await db.query<ColumnRow>(
      `select c.relname, c.relkind, a.attname as name, a.atttypid::int as type_oid,
         not a.attnotnull as nullable, a.atthasdef as has_default, a.attidentity as identity,
         a.attgenerated as generated,
         c.relkind in ('r', 'p') or pg_relation_is_updatable(c.oid, false) & 4 = 4 as updatable
       from pg_attribute a
       join pg_class c on c.oid = a.attrelid
       join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm', 'f') and a.attnum > 0 and not a.attisdropped
       order by c.relname, a.attname`,
      [schema],
    )
  ).rows

  const functions = (
    await db.query<FunctionRow>(
      `select p.proname as name, p.proretset as returns_set, p.prorettype::int as return_oid,
         p.proargnames as arg_names, p.proargmodes::text[] as arg_modes,
         p.proallargtypes::int[] as all_arg_types, p.proargtypes::int[] as in_arg_types,
         p.pronargdefaults as n_defaults
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = $1 and p.prokind = 'f'
         and p.prorettype not in ('trigger'::regtype, 'event_trigger'::regtype)
         and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
       order by p.proname, p.oid`,
      [schema],
    )
  ).rows

  const relationships = (
    await db.query<RelationshipRow>(
      `select con.conname as name, c.relname,
         array(select a.attname from unnest(con.conkey) with ordinality k(n, o)
               join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n order by k.o)::text[] as columns,
         rc.relname as referenced,
         array(select a.attname from unnest(con.confkey) with ordinality k(n, o)
               join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.n order by k.o)::text[] as referenced_columns,
         exists (select 1 from pg_constraint u where u.conrelid = con.conrelid and u.contype in ('p', 'u')
                 and u.conkey::int[] @> con.conkey::int[] and u.conkey::int[] <@ con.conkey::int[]) as one_to_one
       from pg_constraint con
       join pg_class c on c.oid = con.conrelid join pg_namespace n on n.oid = c.relnamespace
       join pg_class rc on rc.oid = con.confrelid join pg_namespace rn on rn.oid = rc.relnamespace
       where con.contype = 'f' and n.nspname = $1 and rn.nspname = $1
       order by c.relname, con.conname`,
      [schema],
    )
  ).rows

  return { types, enums, columns, functions, relationships }
}
