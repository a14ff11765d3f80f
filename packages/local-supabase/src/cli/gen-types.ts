/*
 * `supabase gen types typescript`, offline: reads the catalog of a schema and prints a `Database`
 * type in the shape postgres-meta emits, so `createClient<Database>()` types rows, inserts,
 * updates, embeds (Relationships), RPC arguments and enums. Deterministic: everything is sorted.
 * The catalog query is in gen-types/catalog.ts, type mapping in gen-types/ts-type.ts.
 */
import pg from 'pg'
import { type Catalog, type ColumnRow, type FunctionRow, readCatalog } from './gen-types/catalog.js'
import { helperTypes } from './gen-types/helper-types.js'
import { createTsType, key, quote } from './gen-types/ts-type.js'
import { Writer } from './gen-types/writer.js'

type TsType = (oid: number) => string

function writeRelationships(w: Writer, catalog: Catalog, relname: string): void {
  const list = catalog.relationships.filter((r) => r.relname === relname)
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

function writeRelation(
  w: Writer,
  catalog: Catalog,
  tsType: TsType,
  name: string,
  cols: ColumnRow[],
  writable: boolean,
) {
  const nullable = (c: ColumnRow) => `${tsType(c.type_oid)}${c.nullable ? ' | null' : ''}`
  // Generated and always-identity columns cannot be written.
  const readOnly = (c: ColumnRow) => c.generated || c.identity === 'a'
  w.open(`${key(name)}: {`)
  w.open('Row: {')
  for (const c of cols) w.line(`${key(c.name)}: ${nullable(c)}`)
  w.close()
  if (writable) {
    w.open('Insert: {')
    for (const c of cols) {
      const optional = c.nullable || c.has_default || c.identity !== ''
      w.line(readOnly(c) ? `${key(c.name)}?: never` : `${key(c.name)}${optional ? '?' : ''}: ${nullable(c)}`)
    }
    w.close()
    w.open('Update: {')
    for (const c of cols) w.line(readOnly(c) ? `${key(c.name)}?: never` : `${key(c.name)}?: ${nullable(c)}`)
    w.close()
  }
  writeRelationships(w, catalog, name)
  w.close()
}

function writeRelations(w: Writer, catalog: Catalog, tsType: TsType): void {
  const relations = new Map<string, { kind: string; columns: ColumnRow[] }>()
  for (const column of catalog.columns) {
    const entry = relations.get(column.relname) ?? { kind: column.relkind, columns: [] }
    entry.columns.push(column)
    relations.set(column.relname, entry)
  }
  const isTable = (kind: string) => kind === 'r' || kind === 'p'
  const groups: [string, boolean][] = [
    ['Tables', false],
    ['Views', true],
  ]
  for (const [title, view] of groups) {
    const entries = [...relations].filter(([, r]) => isTable(r.kind) !== view)
    if (entries.length === 0) {
      w.emptyGroup(title)
      continue
    }
    w.open(`${title}: {`)
    for (const [name, r] of entries) {
      writeRelation(w, catalog, tsType, name, r.columns, !view || r.columns.some((c) => c.updatable))
    }
    w.close()
  }
}

/** One overload's `Args` and `Returns`, from its argument modes (in, out, inout, variadic, table). */
function signature(f: FunctionRow, tsType: TsType): { argsText: string; returns: string } {
  const allTypes = f.all_arg_types ?? f.in_arg_types
  const modes = f.arg_modes ?? allTypes.map(() => 'i')
  const names = f.arg_names ?? []
  const inputs: { name: string; type: string }[] = []
  const outputs: { name: string; type: string }[] = []
  allTypes.forEach((oid, i) => {
    const mode = modes[i] ?? 'i'
    const argName = names[i] ?? ''
    if (mode === 'i' || mode === 'b' || mode === 'v') inputs.push({ name: argName, type: tsType(oid) })
    if (mode === 'o' || mode === 'b' || mode === 't') outputs.push({ name: argName, type: tsType(oid) })
  })
  const firstDefault = inputs.length - f.n_defaults
  const args = inputs.filter((a) => a.name)
  const argsText =
    args.length === 0
      ? 'never'
      : `{ ${args.map((a) => `${key(a.name)}${inputs.indexOf(a) >= firstDefault ? '?' : ''}: ${a.type}`).join('; ')} }`
  let returns: string
  if (modes.includes('t') || outputs.length > 1) {
    returns = `{ ${outputs.map((o) => `${key(o.name)}: ${o.type}`).join('; ')} }`
    if (f.returns_set || modes.includes('t')) returns = `${returns}[]`
  } else {
    returns = tsType(f.return_oid)
    if (f.returns_set) returns = `${returns}[]`
  }
  return { argsText, returns }
}

function writeFunctions(w: Writer, catalog: Catalog, tsType: TsType): void {
  const fnGroups = new Map<string, FunctionRow[]>()
  for (const f of catalog.functions) fnGroups.set(f.name, [...(fnGroups.get(f.name) ?? []), f])
  if (fnGroups.size === 0) {
    w.emptyGroup('Functions')
    return
  }
  w.open('Functions: {')
  for (const [name, overloads] of fnGroups) {
    const signatures = overloads.map((f) => signature(f, tsType))
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

export function printTypes(catalog: Catalog, schema: string): string {
  const { enums } = catalog
  const tsType = createTsType(catalog.types, enums, schema)
  const w = new Writer()
  w.line('// Generated by `local-supabase gen-types` from the database: do not edit.')
  w.line('// Regenerate with `npm run gen:types -w @siyakha/supabase` after changing a migration.')
  w.line()
  w.line('export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[]')
  w.line()
  w.open('export type Database = {')
  w.open('__InternalSupabase: {')
  w.line("PostgrestVersion: '12'")
  w.close()
  w.open(`${key(schema)}: {`)
  writeRelations(w, catalog, tsType)
  writeFunctions(w, catalog, tsType)
  if (enums.size === 0) w.emptyGroup('Enums')
  else {
    w.open('Enums: {')
    for (const [name, values] of enums) w.line(`${key(name)}: ${values.map(quote).join(' | ')}`)
    w.close()
  }
  w.emptyGroup('CompositeTypes')
  w.close()
  w.close()
  w.line()
  w.line(helperTypes(quote(schema)).trimEnd())
  w.line()
  w.open('export const Constants = {')
  w.open(`${key(schema)}: {`)
  w.open('Enums: {')
  for (const [name, values] of enums) w.line(`${key(name)}: [${values.map(quote).join(', ')}],`)
  w.close('},')
  w.close('},')
  w.close('} as const')
  return w.toString()
}

export async function generateTypes(options: { url: string; schema?: string }): Promise<string> {
  const schema = options.schema ?? 'public'
  const db = new pg.Client({ connectionString: options.url })
  await db.connect()
  try {
    return printTypes(await readCatalog(db, schema), schema)
  } finally {
    await db.end()
  }
}
