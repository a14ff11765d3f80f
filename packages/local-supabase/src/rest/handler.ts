import type { IncomingMessage, ServerResponse } from 'node:http'
import pg from 'pg'
import type { ProjectConfig } from '../config/project.js'
import { BodyTooLargeError, parseJson, readBody } from '../lib/http.js'
import { bearerToken, type Claims, verifyJwt } from '../lib/jwt.js'
import type { Logger } from '../lib/log.js'
import { columnNotFound, type Level, Params, parseQuery, quoteIdent, SqlBuilder } from './builder.js'
import { RestError, statusForSqlState } from './errors.js'
import { parseSelect } from './parser.js'
import { loadSchemaCache, type Relation, type Routine, relKey, type SchemaCache } from './schema-cache.js'

interface Prefer {
  return?: 'representation' | 'minimal' | 'headers-only'
  count?: 'exact' | 'planned' | 'estimated'
  resolution?: 'merge-duplicates' | 'ignore-duplicates'
  missing?: 'default' | 'null'
  tx?: 'commit' | 'rollback'
  handling?: 'strict' | 'lenient'
  applied: string[]
}

function parsePrefer(header: string | string[] | undefined): Prefer {
  const raw = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
  const prefer: Prefer = { applied: [] }
  const unknown: string[] = []
  for (const item of raw) {
    const [key = '', value = ''] = item.split('=').map((s) => s.trim())
    const allowed: Record<string, string[]> = {
      return: ['representation', 'minimal', 'headers-only'],
      count: ['exact', 'planned', 'estimated'],
      resolution: ['merge-duplicates', 'ignore-duplicates'],
      missing: ['default', 'null'],
      tx: ['commit', 'rollback'],
      handling: ['strict', 'lenient'],
    }
    if (allowed[key]?.includes(value)) {
      ;(prefer as unknown as Record<string, string>)[key] = value
      prefer.applied.push(`${key}=${value}`)
    } else if (key !== 'timezone' && key !== 'max-affected') unknown.push(item)
  }
  if (prefer.handling === 'strict' && unknown.length > 0) {
    throw new RestError(
      400,
      'PGRST122',
      `Invalid preferences given with handling=strict`,
      `Invalid preferences: ${unknown.join(', ')}`,
    )
  }
  return prefer
}

type ResponseMode = 'array' | 'object'

function responseMode(accept: string | undefined): ResponseMode {
  if (!accept) return 'array'
  const types = accept.split(',').map((t) => (t.split(';')[0] ?? '').trim().toLowerCase())
  for (const type of types) {
    if (type === 'application/vnd.pgrst.object+json' || type === 'application/vnd.pgrst.object')
      return 'object'
    if (['application/json', '*/*', 'application/*', 'application/vnd.pgrst.array+json', ''].includes(type))
      return 'array'
  }
  throw new RestError(406, 'PGRST107', `None of these media types are available: ${accept}`)
}

const READ_ONLY_VIOLATION = '25006'

export interface RestServiceOptions {
  config: ProjectConfig
  authenticatorUrl: string
  adminUrl: string
  log: Logger
}

