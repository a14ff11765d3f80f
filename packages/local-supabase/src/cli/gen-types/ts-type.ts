/* PostgreSQL types as the TypeScript types postgres-meta prints for them. */
import type { PgType } from './catalog.js'

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

/** A single-quoted TypeScript string literal. */
export const quote = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`
/** An object key: bare when it is an identifier, else quoted. */
export const key = (name: string) => (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : quote(name))

/** Maps a type oid to TypeScript; the schema's own enums refer to `Database[schema]['Enums']`. */
export function createTsType(types: Map<number, PgType>, enums: Map<string, string[]>, schema: string) {
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
  return tsType
}
