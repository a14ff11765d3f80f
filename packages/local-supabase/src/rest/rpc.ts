/*
 * `/rest/v1/rpc/<name>`: picks the one overload the given arguments fit, calls it as the caller's
 * role, and shapes the result as PostgREST does (a scalar, one row, or rows that can be filtered).
 */
import { type Level, Params, parseQuery, quoteIdent, SqlBuilder } from './builder.js'
import type { RestContext, RestRequest } from './context.js'
import { RestError } from './errors.js'
import { aggregateSql, type Media, negotiate } from './media.js'
import { parseSelect } from './parser.js'
import { explainReply } from './plan.js'
import { checkMaxAffected, endsInRollback, parsePrefer, preferenceApplied } from './prefer.js'
import { contentRange, jsonReply, type Reply, rangeNotSatisfiable, singularError } from './reply.js'
import { callSql, chooseRoutine, readArgs } from './rpc-resolve.js'
import { type Relation, type Routine, relKey, type SchemaCache } from './schema-cache.js'

/** The shape of the rows a function returns: its table or composite type, or its `RETURNS TABLE` columns. */
function rowShape(routine: Routine, cache: SchemaCache): Relation | undefined {
  if (!routine.returnsComposite) return undefined
  if (routine.returnType !== 'record')
    return cache.relations.get(relKey(routine.returnTypeSchema, routine.returnType.replace(/^.*\./, '')))
  if (routine.outColumns.length === 0) return undefined
  return {
    schema: routine.schema,
    name: routine.name,
    kind: 'type',
    columns: new Map(routine.outColumns.map((column) => [column.name, column])),
    primaryKey: [],
    uniqueSets: [],
  }
}

/**
 * The statement around the call. The call runs once, in `pgrst_source` (with the filters), and the
 * page and the total are both read from it, so a volatile function's effects happen once.
 */
function resultSql(
  routine: Routine,
  call: string,
  query: ReturnType<typeof parseQuery>,
  cache: SchemaCache,
  params: Params,
  withTotal: boolean,
  media: Media,
): string {
  if (routine.returnsVoid) return `select ${call}`
  const total = withTotal ? '(select count(*) from pgrst_source)' : 'null'
  if (!routine.returnsComposite && !routine.returnsSet)
    return `select to_json(${call})::text as body, null as first, 1 as page_count, ${withTotal ? '1' : 'null'} as total`
  const rootLevel = query.levels.get('') as Level
  const rel = rowShape(routine, cache)
  const hasShaping = rootLevel.filters.length > 0 || rootLevel.order || query.select !== '*'
  if (hasShaping && !rel)
    throw new RestError(
      400,
      'PGRST100',
      `"failed to parse filter"`,
      'filters need a function returning a table type',
    )
  const builder = new SqlBuilder(cache, params)
  const alias = quoteIdent('pgrst_t0')
  const where = rel ? rootLevel.filters.map((f) => builder.filterSql(rel, 'pgrst_t0', f)) : []
  const source = rel
    ? `select ${alias}.* from ${call} ${alias}`
    : `select ${alias}.pgrst_value from ${call} ${alias}(pgrst_value)`
  const selected = rel
    ? builder.selectList(rel, 'pgrst_t0', parseSelect(query.select), query.levels, '')
    : undefined
  const pick = selected ? selected.columns.join(', ') || 'null' : `${alias}.pgrst_value`
  const groupBy = selected?.groupBy.length ? ` group by ${selected.groupBy.join(', ')}` : ''
  const joins = (selected?.joins ?? []).map((join) => ` ${join}`).join('')
  const limit = rootLevel.limit !== undefined ? ` limit ${params.add(rootLevel.limit, 'bigint')}` : ''
  const offset = rootLevel.offset !== undefined ? ` offset ${params.add(rootLevel.offset, 'bigint')}` : ''
  const order = rel ? builder.orderSql(rel, 'pgrst_t0', rootLevel.order) : ''
  const agg = aggregateSql(media, rel ? 'pgrst_r' : 'pgrst_r.pgrst_value')
  // `!inner` embeds filter the function's rows, so they belong with the filters.
  where.push(...(selected?.innerConditions ?? []))
  return `with pgrst_source as (${source}${where.length ? ` where ${where.join(' and ')}` : ''})
    select ${agg.body} as body, ${agg.first} as first, count(*) as page_count, ${total} as total
      from (select ${pick} from pgrst_source ${alias}${joins}${groupBy}${order}${limit}${offset}) pgrst_r`
}

