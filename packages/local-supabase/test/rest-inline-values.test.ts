import fc from 'fast-check'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inlineValues, quoteIdent } from '../src/rest/sql-text.js'
import { urls } from './helpers.js'

// The REST API sends a request's first statement in the same round trip as its transaction's start,
// with the values written into the text (src/rest/context.ts). Whatever the values and the names a
// request brings, the statement must mean what it meant with `$n` parameters: same rows, same error.

let db: pg.Client
beforeAll(async () => {
  db = new pg.Client({ connectionString: urls.db })
  await db.connect()
})
afterAll(() => db.end())

/** The rows, or the error's SQLSTATE: what a client of the API would be told. */
async function outcome(text: string, values?: unknown[]) {
  try {
    return { rows: (await db.query({ text, values, rowMode: 'array' })).rows }
  } catch (error) {
    return { error: (error as { code?: string }).code }
  }
}

const tricky = fc.constantFrom(
  "'",
  "''",
  '"',
  '""',
  '\\',
  "\\'",
  "E'",
  '$1',
  '$2',
  'a$1',
  '$$',
  '--',
  '/*',
  ';',
  '🙂',
)
// No NUL: query text cannot carry one either way (the last test is about values that hold one).
const text = fc
  .oneof(
    tricky,
    fc.string({ unit: 'grapheme', maxLength: 12 }),
    fc.array(tricky, { maxLength: 6 }).map((parts) => parts.join('')),
  )
  .filter((t) => !t.includes('\0'))
const value = fc.oneof(
  text.map((v) => ({ v, type: 'text' })),
  fc.integer().map((v) => ({ v, type: 'bigint' })),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((v) => ({ v, type: 'float8' })),
  fc.boolean().map((v) => ({ v, type: 'boolean' })),
  fc.constant({ v: null, type: 'text' }),
  fc.uint8Array({ maxLength: 8 }).map((v) => ({ v: Buffer.from(v), type: 'bytea' })),
)

describe('inlineValues', () => {
  it('means what the parameters meant, whatever the values, names and literals around them', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ value, name: text, literal: text }), { minLength: 1, maxLength: 4 }),
        async (columns) => {
          // As the builders write it: quoted names (aliases come from the request), literals from
          // pg.escapeLiteral (JSON keys), each value a parameter, sometimes without a cast (bytes
          // always have one: node-postgres sends a Buffer as binary).
          const list = columns.map(({ value: { type }, name, literal }, i) => {
            const param = i % 2 === 0 || type === 'bytea' ? `$${i + 1}::${type}` : `$${i + 1}`
            return `${param} as ${quoteIdent(`${name}$${i + 1}`)}, ${pg.escapeLiteral(literal)} as "lit$${i + 1}"`
          })
          const sql = `select ${list.join(', ')}`
          const values = columns.map((c) => c.value.v)
          const inlined = inlineValues(sql, values)
          expect(inlined).toBeDefined()
          expect(await outcome(inlined as string)).toEqual(await outcome(sql, values))
        },
      ),
      { numRuns: 300 },
    )
  })

  it('a parameter inside a quoted name or literal, or ending a bare name, stays text', () => {
    expect(inlineValues(`select $1 as "x$1", '$1' as y, a$1 from t where b = $2`, ['one', 2])).toBe(
      `select 'one' as "x$1", '$1' as y, a$1 from t where b = '2'`,
    )
    expect(inlineValues(`select 'it''s $1', "a""$1", $1`, ["o'k"])).toBe(`select 'it''s $1', "a""$1", 'o''k'`)
  })

  it('leaves to parameters what a literal cannot say: a NUL byte, or a value of another kind', () => {
    expect(inlineValues('select $1', ['a\0b'])).toBeUndefined()
    expect(inlineValues('select $1', [{ a: 1 }])).toBeUndefined()
    expect(inlineValues('select $2', ['only one'])).toBeUndefined()
  })
})
