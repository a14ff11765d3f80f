/*
 * Who is asking, and the two ways Storage reaches the database (contract §8.2): user steps run as
 * the caller's role with the request settings, so RLS on storage.objects decides; superuser steps
 * (bucket lookup, the final write, signed fetches) bypass it.
 */
import type { IncomingMessage } from 'node:http'
import pg from 'pg'
import { bearerToken, type Claims, verifyJwt } from '../lib/jwt.js'
import type { Logger } from '../lib/log.js'
import { accessDenied } from './errors.js'

export interface Caller {
  role: string
  claims: Claims
  /** The JWT `sub`, the object's `owner_id`. */
  sub?: string
}

export interface StorageRequest {
  req: IncomingMessage
  /** The path after `/storage/v1`, as the client sent it (percent-encoded). */
  path: string
}

const ANON: Caller = { role: 'anon', claims: { role: 'anon' } }

function callerFrom(claims: Claims): Caller {
  const role = typeof claims.role === 'string' && claims.role ? claims.role : 'anon'
  const sub = typeof claims.sub === 'string' ? claims.sub : undefined
  return { role, claims: { ...claims, role }, sub }
}

export type StorageDb = ReturnType<typeof createStorageDb>

export function createStorageDb(options: { authenticatorUrl: string; adminUrl: string; log: Logger }) {
  const { log } = options
  // Small pools: the embedded cluster allows 60 connections, shared with REST, Auth and Realtime.
  const userPool = new pg.Pool({ connectionString: options.authenticatorUrl, max: 6 })
  const adminPool = new pg.Pool({ connectionString: options.adminUrl, max: 4 })
  for (const [name, pool] of [
    ['user', userPool],
    ['admin', adminPool],
  ] as const) {
    // 57P01 (admin_shutdown): the database stops with the stack; the pool drops the idle connection.
    pool.on('error', (error: Error & { code?: string }) => {
      if (error.code !== '57P01') log.warn(`storage ${name} db pool: ${error.message}`)
    })
  }

  /** The caller from `Authorization: Bearer`; a bad or expired token is AccessDenied. */
  async function authenticate(req: IncomingMessage): Promise<Caller> {
    const token = bearerToken(req.headers.authorization)
    if (!token) return ANON
    const result = await verifyJwt(token)
    if (!result.ok)
      throw accessDenied(result.reason === 'expired' ? '"exp" claim timestamp check failed' : result.message)
    return callerFrom(result.claims)
  }

  /** For `GET /object/{bucket}/{path}`, which reads on without a valid JWT: undefined then. */
  async function authenticateOptional(req: IncomingMessage): Promise<Caller | undefined> {
    const token = bearerToken(req.headers.authorization)
    if (!token) return undefined
    const result = await verifyJwt(token)
    return result.ok ? callerFrom(result.claims) : undefined
  }

  async function run<T>(
    pool: pg.Pool,
    begin: string,
    work: (client: pg.PoolClient) => Promise<T>,
    rollback: boolean,
  ): Promise<T> {
    const client = await pool.connect()
    let broken = false
    // A connection dying while checked out errors on the client; unheard, it would end the process.
    const onError = (error: Error) => {
      broken = true
      log.debug(`storage db connection: ${error.message}`)
    }
    client.on('error', onError)
    try {
      await client.query(begin)
      const result = await work(client)
      await client.query(rollback ? 'rollback' : 'commit')
      return result
    } catch (error) {
      await client.query('rollback').catch((rollbackError: Error) => {
        broken = true
        log.warn(`storage rollback failed: ${rollbackError.message}`)
      })
      throw error
    } finally {
      client.off('error', onError)
      client.release(broken)
    }
  }

  /** A transaction as the caller, with Storage's request settings; `rollback` for permission tests. */
  function asCaller<T>(
    caller: Caller,
    request: StorageRequest & { operation: string },
    work: (client: pg.PoolClient) => Promise<T>,
    options: { rollback?: boolean } = {},
  ): Promise<T> {
    const headers: Record<string, string> = {}
    for (const [key, value] of Object.entries(request.req.headers)) {
      if (key !== 'cookie' && value !== undefined)
        headers[key] = Array.isArray(value) ? value.join(', ') : value
    }
    const token = bearerToken(request.req.headers.authorization) ?? ''
    const settings: [string, string][] = [
      ['role', caller.role],
      ['request.jwt.claims', JSON.stringify(caller.claims)],
      ['request.jwt.claim.sub', caller.sub ?? ''],
      ['request.jwt.claim.role', caller.role],
      ['request.jwt', token],
      ['request.headers', JSON.stringify(headers)],
      ['request.method', request.req.method ?? 'GET'],
      ['request.path', request.path],
      ['storage.operation', request.operation],
      ['storage.allow_delete_query', 'true'],
    ]
    const set = settings
      .map(([name, value]) => `set_config(${pg.escapeLiteral(name)}, ${pg.escapeLiteral(value)}, true)`)
      .join(', ')
    return run(userPool, `begin; select ${set}`, work, options.rollback ?? false)
  }

  /** A superuser transaction; deletes are allowed past the protect_*_delete triggers. */
  function asAdmin<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    return run(adminPool, `begin; select set_config('storage.allow_delete_query', 'true', true)`, work, false)
  }

  return {
    authenticate,
    authenticateOptional,
    asCaller,
    asAdmin,
    async close(): Promise<void> {
      await Promise.all([userPool.end(), adminPool.end()])
    },
  }
}
