/*
 * What every REST request needs: the schema cache, the caller's role from the JWT, and a
 * transaction that runs as that role with PostgREST's request settings.
 */
import type { IncomingMessage } from 'node:http'
import pg from 'pg'
import type { ProjectConfig } from '../config/project.js'
import { bearerToken, type Claims, verifyJwt } from '../lib/jwt.js'
import type { Logger } from '../lib/log.js'
import { quoteIdent } from './builder.js'
import { RestError } from './errors.js'
import { fuzzyBest } from './fuzzy.js'
import { listenForReload } from './reload-listener.js'
import { loadSchemaCache, type Relation, type Routine, relKey, type SchemaCache } from './schema-cache.js'
import { inlineValues } from './sql-text.js'

export interface RestServiceOptions {
  config: ProjectConfig
  authenticatorUrl: string
  adminUrl: string
  log: Logger
}

/** One request to a table, view or function: `name` in the `schema` the profile headers chose. */
export interface RestRequest {
  req: IncomingMessage
  url: URL
  schema: string
  name: string
  path: string
}

export interface Caller {
  role: string
  claims: Claims
}

export type RestContext = ReturnType<typeof createRestContext>

/** A request's transaction, as its work sees it: the caller's role and settings already in force. */
export interface Tx {
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(
    sql: string,
    values?: unknown[],
  ): Promise<pg.QueryResult<R>>
}

export function createRestContext(options: RestServiceOptions) {
  const { config, log } = options
  const schemas = config.api.schemas
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
        // The database stopping mid-reload (a NOTIFY just before shutdown) errors the query too;
        // without a listener the client's error event would end the process.
        client.on('error', (error: Error) => log.debug(`rest schema reload: ${error.message}`))
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

  /**
   * A reload that starts after now: a notification arriving while a load runs (which may have read
   * the catalogs before the change committed) gets one more load after it, however many arrive.
   */
  let queued: Promise<SchemaCache> | undefined
  function reloadAfterNow(): Promise<SchemaCache> {
    if (!loading) return reload()
    const again = () => {
      queued = undefined
      return reload()
    }
    queued ??= loading.then(again, again)
    return queued
  }

  async function getCache(): Promise<SchemaCache> {
    return cache ?? reload()
  }

  /** Migrations may have run since the cache was built: one cheap reload before answering "not found". */
  async function lookup<T>(pick: (cache: SchemaCache) => T | undefined) {
    let current = await getCache()
    let found = pick(current)
    if (!found && Date.now() - current.loadedAt > 500) {
      current = await reload()
      found = pick(current)
    }
    return { found, cache: current }
  }

  async function findRelation(schema: string, name: string): Promise<Relation> {
    const { found } = await lookup((current) => {
      const rel = current.relations.get(relKey(schema, name))
      return rel?.kind === 'type' ? undefined : rel
    })
    if (!found) {
      const tables = [...(await getCache()).relations.values()]
        .filter((rel) => rel.kind !== 'type' && rel.schema === schema)
        .map((rel) => rel.name)
      const similar = fuzzyBest(tables, name, 0.75)
      throw new RestError(
        404,
        'PGRST205',
        `Could not find the table '${schema}.${name}' in the schema cache`,
        null,
        similar === undefined ? null : `Perhaps you meant the table '${schema}.${similar}'`,
      )
    }
    return found
  }

  /** The overloads of a function (none when unknown), with the cache they were found in. */
  async function findRoutines(
    schema: string,
    name: string,
  ): Promise<{ found?: Routine[]; cache: SchemaCache }> {
    return lookup((current) => current.routines.get(relKey(schema, name)))
  }

  async function authenticate(req: IncomingMessage): Promise<Caller> {
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
    ctx: Caller & { req: IncomingMessage; path: string; readOnly: boolean },
    work: (tx: Tx) => Promise<{ result: T; rollback?: boolean }>,
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
    // The transaction and its settings as literals (a multi-statement query takes no parameters),
    // prepared before taking a connection: connections are what runs out under load.
    const set = settings
      .map(([name, value]) => `set_config(${pg.escapeLiteral(name)}, ${pg.escapeLiteral(value)}, true)`)
      .join(', ')
    const begin = `begin isolation level read committed${ctx.readOnly ? ' read only' : ''}; select ${set}`

    const client = await pool.connect()
    let broken = false
    // A connection that dies while checked out (the database stopping under a busy stack) errors on
    // the client, not the pool: without a listener that error would end the process.
    const onError = (error: Error) => {
      broken = true
      log.debug(`rest db connection: ${error.message}`)
    }
    client.on('error', onError)
    // Whether a transaction of this request's is open on the connection.
    let open = false
    const tx: Tx = {
      query: async <R extends pg.QueryResultRow>(sql: string, values: unknown[] = []) => {
        if (open) return client.query<R>(sql, values)
        open = true
        // A statement that starts the transaction travels with its start: one round trip instead
        // of two, each a socket write that wakes PostgreSQL's process and a wait for its answer.
        // Its values go in as literals; a value with none stays a parameter, in a round trip of
        // its own. A read-only statement keeps and undoes nothing, so its transaction ends in the
        // same round trip too; a later one (the planner's count) is a transaction of its own with
        // the same settings.
        const inlined = inlineValues(sql, values)
        if (inlined === undefined) {
          await client.query(begin)
          const result = await client.query<R>(sql, values)
          if (ctx.readOnly) {
            await client.query('commit')
            open = false
          }
          return result
        }
        // Several statements in one text answer with one result each (node-postgres' types know
        // only one).
        const end = ctx.readOnly ? '; commit' : ''
        const results = (await client.query(`${begin}; ${inlined}${end}`)) as unknown as pg.QueryResult<R>[]
        if (ctx.readOnly) open = false
        return results[results.length - (ctx.readOnly ? 2 : 1)] as pg.QueryResult<R>
      },
    }
    try {
      const { result, rollback } = await work(tx)
      if (open) await client.query(rollback ? 'rollback' : 'commit')
      return result
    } catch (error) {
      if (open)
        await client.query('rollback').catch((rollbackError: Error) => {
          broken = true
          log.warn(`rest rollback failed: ${rollbackError.message}`)
        })
      throw error
    } finally {
      client.off('error', onError)
      client.release(broken)
    }
  }

  const listener = listenForReload(options.adminUrl, reloadAfterNow, log)

  return {
    schemas,
    maxRows: config.api.max_rows,
    reload,
    getCache,
    findRelation,
    findRoutines,
    authenticate,
    transaction,
    ready: listener.ready,
    close: async () => {
      await listener.close()
      await pool.end()
    },
  }
}
