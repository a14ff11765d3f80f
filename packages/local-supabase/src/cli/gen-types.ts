import pg from 'pg'

/**
 * `supabase gen types typescript`, offline: reads the catalog of a schema and prints a `Database`
 * type in the shape postgres-meta emits, so `createClient<Database>()` types rows, inserts,
 * updates, embeds (Relationships), RPC arguments and enums. Deterministic: everything is sorted.
 */

interface PgType {
  oid: number
  name: string
  schema: string
  type: string // typtype: b base, e enum, d domain, c composite, p pseudo
  category: string
  elem: number
  base: number
}

interface ColumnRow {
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

interface FunctionRow {
  name: string
  returns_set: boolean
  return_oid: number
  arg_names: string[] | null
  arg_modes: string[] | null
  all_arg_types: number[] | null
  in_arg_types: number[]
  n_defaults: number
}

interface RelationshipRow {
  name: string
  relname: string
  columns: string[]
  referenced: string
  referenced_columns: string[]
  one_to_one: boolean
}

const NUMBER = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid'])
const STRING = new Set([
  'bpchar',
  'bytea',
  'char',
  'cidr',
  'citext',
  'date',
  'inet',
  'interval',
  'macaddr',
  'macaddr8',
  'money',
  'name',
  'text',
  'time',
  'timestamp',
  'timestamptz',
  'timetz',
  'tsquery',
  'tsvector',
  'uuid',
  'varchar',
  'xml',
])

const quote = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`
const key = (name: string) => (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : quote(name))

class Writer {
  private lines: string[] = []
  private depth = 0
  line(text = ''): this {
    this.lines.push(text ? `${'  '.repeat(this.depth)}${text}` : '')
    return this
  }
  open(text: string): this {
    this.line(text)
    this.depth++
    return this
  }
  dedent(): this {
    this.depth--
    return this
  }
  close(text = '}'): this {
    this.depth--
    return this.line(text)
  }
  toString(): string {
    return `${this.lines.join('\n')}\n`
  }
}

export async function generateTypes(options: { url: string; schema?: string }): Promise<string> {
  const schema = options.schema ?? 'public'
  const db = new pg.Client({ connectionString: options.url })
  await db.connect()
  try {
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

    const tsType = (oid: number): string => {
      const t = types.get(oid)
      if (!t) return 'unknown'
      if (t.type === 'd') return tsType(t.base)
      if (t.type === 'e') {
        return t.schema === schema && enums.has(t.name)
          ? `Database[${quote(schema)}]['Enums'][${quote(t.name)}]`
          : 'string'
      }
      if (t.category === 'A' && t.elem) return `${tsType(t.elem)}[]`
      if (t.name === 'bool') return 'boolean'
      if (NUMBER.has(t.name)) return 'number'
      if (STRING.has(t.name)) return 'string'
      if (t.name === 'json' || t.name === 'jsonb') return 'Json'
      if (t.name === 'void') return 'undefined'
      if (t.name === 'record') return 'Record<string, unknown>'
      return 'unknown'
    }

    const relations = new Map<string, { kind: string; columns: ColumnRow[] }>()
    for (const column of columns) {
      const entry = relations.get(column.relname) ?? { kind: column.relkind, columns: [] }
      entry.columns.push(column)
      relations.set(column.relname, entry)
    }
    const tables = [...relations].filter(([, r]) => r.kind === 'r' || r.kind === 'p')
    const views = [...relations].filter(([, r]) => !(r.kind === 'r' || r.kind === 'p'))

    const w = new Writer()
    w.line('// Generated by `local-supabase gen-types` from the database: do not edit.')
    w.line('// Regenerate with `npm run gen:types -w @siyakha/supabase` after changing a migration.')
    w.line()
    w.line(
      'export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[]',
    )
    w.line()
    w.open('export type Database = {')
    w.open('__InternalSupabase: {')
    w.line("PostgrestVersion: '12'")
    w.close()
    w.open(`${key(schema)}: {`)

    const writeRelationships = (relname: string) => {
      const list = relationships.filter((r) => r.relname === relname)
      if (list.length === 0) {
        w.line('Relationships: []')
        return
      }
      w.open('Relationships: [')
      for (const r of list) {
        w.open('{')
        w.line(`foreignKeyName: ${quote(r.name)}`)
        w.line(`columns: [${r.columns.map(quote).join(', ')}]`)
        w.line(`isOneToOne: ${r.one_to_one}`)
        w.line(`referencedRelation: ${quote(r.referenced)}`)
        w.line(`referencedColumns: [${r.referenced_columns.map(quote).join(', ')}]`)
        w.close('},')
      }
      w.close(']')
    }

    const writeRelation = (name: string, cols: ColumnRow[], writable: boolean) => {
      w.open(`${key(name)}: {`)
      w.open('Row: {')
      for (const c of cols) w.line(`${key(c.name)}: ${tsType(c.type_oid)}${c.nullable ? ' | null' : ''}`)
      w.close()
      if (writable) {
        w.open('Insert: {')
        for (const c of cols) {
          if (c.generated || c.identity === 'a') w.line(`${key(c.name)}?: never`)
          else {
            const optional = c.nullable || c.has_default || c.identity !== ''
            w.line(
              `${key(c.name)}${optional ? '?' : ''}: ${tsType(c.type_oid)}${c.nullable ? ' | null' : ''}`,
            )
          }
        }
        w.close()
        w.open('Update: {')
        for (const c of cols) {
          if (c.generated || c.identity === 'a') w.line(`${key(c.name)}?: never`)
          else w.line(`${key(c.name)}?: ${tsType(c.type_oid)}${c.nullable ? ' | null' : ''}`)
        }
        w.close()
      }
      writeRelationships(name)
      w.close()
    }

    const writeGroup = (title: string, entries: [string, { columns: ColumnRow[] }][], view: boolean) => {
      if (entries.length === 0) {
        w.open(`${title}: {`).line('[_ in never]: never').close()
        return
      }
      w.open(`${title}: {`)
      for (const [name, r] of entries) {
        writeRelation(name, r.columns, !view || r.columns.some((c) => c.updatable))
      }
      w.close()
    }

    writeGroup('Tables', tables, false)
    writeGroup('Views', views, true)

    const fnGroups = new Map<string, FunctionRow[]>()
    for (const f of functions) fnGroups.set(f.name, [...(fnGroups.get(f.name) ?? []), f])
    if (fnGroups.size === 0) w.open('Functions: {').line('[_ in never]: never').close()
    else {
      w.open('Functions: {')
      for (const [name, overloads] of fnGroups) {
        const signatures = overloads.map((f) => {
          const allTypes = f.all_arg_types ?? f.in_arg_types
          const modes = f.arg_modes ?? allTypes.map(() => 'i')
          const names = f.arg_names ?? []
          const inputs: { name: string; type: string }[] = []
          const outputs: { name: string; type: string }[] = []
          allTypes.forEach((oid, i) => {
            const mode = modes[i] ?? 'i'
            const argName = names[i] ?? ''
            if (mode === 'i' || mode === 'b' || mode === 'v')
              inputs.push({ name: argName, type: tsType(oid) })
            if (mode === 'o' || mode === 'b' || mode === 't')
              outputs.push({ name: argName, type: tsType(oid) })
          })
          const firstDefault = inputs.length - f.n_defaults
          const args = inputs.filter((a) => a.name)
          const argsText =
            args.length === 0
              ? 'never'
              : `{ ${args
                  .map((a) => `${key(a.name)}${inputs.indexOf(a) >= firstDefault ? '?' : ''}: ${a.type}`)
                  .join('; ')} }`
          let returns: string
          if (modes.includes('t') || outputs.length > 1) {
            returns = `{ ${outputs.map((o) => `${key(o.name)}: ${o.type}`).join('; ')} }`
            if (f.returns_set || modes.includes('t')) returns = `${returns}[]`
          } else {
            returns = tsType(f.return_oid)
            if (f.returns_set) returns = `${returns}[]`
          }
          return { argsText, returns }
        })
        if (signatures.length === 1) {
          const [s] = signatures as [{ argsText: string; returns: string }]
          w.open(`${key(name)}: {`)
          w.line(`Args: ${s.argsText}`)
          w.line(`Returns: ${s.returns}`)
          w.close()
        } else {
          w.open(`${key(name)}:`)
          for (const s of signatures) w.line(`| { Args: ${s.argsText}; Returns: ${s.returns} }`)
          w.dedent()
        }
      }
      w.close()
    }

    if (enums.size === 0) w.open('Enums: {').line('[_ in never]: never').close()
    else {
      w.open('Enums: {')
      for (const [name, values] of enums) w.line(`${key(name)}: ${values.map(quote).join(' | ')}`)
      w.close()
    }
    w.open('CompositeTypes: {').line('[_ in never]: never').close()
    w.close()
    w.close()
    w.line()
    w.line(HELPERS.replaceAll('__SCHEMA__', quote(schema)).trimEnd())
    w.line()
    w.open('export const Constants = {')
    w.open(`${key(schema)}: {`)
    w.open('Enums: {')
    for (const [name, values] of enums) w.line(`${key(name)}: [${values.map(quote).join(', ')}],`)
    w.close('},')
    w.close('},')
    w.close('} as const')
    return w.toString()
  } finally {
    await db.end()
  }
}

// The helper types `supabase gen types typescript` appends (Tables<'t'>, TablesInsert, TablesUpdate,
// Enums<'e'>, CompositeTypes), for the one schema generated.
const HELPERS = `type DatabaseWithoutInternals = Omit<Database, '__InternalSupabase'>

type DefaultSchema = DatabaseWithoutInternals[__SCHEMA__]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema['Tables'] & DefaultSchema['Views'])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Views'])
    : never = never,
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Views'])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema['Tables'] & DefaultSchema['Views'])
    ? (DefaultSchema['Tables'] & DefaultSchema['Views'])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R
      }
      ? R
      : never
    : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends keyof DefaultSchema['Tables'] | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables']
    : never = never,
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema['Tables']
    ? DefaultSchema['Tables'][DefaultSchemaTableNameOrOptions] extends { Insert: infer I }
      ? I
      : never
    : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends keyof DefaultSchema['Tables'] | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables']
    : never = never,
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema['Tables']
    ? DefaultSchema['Tables'][DefaultSchemaTableNameOrOptions] extends { Update: infer U }
      ? U
      : never
    : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema['Enums'] | { schema: keyof DatabaseWithoutInternals },
  EnumName extends DefaultSchemaEnumNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions['schema']]['Enums']
    : never = never,
> = DefaultSchemaEnumNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions['schema']]['Enums'][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema['Enums']
    ? DefaultSchema['Enums'][DefaultSchemaEnumNameOrOptions]
    : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema['CompositeTypes']
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends PublicCompositeTypeNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions['schema']]['CompositeTypes']
    : never = never,
> = PublicCompositeTypeNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions['schema']]['CompositeTypes'][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema['CompositeTypes']
    ? DefaultSchema['CompositeTypes'][PublicCompositeTypeNameOrOptions]
    : never
`
