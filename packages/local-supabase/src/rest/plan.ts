/* `Accept: application/vnd.pgrst.plan`: the statement's EXPLAIN instead of its rows (PostgREST's db-plan-enabled). */
import type { Tx } from './context.js'
import type { Media } from './media.js'
import type { Reply } from './reply.js'

export async function explainReply(
  client: Tx,
  sql: string,
  values: unknown[],
  media: Media & { plan: NonNullable<Media['plan']> },
): Promise<Reply> {
  const options = [`format ${media.plan.format}`, ...media.plan.options].join(', ')
  const { rows } = await client.query<{ 'QUERY PLAN': unknown }>(`explain (${options}) ${sql}`, values)
  const body =
    media.plan.format === 'json'
      ? JSON.stringify(rows[0]?.['QUERY PLAN'] ?? [])
      : rows.map((row) => String(row['QUERY PLAN'])).join('\n')
  return { status: 200, body, headers: { 'Content-Type': media.contentType } }
}
