/*
 * `/rest/v1/rpc/<name>`: picks the one overload the given arguments fit, calls it as the caller's
 * role, and shapes the result as PostgREST does (a scalar, one row, or rows that can be filtered).
 */
import { type Level, Params, parseQuery, quoteIdent, SqlBuilder } from './builder.js'
import type { RestContext, RestRequest } from './context.js'
import { RestError } from './errors.js'
import { parseSelect } from './parser.js'
import { parsePrefer, responseMode } from './prefer.js'
import { contentRange, jsonReply, type Reply, readObjectBody, singularError } from './reply.js'
import { type Routine, relKey, type SchemaCache } from './schema-cache.js'

/** A function of one unnamed json/jsonb parameter takes the whole body (POST only). */
const takesWholeBody = (routine: Routine) =>
  routine.args.length === 1 &&
  routine.args[0]?.name === '' &&
  ['json', 'jsonb'].includes(routine.args[0]?.type ?? '')

async function readArgs(request: RestRequest, isRead: boolean, candidates: Routine[]) {
  if (isRead) {
    const args: Record<string, unknown> = {}
    const names = new Set(candidates.flatMap((r) => r.args.map((a) => a.name)))
    for (const [key, value] of request.url.searchParams) if (names.has(key)) args[key] = value
    return args
  }
  return readObjectBody(request.req)
}