/** The callable function names of a schema (only for the hint of a function not found). */
function routineNames(cache: SchemaCache, schema: string): string[] {
  const prefix = `${schema}.`
  return [...cache.routines.keys()].filter((k) => k.startsWith(prefix)).map((k) => k.slice(prefix.length))
}

export async function handleRpc(ctx: RestContext, request: RestRequest): Promise<Reply> {
  const { req, path } = request
  const method = req.method ?? 'GET'
  const isRead = method === 'GET' || method === 'HEAD'
  if (!isRead && method !== 'POST')
    throw new RestError(405, 'PGRST101', 'Only GET, HEAD and POST are allowed for RPC')
  const { found, cache } = await ctx.findRoutines(request.schema, request.name)
  const media = negotiate(req.headers.accept, cache.settings)
  const prefer = parsePrefer(req.headers.prefer, cache.settings)
  const candidates = found ?? []
  const args = await readArgs(request, isRead, candidates)
  const routine = chooseRoutine(request, candidates, args, isRead, () => routineNames(cache, request.schema))
  if (prefer.handling === 'strict' && prefer.maxAffected !== undefined && !routine.returnsSet)
    throw new RestError(
      400,
      'PGRST128',
      'Function must return SETOF or TABLE when max-affected preference is used with handling=strict',
    )
  const caller = await ctx.authenticate(req)
  const params = new Params()
  const call = callSql(routine, args, isRead, params)
  const query = parseQuery(request.url, new Set(Object.keys(args.named)))
  const withTotal = prefer.count === 'exact' || prefer.count === 'estimated' || prefer.count === 'planned'
  const sql = resultSql(routine, call, query, cache, params, withTotal, media)
  const readOnly = isRead || routine.volatility !== 'v'
  const rollback = endsInRollback(prefer, cache.settings)
  const headers: Record<string, string> = {}
  const applied = preferenceApplied(prefer, 'call')
  if (applied) headers['Preference-Applied'] = applied
  return ctx.transaction({ ...caller, req, path, readOnly }, async (client) => {
    const { plan } = media
    if (plan)
      return {
        result: await explainReply(client, sql, params.values, { ...media, plan }),
        rollback,
      }
    const { rows } = await client.query<RpcRow>(sql, params.values)
    if (routine.returnsVoid) return { result: { status: 204, headers }, rollback }
    const row = rows[0] ?? { body: 'null', first: null, page_count: '0', total: null }
    const count = Number(row.page_count)
    checkMaxAffected(prefer, count)
    const total = row.total === null ? null : Number(row.total)
    const offset = (query.levels.get('') as Level).offset ?? 0
    if (total !== null && offset > total) throw rangeNotSatisfiable(offset, total)
    headers['Content-Range'] = contentRange(offset, count, total)
    const status = total !== null && count < total ? 206 : 200
    const body = (text: string) => (method === 'HEAD' ? undefined : text)
    if (!routine.returnsSet) {
      const one = routine.returnsComposite ? (row.first ?? 'null') : (row.body ?? 'null')
      return { result: jsonReply(200, body(one), headers, media), rollback }
    }
    if (media.mode === 'object') {
      if (count !== 1) throw singularError(count)
      return { result: jsonReply(200, body(row.first ?? 'null'), headers, media), rollback }
    }
    return { result: jsonReply(status, body(row.body ?? '[]'), headers, media), rollback }
  })
}

interface RpcRow {
  body: string | null
  first: string | null
  page_count: string
  total: string | null
}
