/*
 * POST (insert or upsert), PATCH and DELETE on a table: the change runs in a CTE, and the rows it
 * returns are read back through the request's `select` when the caller asked for them.
 */
import pg from 'pg'
import { columnNotFound, quoteIdent } from './builder.js'
import type { RestContext } from './context.js'
import { RestError } from './errors.js'
import { aggregateSql } from './media.js'
import { explainReply } from './plan.js'
import { checkMaxAffected, preferenceApplied } from './prefer.js'
import type { RelationPlan } from './relation.js'
import {
  type AggregateRow,
  contentRange,
  invalidJson,
  isJsonObject,
  jsonReply,
  type Reply,
  readBodyJson,
  singularError,
} from './reply.js'
import type { Relation } from './schema-cache.js'

function checkColumns(rel: Relation, columns: string[]): void {
  for (const column of columns) {
    if (!rel.columns.has(column)) {
      throw new RestError(
        400,
        'PGRST204',
        `Could not find the '${column}' column of '${rel.name}' in the schema cache`,
      )
    }
  }
}

/**
 * Selects nothing, with the shape the read-back expects. The request's filters stay in the
 * (never true) condition: their values are bind parameters, and one the statement does not use is
 * a protocol error.
 */
const noRows = (p: RelationPlan) =>
  `select ${quoteIdent(p.alias)}.*, false as pgrst_inserted from ${p.table} ${quoteIdent(p.alias)} where ${['false', ...p.where].join(' and ')}`

/** `jsonb_build_object('col', <default>, …)` for the given columns that have a default; undefined if none. */
function defaultsObject(rel: Relation, columns: string[]): string | undefined {
  const pairs = columns.flatMap((name) => {
    const sql = rel.columns.get(name)?.defaultSql
    return sql ? [`${pg.escapeLiteral(name)}, ${sql}`] : []
  })
  return pairs.length ? `jsonb_build_object(${pairs.join(', ')})` : undefined
}

function insertColumns(p: RelationPlan, rows: unknown[]): string[] {
  if (p.query.columns) return p.query.columns.split(',').map((c) => c.trim().replace(/^"|"$/g, ''))
  const first = Object.keys(rows[0] ?? {})
  const sameKeys = (r: object) => {
    const keys = Object.keys(r)
    return keys.length === first.length && keys.every((k) => first.includes(k))
  }
  if (!rows.every((r) => sameKeys(r as object)))
    throw new RestError(400, 'PGRST102', 'All object keys must match')
  return first
}

function conflictSql(p: RelationPlan, columns: string[]): string {
  const { rel, prefer, query } = p
  if (!prefer.resolution) return ''
  const targetCols = query.onConflict ? query.onConflict.split(',').map((c) => c.trim()) : rel.primaryKey
  for (const column of targetCols) if (!rel.columns.has(column)) throw columnNotFound(rel.name, column)
  const target = targetCols.map(quoteIdent).join(', ')
  if (prefer.resolution === 'ignore-duplicates') return ` on conflict (${target}) do nothing`
  const updates = columns.map((c) => `${quoteIdent(c)} = excluded.${quoteIdent(c)}`).join(', ')
  return updates ? ` on conflict (${target}) do update set ${updates}` : ` on conflict (${target}) do nothing`
}

function insertSql(p: RelationPlan, body: unknown): string {
  const rows = Array.isArray(body) ? body : [body]
  if (body === undefined || rows.some((r) => !isJsonObject(r))) throw invalidJson()
  const columns = insertColumns(p, rows)
  checkColumns(p.rel, columns)
  const cols = columns.map(quoteIdent).join(', ')
  const target = `${p.table} as ${quoteIdent(p.alias)}`
  // Added only when used: a bind parameter the statement does not use is a protocol error.
  const source = () => {
    const json = p.params.add(JSON.stringify(rows))
    const defaults = p.prefer.missing === 'default' ? defaultsObject(p.rel, columns) : undefined
    // `missing=default`: each row's missing keys take the column's default, evaluated per row
    // (PostgREST merges a jsonb object of defaults under every element).
    return defaults
      ? `jsonb_populate_recordset(null::${p.table}, (select jsonb_agg(${defaults} || pgrst_elem) from jsonb_array_elements(${json}::jsonb) pgrst_elem))`
      : `json_populate_recordset(null::${p.table}, ${json}::json)`
  }
  const conflict = conflictSql(p, columns)
  // An empty array inserts nothing: PostgREST answers 201 with no rows, not a default row.
  if (rows.length === 0) return noRows(p)
  return columns.length
    ? `insert into ${target} (${cols}) select ${cols} from ${source()} pgrst_body${conflict} returning ${quoteIdent(p.alias)}.*, (xmax::text = '0') as pgrst_inserted`
    : `insert into ${target} default values returning ${quoteIdent(p.alias)}.*, true as pgrst_inserted`
}