function chooseRoutine(
  request: RestRequest,
  candidates: Routine[],
  given: string[],
  isRead: boolean,
): Routine {
  const matches = candidates.filter((routine) => {
    if (takesWholeBody(routine)) return !isRead
    const names = routine.args.map((a) => a.name)
    return (
      given.every((g) => names.includes(g)) &&
      routine.args.every((a) => a.hasDefault || given.includes(a.name))
    )
  })
  const signature = `${request.schema}.${request.name}(${given.join(', ')})`
  if (matches.length === 0) {
    throw new RestError(
      404,
      'PGRST202',
      `Could not find the function ${signature} in the schema cache`,
      `Searched for the function ${signature} with parameters ${given.length ? given.join(', ') : 'without parameters'} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
      null,
    )
  }
  if (matches.length > 1) {
    throw new RestError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${matches.map((m) => `${m.schema}.${m.name}(${m.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`).join(', ')}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    )
  }
  return matches[0] as Routine
}

function callSql(routine: Routine, args: Record<string, unknown>, given: string[], params: Params): string {
  const callArgs =
    routine.args.length === 1 && routine.args[0]?.name === ''
      ? params.add(JSON.stringify(args), routine.args[0]?.type)
      : routine.args
          .filter((a) => given.includes(a.name))
          .map((a) => {
            const value = args[a.name]
            // A JSON array for an array parameter becomes a PostgreSQL array, the way PostgREST
            // reads arguments (json_to_record); as text it would not parse ('["a"]'::uuid[]).
            if (Array.isArray(value) && a.type.endsWith('[]')) {
              const json = params.add(JSON.stringify({ v: value }), 'json')
              return `${quoteIdent(a.name)} := (select pgrst_arg.v from json_to_record(${json}) as pgrst_arg(v ${a.type}))`
            }
            const text =
              value === null ? null : typeof value === 'object' ? JSON.stringify(value) : String(value)
            return `${quoteIdent(a.name)} := ${params.add(text, a.type)}`
          })
          .join(', ')
  return `${quoteIdent(routine.schema)}.${quoteIdent(routine.name)}(${callArgs})`
}

/** The statement around the call; `scalar` when the function returns one value or one row. */
function resultSql(
  routine: Routine,
  call: string,
  query: ReturnType<typeof parseQuery>,
  cache: SchemaCache,
  params: Params,
): { sql: string; scalar: boolean } {
  if (routine.returnsVoid) return { sql: `select ${call}`, scalar: false }
  if (!routine.returnsComposite && !routine.returnsSet)
    return { sql: `select to_json(${call})::text as body`, scalar: true }
  const rootLevel = query.levels.get('') as Level
  const rel = routine.returnsComposite
    ? cache.relations.get(relKey(routine.returnTypeSchema, routine.returnType.replace(/^.*\./, '')))
    : undefined
  const hasShaping = rootLevel.filters.length > 0 || rootLevel.order || query.select !== '*'
  if (hasShaping && !rel)
    throw new RestError(
      400,
      'PGRST100',
      `"failed to parse filter"`,
      'filters need a function returning a table type',
    )
  const builder = new SqlBuilder(cache, params)
  const alias = 'pgrst_t0'
  const where = rel ? rootLevel.filters.map((f) => builder.filterSql(rel, alias, f)) : []
  const selectSql = rel
    ? builder.selectList(rel, alias, parseSelect(query.select), query.levels, '').columns.join(', ')
    : `${quoteIdent(alias)}.*`
  const from = routine.returnsComposite
    ? `${call} ${quoteIdent(alias)}`
    : `${call} ${quoteIdent(alias)}(pgrst_value)`
  const pick = routine.returnsComposite ? selectSql : 'pgrst_value'
  const limit = rootLevel.limit !== undefined ? ` limit ${params.add(rootLevel.limit, 'bigint')}` : ''
  const offset = rootLevel.offset !== undefined ? ` offset ${params.add(rootLevel.offset, 'bigint')}` : ''
  const inner = `select ${pick} from ${from}${where.length ? ` where ${where.join(' and ')}` : ''}${rel ? builder.orderSql(rel, alias, rootLevel.order) : ''}${limit}${offset}`
  const agg = routine.returnsComposite ? 'json_agg(pgrst_r)' : 'json_agg(pgrst_r.pgrst_value)'
  return {
    sql: `select coalesce(${agg}, '[]')::text as body, (${agg} -> 0)::text as first, count(*) as page_count from (${inner}) pgrst_r`,
    scalar: !routine.returnsSet,
  }
}

export async function handleRpc(ctx: RestContext, request: RestRequest): Promise<Reply> {
  const { req, path } = request
  const method = req.method ?? 'GET'
  const isRead = method === 'GET' || method === 'HEAD'
  if (!isRead && method !== 'POST')
    throw new RestError(405, 'PGRST101', 'Only GET, HEAD and POST are allowed for RPC')
  const mode = responseMode(req.headers.accept)
  const prefer = parsePrefer(req.headers.prefer)
  const { found, cache } = await ctx.findRoutines(request.schema, request.name)
  const candidates = found ?? []
  const args = await readArgs(request, isRead, candidates)
  const given = Object.keys(args)
  const routine = chooseRoutine(request, candidates, given, isRead)
  const caller = await ctx.authenticate(req)
  const params = new Params()
  const call = callSql(routine, args, given, params)
  const query = parseQuery(request.url, new Set(given))
  const { sql, scalar } = resultSql(routine, call, query, cache, params)
  const readOnly = isRead || routine.volatility !== 'v'
  return ctx.transaction({ ...caller, req, path, readOnly }, async (client) => {
    const { rows } = await client.query<{ body: string | null; first: string | null; page_count: string }>(
      sql,
      params.values,
    )
    const rollback = prefer.tx === 'rollback'
    if (routine.returnsVoid) return { result: { status: 204, headers: {} }, rollback }
    const row = rows[0] ?? { body: 'null', first: null, page_count: '0' }
    if (scalar && routine.returnsComposite)
      return { result: jsonReply(200, row.first ?? 'null', {}, mode), rollback }
    if (scalar) return { result: jsonReply(200, row.body ?? 'null', {}, mode), rollback }
    const count = Number(row.page_count)
    if (mode === 'object') {
      if (count !== 1) throw singularError(count)
      return { result: jsonReply(200, row.first ?? 'null', {}, mode), rollback }
    }
    return {
      result: jsonReply(200, row.body ?? '[]', { 'Content-Range': contentRange(0, count, null) }, mode),
      rollback,
    }
  })
}