export function createRestService(options: RestServiceOptions) {
  const { config, log } = options
  const schemas = config.api.schemas
  const maxRows = config.api.max_rows
  const searchPath = [schemas[0] ?? 'public', ...config.api.extra_search_path].map(quoteIdent).join(', ')
  const pool = new pg.Pool({ connectionString: options.authenticatorUrl, max: 10 })
  // 57P01 (admin_shutdown): the database is stopping with the stack; the pool drops the idle connection.
  pool.on('error', (error: Error & { code?: string }) => {
    if (error.code !== '57P01') log.warn(`rest db pool: ${error.message}`)
  })
  let cache: SchemaCache | undefined
  let loading: Promise<SchemaCache> | undefined

  async function reload(): Promise<SchemaCache> {
    if (!loading) {
      loading = (async () => {
        const client = new pg.Client({ connectionString: options.adminUrl })
        await client.connect()
        try {
          cache = await loadSchemaCache(client, schemas)
          return cache
        } finally {
          await client.end()
          loading = undefined
        }
      })()
    }
    return loading
  }

  async function getCache(): Promise<SchemaCache> {
    return cache ?? reload()
  }

  /** Migrations may have run since the cache was built: one cheap reload before answering "not found". */
  async function findRelation(schema: string, name: string): Promise<Relation> {
    let current = await getCache()
    let rel = current.relations.get(relKey(schema, name))
    if (!rel && Date.now() - current.loadedAt > 500) {
      current = await reload()
      rel = current.relations.get(relKey(schema, name))
    }
    if (!rel) {
      throw new RestError(404, 'PGRST205', `Could not find the table '${schema}.${name}' in the schema cache`)
    }
    return rel
  }

  async function authenticate(req: IncomingMessage): Promise<{ role: string; claims: Claims }> {
    const token = bearerToken(req.headers.authorization)
    if (!token) return { role: 'anon', claims: { role: 'anon' } }
    const result = await verifyJwt(token)
    if (!result.ok) {
      const code = result.reason === 'expired' ? 'PGRST303' : 'PGRST301'
      throw new RestError(401, code, result.message, null, null, {
        'WWW-Authenticate': `Bearer error="invalid_token", error_description="${result.message}"`,
      })
    }
    const role = typeof result.claims.role === 'string' && result.claims.role ? result.claims.role : 'anon'
    return { role, claims: { ...result.claims, role } }
  }

  async function transaction<T>(
    ctx: { role: string; claims: Claims; req: IncomingMessage; path: string; readOnly: boolean },
    work: (client: pg.PoolClient) => Promise<{ result: T; rollback?: boolean }>,
  ): Promise<T> {
    const headers: Record<string, string> = {}
    for (const [key, value] of Object.entries(ctx.req.headers)) {
      if (key !== 'cookie' && value !== undefined)
        headers[key] = Array.isArray(value) ? value.join(', ') : value
    }
    const cookies: Record<string, string> = {}
    for (const part of (ctx.req.headers.cookie ?? '').split(';')) {
      const eq = part.indexOf('=')
      if (eq > 0) cookies[part.slice(0, eq).trim()] = part.slice(eq + 1).trim()
    }
    const timeout = (await getCache()).roleTimeouts.get(ctx.role)
    const settings: [string, string][] = [
      ['search_path', searchPath],
      ['statement_timeout', timeout ?? '8s'],
      ['role', ctx.role],
      ['request.jwt.claims', JSON.stringify(ctx.claims)],
      ['request.method', ctx.req.method ?? 'GET'],
      ['request.path', ctx.path],
      ['request.headers', JSON.stringify(headers)],
      ['request.cookies', JSON.stringify(cookies)],
    ]
    // The transaction and its settings in one round trip, as literals (a multi-statement query
    // takes no parameters), prepared before taking a connection: connections are what runs out
    // under load.
    const set = settings
      .map(([name, value]) => `set_config(${pg.escapeLiteral(name)}, ${pg.escapeLiteral(value)}, true)`)
      .join(', ')
    const begin = `begin isolation level read committed${ctx.readOnly ? ' read only' : ''}; select ${set}`

    const client = await pool.connect()
    let broken = false
    try {
      await client.query(begin)
      const { result, rollback } = await work(client)
      await client.query(rollback ? 'rollback' : 'commit')
      return result
    } catch (error) {
      await client.query('rollback').catch((rollbackError: Error) => {
        broken = true
        log.warn(`rest rollback failed: ${rollbackError.message}`)
      })
      throw error
    } finally {
      client.release(broken)
    }
  }

  function dbError(error: unknown, role: string): RestError {
    if (error instanceof RestError) return error
    if (error instanceof pg.DatabaseError && error.code) {
      const status = statusForSqlState(error.code, error.message, role)
      return new RestError(status, error.code, error.message, error.detail ?? null, error.hint ?? null)
    }
    throw error
  }

  function contentRange(offset: number, count: number, total: number | null): string {
    const range = count === 0 ? '*' : `${offset}-${offset + count - 1}`
    return `${range}/${total ?? '*'}`
  }

  interface Reply {
    status: number
    body?: string
    headers: Record<string, string>
  }

  function jsonReply(
    status: number,
    body: string | undefined,
    headers: Record<string, string>,
    mode: ResponseMode,
  ): Reply {
    const type = mode === 'object' ? 'application/vnd.pgrst.object+json' : 'application/json'
    return {
      status,
      body,
      headers: body === undefined ? headers : { 'Content-Type': `${type}; charset=utf-8`, ...headers },
    }
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

  async function readBodyJson(req: IncomingMessage): Promise<unknown> {
    let raw: Buffer
    try {
      raw = await readBody(req)
    } catch (error) {
      if (error instanceof BodyTooLargeError) throw new RestError(413, 'PGRST102', 'Request body too large')
      throw error
    }
    const parsed = parseJson(raw)
    if (!parsed.ok) throw new RestError(400, 'PGRST102', 'Empty or invalid json')
    return parsed.value
  }

  async function handleRelation(
    req: IncomingMessage,
    url: URL,
    schema: string,
    name: string,
    path: string,
  ): Promise<Reply> {
    const method = req.method ?? 'GET'
    const prefer = parsePrefer(req.headers.prefer)
    const mode = responseMode(req.headers.accept)
    const rel = await findRelation(schema, name)
    const auth = await authenticate(req)
    const query = parseQuery(url)
    const params = new Params()
    const builder = new SqlBuilder(await getCache(), params)
    const rootLevel = query.levels.get('') as Level
    const alias = 'pgrst_t0'
    const selectItems = parseSelect(query.select)
    const where = rootLevel.filters.map((f) => builder.filterSql(rel, alias, f))
    const table = `${quoteIdent(rel.schema)}.${quoteIdent(rel.name)}`
    const isRead = method === 'GET' || method === 'HEAD'
    const wantsBody = isRead || prefer.return === 'representation'
    const selected = wantsBody
      ? builder.selectList(rel, alias, selectItems, query.levels, '')
      : { columns: [], innerConditions: [] }
    checkUnusedLevels(query.levels, builder)
    const selectSql = selected.columns.join(', ') || 'null'

    if (isRead) {
      const allWhere = [...where, ...selected.innerConditions]
      const whereSql = allWhere.length ? ` where ${allWhere.join(' and ')}` : ''
      const offset = rootLevel.offset ?? 0
      const limit = Math.min(rootLevel.limit ?? maxRows, maxRows)
      const countSql = prefer.count
        ? `(select count(*) from ${table} ${quoteIdent(alias)}${whereSql})`
        : 'null'
      const sql = `select coalesce(json_agg(pgrst_r), '[]')::text as body, (json_agg(pgrst_r) -> 0)::text as first,
          count(pgrst_r) as page_count, ${countSql} as total
        from (select ${selectSql} from ${table} ${quoteIdent(alias)}${whereSql}${builder.orderSql(rel, alias, rootLevel.order)}
              limit ${params.add(limit, 'bigint')} offset ${params.add(offset, 'bigint')}) pgrst_r`
      return transaction({ ...auth, req, path, readOnly: true }, async (client) => {
        const { rows } = await client.query<{
          body: string
          first: string | null
          page_count: string
          total: string | null
        }>(sql, params.values)
        const row = rows[0] as {
          body: string
          first: string | null
          page_count: string
          total: string | null
        }
        const count = Number(row.page_count)
        const total = row.total === null ? null : Number(row.total)
        if (total !== null && offset > 0 && offset >= total && total > 0) {
          throw new RestError(
            416,
            'PGRST103',
            'Requested range not satisfiable',
            `An offset of ${offset} was requested, but there are only ${total} rows.`,
          )
        }
        const headers: Record<string, string> = { 'Content-Range': contentRange(offset, count, total) }
        if (prefer.count) headers['Preference-Applied'] = `count=${prefer.count}`
        if (mode === 'object') {
          if (count !== 1) throw singularError(count)
          return {
            result: jsonReply(200, method === 'HEAD' ? undefined : (row.first ?? 'null'), headers, mode),
          }
        }
        const status = total !== null && count < total ? 206 : 200
        return { result: jsonReply(status, method === 'HEAD' ? undefined : row.body, headers, mode) }
      })
    }

    let mutation: string
    let inserting = false
    if (method === 'POST') {
      inserting = true
      const body = await readBodyJson(req)
      const rows = Array.isArray(body) ? body : [body]
      if (body === undefined || rows.some((r) => !r || typeof r !== 'object' || Array.isArray(r))) {
        throw new RestError(400, 'PGRST102', 'Empty or invalid json')
      }
      let columns: string[]
      if (query.columns) {
        columns = query.columns.split(',').map((c) => c.trim().replace(/^"|"$/g, ''))
      } else {
        const first = Object.keys(rows[0] ?? {})
        const sameKeys = (r: object) => {
          const keys = Object.keys(r)
          return keys.length === first.length && keys.every((k) => first.includes(k))
        }
        if (!rows.every((r) => sameKeys(r as object)))
          throw new RestError(400, 'PGRST102', 'All object keys must match')
        columns = first
      }
      for (const column of columns) {
        if (!rel.columns.has(column)) {
          throw new RestError(
            400,
            'PGRST204',
            `Could not find the '${column}' column of '${rel.name}' in the schema cache`,
          )
        }
      }
      const cols = columns.map(quoteIdent).join(', ')
      // Added only when used: a bind parameter the statement does not use is a protocol error.
      const source = () =>
        `json_populate_recordset(null::${table}, ${params.add(JSON.stringify(rows))}::json)`
      let conflict = ''
      if (prefer.resolution) {
        const targetCols = query.onConflict
          ? query.onConflict.split(',').map((c) => c.trim())
          : rel.primaryKey
        for (const column of targetCols) if (!rel.columns.has(column)) throw columnNotFound(rel, column)
        const target = targetCols.map(quoteIdent).join(', ')
        if (prefer.resolution === 'ignore-duplicates') conflict = ` on conflict (${target}) do nothing`
        else {
          const updates = columns.map((c) => `${quoteIdent(c)} = excluded.${quoteIdent(c)}`).join(', ')
          conflict = updates
            ? ` on conflict (${target}) do update set ${updates}`
            : ` on conflict (${target}) do nothing`
        }
      }
      // An empty array inserts nothing: PostgREST answers 201 with no rows, not a default row.
      mutation =
        rows.length === 0
          ? `select ${quoteIdent(alias)}.*, false as pgrst_inserted from ${table} ${quoteIdent(alias)} where false`
          : columns.length
            ? `insert into ${table} as ${quoteIdent(alias)} (${cols}) select ${cols} from ${source()} pgrst_body${conflict} returning ${quoteIdent(alias)}.*, (xmax::text = '0') as pgrst_inserted`
            : `insert into ${table} as ${quoteIdent(alias)} default values returning ${quoteIdent(alias)}.*, true as pgrst_inserted`
    } else if (method === 'PATCH') {
      const body = await readBodyJson(req)
      if (!body || typeof body !== 'object' || Array.isArray(body))
        throw new RestError(400, 'PGRST102', 'Empty or invalid json')
      const columns = Object.keys(body)
      for (const column of columns) {
        if (!rel.columns.has(column)) {
          throw new RestError(
            400,
            'PGRST204',
            `Could not find the '${column}' column of '${rel.name}' in the schema cache`,
          )
        }
      }
      if (where.length === 0) throw new RestError(400, '21000', 'UPDATE requires a WHERE clause')
      if (columns.length === 0) {
        mutation = `select ${quoteIdent(alias)}.*, false as pgrst_inserted from ${table} ${quoteIdent(alias)} where false`
      } else {
        const sets = columns.map((c) => `${quoteIdent(c)} = pgrst_body.${quoteIdent(c)}`).join(', ')
        mutation = `update ${table} as ${quoteIdent(alias)} set ${sets} from json_populate_record(null::${table}, ${params.add(JSON.stringify(body))}::json) pgrst_body where ${where.join(' and ')} returning ${quoteIdent(alias)}.*, false as pgrst_inserted`
      }
    } else if (method === 'DELETE') {
      if (where.length === 0) throw new RestError(400, '21000', 'DELETE requires a WHERE clause')
      mutation = `delete from ${table} as ${quoteIdent(alias)} where ${where.join(' and ')} returning ${quoteIdent(alias)}.*, false as pgrst_inserted`
    } else {
      throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`)
    }

    const sql = `with pgrst_source as (${mutation})
      select coalesce(json_agg(pgrst_r), '[]')::text as body, (json_agg(pgrst_r) -> 0)::text as first, count(pgrst_r) as page_count,
             (select count(*) from pgrst_source where pgrst_inserted) as inserted
        from (select ${selectSql} from pgrst_source ${quoteIdent(alias)}) pgrst_r`
    return transaction({ ...auth, req, path, readOnly: false }, async (client) => {
      const { rows } = await client.query<{
        body: string
        first: string | null
        page_count: string
        inserted: string
      }>(sql, params.values)
      const row = rows[0] as { body: string; first: string | null; page_count: string; inserted: string }
      const count = Number(row.page_count)
      if (mode === 'object' && count !== 1) throw singularError(count)
      const headers: Record<string, string> = {
        'Content-Range': method === 'PATCH' ? contentRange(0, count, null) : '*/*',
      }
      if (prefer.applied.length)
        headers['Preference-Applied'] = prefer.applied.filter((p) => !p.startsWith('handling')).join(', ')
      const rollback = prefer.tx === 'rollback'
      if (prefer.return === 'representation') {
        const status = inserting ? (Number(row.inserted) > 0 || count === 0 ? 201 : 200) : 200
        return {
          result: jsonReply(status, mode === 'object' ? (row.first ?? 'null') : row.body, headers, mode),
          rollback,
        }
      }
      return { result: { status: inserting ? 201 : 204, headers }, rollback }
    })
  }

  function singularError(count: number): RestError {
    return new RestError(
      406,
      'PGRST116',
      'Cannot coerce the result to a single JSON object',
      `The result contains ${count} rows`,
    )
  }

  async function handleRpc(
    req: IncomingMessage,
    url: URL,
    schema: string,
    name: string,
    path: string,
  ): Promise<Reply> {
    const method = req.method ?? 'GET'
    const isRead = method === 'GET' || method === 'HEAD'
    if (!isRead && method !== 'POST')
      throw new RestError(405, 'PGRST101', 'Only GET, HEAD and POST are allowed for RPC')
    const mode = responseMode(req.headers.accept)
    const prefer = parsePrefer(req.headers.prefer)
    let current = await getCache()
    let candidates = current.routines.get(relKey(schema, name))
    if (!candidates && Date.now() - current.loadedAt > 500) {
      current = await reload()
      candidates = current.routines.get(relKey(schema, name))
    }
    let args: Record<string, unknown>
    if (isRead) {
      args = {}
      const names = new Set((candidates ?? []).flatMap((r) => r.args.map((a) => a.name)))
      for (const [key, value] of url.searchParams) if (names.has(key)) args[key] = value
    } else {
      const body = await readBodyJson(req)
      if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body))) {
        throw new RestError(400, 'PGRST102', 'Empty or invalid json')
      }
      args = (body as Record<string, unknown>) ?? {}
    }
    const given = Object.keys(args)
    const matches = (candidates ?? []).filter((routine) => {
      if (
        routine.args.length === 1 &&
        routine.args[0]?.name === '' &&
        ['json', 'jsonb'].includes(routine.args[0]?.type ?? '')
      )
        return !isRead
      const names = routine.args.map((a) => a.name)
      return (
        given.every((g) => names.includes(g)) &&
        routine.args.every((a) => a.hasDefault || given.includes(a.name))
      )
    })
    const signature = `${schema}.${name}(${given.join(', ')})`
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
    const routine = matches[0] as Routine
    const auth = await authenticate(req)
    const params = new Params()
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
    const call = `${quoteIdent(routine.schema)}.${quoteIdent(routine.name)}(${callArgs})`
    const query = parseQuery(url, new Set(given))
    const rootLevel = query.levels.get('') as Level
    const resultRel = routine.returnsComposite
      ? current.relations.get(relKey(routine.returnTypeSchema, routine.returnType.replace(/^.*\./, '')))
      : undefined
    const builder = new SqlBuilder(current, params)
    const alias = 'pgrst_t0'
    let sql: string
    let scalar = false
    if (routine.returnsVoid) {
      sql = `select ${call}`
    } else if (routine.returnsComposite || routine.returnsSet) {
      const hasShaping = rootLevel.filters.length > 0 || rootLevel.order || query.select !== '*'
      if (hasShaping && !resultRel)
        throw new RestError(
          400,
          'PGRST100',
          `"failed to parse filter"`,
          'filters need a function returning a table type',
        )
      const rel = resultRel
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
      sql = `select coalesce(${agg}, '[]')::text as body, (${agg} -> 0)::text as first, count(*) as page_count from (${inner}) pgrst_r`
      scalar = !routine.returnsSet
    } else {
      sql = `select to_json(${call})::text as body`
      scalar = true
    }
    const readOnly = isRead || routine.volatility !== 'v'
    return transaction({ ...auth, req, path, readOnly }, async (client) => {
      const { rows } = await client.query<{ body: string | null; first: string | null; page_count: string }>(
        sql,
        params.values,
      )
      const rollback = prefer.tx === 'rollback'
      if (routine.returnsVoid) return { result: { status: 204, headers: {} }, rollback }
      const row = rows[0] ?? { body: 'null', first: null, page_count: '0' }
      if (scalar && routine.returnsComposite) {
        return { result: jsonReply(200, row.first ?? 'null', {}, mode), rollback }
      }
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

  return {
    reload,
    async handle(req: IncomingMessage, res: ServerResponse, path: string, url: URL): Promise<void> {
      let role = 'anon'
      let reply: Reply
      try {
        const method = req.method ?? 'GET'
        const profileHeader =
          method === 'GET' || method === 'HEAD'
            ? req.headers['accept-profile']
            : req.headers['content-profile']
        const schema = (typeof profileHeader === 'string' && profileHeader) || schemas[0] || 'public'
        if (!schemas.includes(schema)) {
          throw new RestError(
            406,
            'PGRST106',
            `Invalid schema: ${schema}`,
            null,
            `Only the following schemas are exposed: ${schemas.join(', ')}`,
          )
        }
        const token = bearerToken(req.headers.authorization)
        if (token) {
          const verified = await verifyJwt(token)
          if (verified.ok && typeof verified.claims.role === 'string') role = verified.claims.role
        }
        const rpc = /^\/rpc\/([^/]+)$/.exec(path)
        const relation = /^\/([^/]+)$/.exec(path)
        if (rpc) reply = await handleRpc(req, url, schema, decodeURIComponent(rpc[1] as string), path)
        else if (relation)
          reply = await handleRelation(req, url, schema, decodeURIComponent(relation[1] as string), path)
        else throw new RestError(404, 'PGRST125', `Invalid path specified in request URL`)
        if (reply.status === 204 || reply.body === undefined) {
          res.writeHead(reply.status, reply.headers)
          res.end()
        } else {
          res.writeHead(reply.status, { 'Content-Length': Buffer.byteLength(reply.body), ...reply.headers })
          res.end(reply.body)
        }
      } catch (error) {
        let restError: RestError
        try {
          restError = dbError(error, role)
        } catch (unexpected) {
          log.error(`rest ${req.method} ${path}: ${(unexpected as Error).stack ?? String(unexpected)}`)
          restError = new RestError(500, 'PGRST000', 'Internal server error')
        }
        if (restError.code === READ_ONLY_VIOLATION)
          restError = new RestError(405, restError.code, restError.message, restError.details, restError.hint)
        const text = JSON.stringify(restError.body())
        res.writeHead(restError.status, {
          'Content-Type': 'application/json; charset=utf-8',
          'Content-Length': Buffer.byteLength(text),
          'Proxy-Status': `PostgREST; error=${restError.code}`,
          ...restError.headers,
        })
        res.end(text)
      }
    },
    close: () => pool.end(),
  }
}

export type RestService = ReturnType<typeof createRestService>
