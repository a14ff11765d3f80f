/*
 * Checks a postgres_changes binding at join time, as hosted's `subscription_check_filters`
 * does: the table must be in `supabase_realtime`, each filter column SELECT-able by the role,
 * and each filter value must cast to the column's type.
 */
import pg from 'pg'
import { type Binding, unableToSubscribe } from './filters.js'

export async function checkBinding(
  pool: pg.Pool,
  binding: Binding,
  role: string,
): Promise<string | undefined> {
  if (binding.parseError) return binding.parseError
  const published = await pool.query<{ oid: number }>(
    `select c.oid from pg_publication_tables p
       join pg_class c on c.relname = p.tablename
       join pg_namespace n on n.oid = c.relnamespace and n.nspname = p.schemaname
      where p.pubname = 'supabase_realtime' and ($1 = '*' or p.schemaname = $1) and ($2::text is null or p.tablename = $2)`,
    [binding.schema, binding.table ?? null],
  )
  const relation = published.rows[0]
  if (!relation) return unableToSubscribe(binding)
  if (binding.filters.length === 0) return undefined
  if (!binding.table) return unableToSubscribe(binding, 'filters need a table')
  const client = await pool.connect()
  try {
    for (const filter of binding.filters) {
      const column = await client.query<{ type: string; selectable: boolean }>(
        `select format_type(a.atttypid, null) as type,
                exists(select 1 from pg_roles where rolname = $3) and has_column_privilege($3, a.attrelid, a.attnum, 'SELECT') as selectable
           from pg_attribute a where a.attrelid = $1 and a.attname = $2 and a.attnum > 0 and not a.attisdropped`,
        [relation.oid, filter.column, role],
      )
      const found = column.rows[0]
      if (!found?.selectable) {
        return unableToSubscribe(
          binding,
          `ERROR P0001 (raise_exception) invalid column for filter ${filter.column}`,
        )
      }
      for (const value of filter.values) {
        try {
          await client.query(`select ${pg.escapeLiteral(value)}::text::${found.type}`)
        } catch (error) {
          const code = (error as { code?: string }).code ?? 'XX000'
          return unableToSubscribe(binding, `ERROR ${code} ${(error as Error).message}`)
        }
      }
    }
    return undefined
  } finally {
    client.release()
  }
}
