import pg from 'pg'

/* Identifiers in generated SQL: always quoted, so request text can name but never inject. */
export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`

/**
 * A value as the SQL literal that means what it meant as a `$n` parameter sent as text: quoted, so
 * it stays of unknown type until its context or cast decides (a bare `5` would be an integer).
 * Undefined for what it cannot say exactly: a string with a NUL byte (a parameter is refused with
 * 22021; in query text the NUL would end the text) or a type the builders never pass.
 */
function literal(value: unknown): string | undefined {
  if (value === null || value === undefined) return 'null'
  if (typeof value === 'string') return value.includes('\0') ? undefined : pg.escapeLiteral(value)
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean')
    return `'${String(value)}'`
  // node-postgres sends a Buffer as binary; bytea's text input takes the same bytes as hex.
  if (Buffer.isBuffer(value)) return pg.escapeLiteral(`\\x${value.toString('hex')}`)
  return undefined
}

const IDENTIFIER_CHAR = /[A-Za-z0-9_$\u0080-\uffff]/

/**
 * `sql` with its `$n` parameters replaced by `values` as literals, for a simple query that carries
 * several statements (which cannot take parameters); undefined when a value has no exact literal.
 *
 * Only for SQL these builders generate: identifiers in double quotes, literals from
 * pg.escapeLiteral (backslashes doubled, so a quote is only ever escaped by doubling it), no
 * dollar quotes or comments. `$n` inside a quoted identifier or literal, or ending an unquoted
 * identifier (`a$1`), is text, as PostgreSQL's lexer reads it.
 */
export function inlineValues(sql: string, values: readonly unknown[]): string | undefined {
  const literals: string[] = []
  for (const value of values) {
    const text = literal(value)
    if (text === undefined) return undefined
    literals.push(text)
  }
  let out = ''
  let copied = 0
  let i = 0
  while (i < sql.length) {
    const c = sql[i] as string
    if (c === "'" || c === '"') {
      i++
      while (i < sql.length) {
        if (sql[i] === c) {
          if (sql[i + 1] !== c) break
          i++
        }
        i++
      }
      i++
    } else if (c === '$' && /[0-9]/.test(sql[i + 1] ?? '') && !IDENTIFIER_CHAR.test(sql[i - 1] ?? ' ')) {
      let end = i + 1
      while (/[0-9]/.test(sql[end] ?? '')) end++
      const text = literals[Number(sql.slice(i + 1, end)) - 1]
      if (text === undefined) return undefined
      out += `${sql.slice(copied, i)}${text}`
      copied = end
      i = end
    } else i++
  }
  return out + sql.slice(copied)
}