function updateSql(p: RelationPlan, body: unknown): string {
  if (!body || !isJsonObject(body)) throw invalidJson()
  const columns = Object.keys(body)
  checkColumns(p.rel, columns)
  if (p.where.length === 0) throw new RestError(400, '21000', 'UPDATE requires a WHERE clause')
  if (columns.length === 0) return noRows(p)
  const sets = columns.map((c) => `${quoteIdent(c)} = pgrst_body.${quoteIdent(c)}`).join(', ')
  const json = p.params.add(JSON.stringify(body))
  const defaults = p.prefer.missing === 'default' ? defaultsObject(p.rel, columns) : undefined
  const source = defaults
    ? `jsonb_populate_record(null::${p.table}, ${defaults} || ${json}::jsonb)`
    : `json_populate_record(null::${p.table}, ${json}::json)`
  return `update ${p.table} as ${quoteIdent(p.alias)} set ${sets} from ${source} pgrst_body where ${p.where.join(' and ')} returning ${quoteIdent(p.alias)}.*, false as pgrst_inserted`
}

function deleteSql(p: RelationPlan): string {
  if (p.where.length === 0) throw new RestError(400, '21000', 'DELETE requires a WHERE clause')
  return `delete from ${p.table} as ${quoteIdent(p.alias)} where ${p.where.join(' and ')} returning ${quoteIdent(p.alias)}.*, false as pgrst_inserted`
}

async function mutationSql(p: RelationPlan): Promise<string> {
  if (p.method === 'POST') return insertSql(p, await readBodyJson(p.request.req))
  if (p.method === 'PATCH') return updateSql(p, await readBodyJson(p.request.req))
  if (p.method === 'DELETE') return deleteSql(p)
  throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${p.method}`)
}

export async function writeRelation(ctx: RestContext, p: RelationPlan): Promise<Reply> {
  const { method, media, prefer, params } = p
  const inserting = method === 'POST'
  const mutation = await mutationSql(p)
  const agg = aggregateSql(media, 'pgrst_r')
  const sql = `with pgrst_source as (${mutation})
    select ${agg.body} as body, ${agg.first} as first, count(pgrst_r) as page_count,
           (select count(*) from pgrst_source where pgrst_inserted) as inserted
      from (select ${p.selectSql} from pgrst_source ${quoteIdent(p.alias)}${p.joinsSql}${p.groupBySql}) pgrst_r`
  const { req, path } = p.request
  const kind = method === 'POST' ? 'insert' : method === 'PATCH' ? 'update' : 'delete'
  return ctx.transaction({ ...p.caller, req, path, readOnly: false }, async (client) => {
    const { plan } = media
    if (plan)
      return {
        result: await explainReply(client, sql, params.values, { ...media, plan }),
        rollback: p.rollback,
      }
    const { rows } = await client.query<AggregateRow & { inserted: string }>(sql, params.values)
    const row = rows[0] as AggregateRow & { inserted: string }
    const count = Number(row.page_count)
    if (media.mode === 'object' && count !== 1) throw singularError(count)
    if (kind !== 'insert') checkMaxAffected(prefer, count)
    // Counts on writes are the rows written; `planned` has no plan to read here, as in PostgREST.
    const total = prefer.count === 'exact' || prefer.count === 'estimated' ? count : null
    const headers: Record<string, string> = {
      'Content-Range': kind === 'update' ? contentRange(0, count, total) : `*/${total ?? '*'}`,
    }
    const applied = preferenceApplied(prefer, kind, {
      resolutionApplies: p.rel.primaryKey.length > 0 || p.query.onConflict !== undefined,
    })
    if (applied) headers['Preference-Applied'] = applied
    const rollback = p.rollback
    // An upsert that only updated answers 200, anything else that inserts 201 (PostgREST).
    const insertStatus = Number(row.inserted) <= 0 && prefer.resolution === 'merge-duplicates' ? 200 : 201
    if (prefer.return === 'representation') {
      const status = inserting ? insertStatus : 200
      return {
        result: jsonReply(status, media.mode === 'object' ? (row.first ?? 'null') : row.body, headers, media),
        rollback,
      }
    }
    return { result: { status: inserting ? insertStatus : 204, headers }, rollback }
  })
}
