import { describe, expect, it } from 'vitest'
import type { PgType } from './catalog.js'
import { helperTypes } from './helper-types.js'
import { createTsType, key, quote } from './ts-type.js'

const type = (oid: number, name: string, fields: Partial<PgType> = {}): [number, PgType] => [
  oid,
  { oid, name, schema: 'pg_catalog', type: 'b', category: 'S', elem: 0, base: 0, ...fields },
]

describe('createTsType', () => {
  const types = new Map<number, PgType>([
    type(16, 'bool'),
    type(20, 'int8'),
    type(25, 'text'),
    type(3802, 'jsonb'),
    type(1009, '_text', { category: 'A', elem: 25 }),
    type(9000, 'ticket_status', { schema: 'public', type: 'e' }),
    type(9001, 'email', { schema: 'public', type: 'd', base: 25 }),
  ])
  const tsType = createTsType(types, new Map([['ticket_status', ['open', 'closed']]]), 'public')

  it('maps base types, arrays and domains', () => {
    expect([16, 20, 25, 3802, 1009, 9001].map(tsType)).toEqual([
      'boolean',
      'number',
      'string',
      'Json',
      'string[]',
      'string',
    ])
    expect(tsType(1)).toBe('unknown')
  })

  it("refers to the schema's own enums by name", () => {
    expect(tsType(9000)).toBe("Database['public']['Enums']['ticket_status']")
  })
})

describe('quoting', () => {
  it('leaves identifiers bare and quotes anything else', () => {
    expect(key('created_at')).toBe('created_at')
    expect(key('needs-quote')).toBe("'needs-quote'")
    expect(quote("it's")).toBe("'it\\'s'")
  })
})

describe('helperTypes', () => {
  it('writes TablesInsert and TablesUpdate alike but for the part they pick', () => {
    const text = helperTypes("'public'")
    const insert = text.slice(
      text.indexOf('export type TablesInsert'),
      text.indexOf('export type TablesUpdate'),
    )
    const update = text.slice(text.indexOf('export type TablesUpdate'), text.indexOf('export type Enums'))
    expect(update).toBe(
      insert
        .replaceAll('TablesInsert', 'TablesUpdate')
        .replaceAll('Insert: infer I', 'Update: infer U')
        .replaceAll('? I\n', '? U\n'),
    )
    expect(text).toContain("type DefaultSchema = DatabaseWithoutInternals['public']")
  })
})
