/*
 * A request to a table or view (`/rest/v1/<name>`): the query string becomes one SQL statement
 * that reads rows (here) or changes them and reads back what changed (write.ts), as JSON text.
 */
import { type Level, Params, parseQuery, quoteIdent, SqlBuilder } from './builder.js'
import type { Caller, RestContext, RestRequest, Tx } from './context.js'
import { RestError } from './errors.js'
import { aggregateSql, type Media, negotiate } from './media.js'
import { parseSelect } from './parser.js'
import { explainReply } from './plan.js'
import { endsInRollback, type Prefer, parsePrefer, preferenceApplied } from './prefer.js'
import {
  type AggregateRow,
  contentRange,
  jsonReply,
  type Reply,
  rangeNotSatisfiable,
  singularError,
} from './reply.js'
import type { Relation } from './schema-cache.js'
import { writeRelation } from './write.js'

/** What the read and the write paths share about one request. */
export interface RelationPlan {
  request: RestRequest
  method: string
  prefer: Prefer
  /** The transaction ends in a rollback (`Prefer: tx=rollback` where the database allows it). */
  rollback: boolean
  media: Media
  rel: Relation
  caller: Caller
  query: ReturnType<typeof parseQuery>
  params: Params
  builder: SqlBuilder
  rootLevel: Level
  alias: string
  table: string
  where: string[]
  selectSql: string
  /** ` group by …` when the select aggregates, else empty. */
  groupBySql: string
  /** Lateral joins of to-one spreads, after the table in FROM. */
  joinsSql: string
  innerConditions: string[]
}

function checkUnusedLevels(levels: Map<string, Level>, builder: SqlBuilder): void {
  for (const path of levels.keys()) {
    if (!builder.visitedPaths.has(path)) {
      throw new RestError(
        400,
        'PGRST108',
        `'${path}' is not an embedded resource in this request`,
        null,
        `Verify that '${path}' is included in the 'select' query parameter.`,
      )
    }
  }
}

async function plan(ctx: RestContext, request: RestRequest): Promise<RelationPlan> {
  const { req, url } = request
  const method = req.method ?? 'GET'
  const cache = await ctx.getCache()
  const prefer = parsePrefer(req.headers.prefer, cache.settings)
  const media = negotiate(req.headers.accept, cache.settings)
  const rel = await ctx.findRelation(request.schema, request.name)
  const caller = await ctx.authenticate(req)
  const query = parseQuery(url)
  const params = new Params()
  const builder = new SqlBuilder(await ctx.getCache(), params)
  const rootLevel = query.levels.get('') as Level
  const alias = 'pgrst_t0'
  const selectItems = parseSelect(query.select)
  // An insert has no WHERE: PostgREST does not apply the query string's filters to the rows it
  // inserts, and their values would be bind parameters the statement never uses, which PostgreSQL
  // refuses (a protocol error, or a parameter whose type it cannot tell).
  const where = method === 'POST' ? [] : rootLevel.filters.map((f) => builder.filterSql(rel, alias, f))
  const table = `${quoteIdent(rel.schema)}.${quoteIdent(rel.name)}`
  const wantsBody = method === 'GET' || method === 'HEAD' || prefer.return === 'representation'
  const selected = wantsBody
    ? builder.selectList(rel, alias, selectItems, query.levels, '')
    : { columns: [], innerConditions: [], groupBy: [], joins: [] }
  checkUnusedLevels(query.levels, builder)
  return {
    request,
    method,
    prefer,
    rollback: endsInRollback(prefer, cache.settings),
    media,
    rel,
    caller,
    query,
    params,
    builder,
    rootLevel,
    alias,
    table,
    where,
    selectSql: selected.columns.join(', ') || 'null',
    joinsSql: selected.joins.map((join) => ` ${join}`).join(''),
    groupBySql: selected.groupBy.length ? ` group by ${selected.groupBy.join(', ')}` : '',
    innerConditions: selected.innerConditions,
  }
}

async function readRelation(ctx: RestContext, p: RelationPlan): Promise<Reply> {
  const { rel, alias, table, rootLevel, params, prefer, media, method } = p
  const allWhere = [...p.where, ...p.innerConditions]
  const whereSql = allWhere.length ? ` where ${allWhere.join(' and ')}` : ''
  const offset = rootLevel.offset ?? 0
  const limit = Math.min(rootLevel.limit ?? ctx.maxRows, ctx.maxRows)
  const countSql =
    prefer.count === 'exact' || prefer.count === 'estimated'
      ? `(select count(*) from ${table} ${quoteIdent(alias)}${whereSql})`
      : 'null'
  const agg = aggregateSql(media, 'pgrst_r')
  const sql = `select ${agg.body} as body, ${agg.first} as first,
      count(pgrst_r) as page_count, ${countSql} as total
    from (select ${p.selectSql} from ${table} ${quoteIdent(alias)}${p.joinsSql}${whereSql}${p.groupBySql}${p.builder.orderSql(rel, alias, rootLevel.order)}
          limit ${params.add(limit, 'bigint')} offset ${params.add(offset, 'bigint')}) pgrst_r`
  const { req, path } = p.request
  return ctx.transaction({ ...p.caller, req, path, readOnly: true }, async (client) => {
    const { plan } = media
    if (plan)
      return { result: await explainReply(client, sql, params.values, { ...media, plan }), rollback: false }
    const { rows } = await client.query<AggregateRow & { total: string | null }>(sql, params.values)
    const row = rows[0] as AggregateRow & { total: string | null }
    const count = Number(row.page_count)
    let total = row.total === null ? null : Number(row.total)
    // `planned` is the planner's estimate; `estimated` uses it only past max-rows, as PostgREST does.
    if (prefer.count === 'planned' || (prefer.count === 'estimated' && (total ?? 0) > ctx.maxRows)) {
      const planned = await plannedRows(
        client,
        `select 1 from ${table} ${quoteIdent(alias)}${whereSql}`,
        params,
      )
      total = prefer.count === 'planned' ? planned : Math.max(total ?? 0, planned)
    }
    if (total !== null && offset > 0 && offset >= total && total > 0) {
      throw rangeNotSatisfiable(offset, total)
    }
    const headers: Record<string, string> = { 'Content-Range': contentRange(offset, count, total) }
    const applied = preferenceApplied(prefer, 'read')
    if (applied) headers['Preference-Applied'] = applied
    if (media.mode === 'object') {
      if (count !== 1) throw singularError(count)
      return { result: jsonReply(200, method === 'HEAD' ? undefined : (row.first ?? 'null'), headers, media) }
    }
    const status = total !== null && count < total ? 206 : 200
    return { result: jsonReply(status, method === 'HEAD' ? undefined : row.body, headers, media) }
  })
}

/** The planner's row estimate for `sql` (EXPLAIN's "Plan Rows"). */
export async function plannedRows(client: Tx, sql: string, params: Params): Promise<number> {
  const used = params.values.slice(0, Math.max(0, ...[...sql.matchAll(/\$(\d+)/g)].map((m) => Number(m[1]))))
  const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    `explain (format json) ${sql}`,
    used,
  )
  return Number(rows[0]?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0)
}

export async function handleRelation(ctx: RestContext, request: RestRequest): Promise<Reply> {
  const p = await plan(ctx, request)
  return p.method === 'GET' || p.method === 'HEAD' ? readRelation(ctx, p) : writeRelation(ctx, p)
}
