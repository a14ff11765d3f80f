/*
 * Private channels (contract §9.8, hosted `lib/realtime/tenants/authorization.ex`): in a
 * transaction that is always rolled back, probe rows of `realtime.messages` for the topic,
 * reading as the caller (read) and inserting as the caller in a savepoint (write).
 */
import type pg from 'pg'
import type { Claims } from '../lib/jwt.js'

export interface Permissions {
  broadcastRead: boolean
  presenceRead: boolean
  broadcastWrite: boolean
  presenceWrite: boolean
}

export async function authorize(pool: pg.Pool, claims: Claims, topic: string): Promise<Permissions> {
  const role = typeof claims.role === 'string' && claims.role ? claims.role : 'anon'
  const sub = typeof claims.sub === 'string' ? claims.sub : ''
  const client = await pool.connect()
  let broken = false
  try {
    await client.query(`begin; set local statement_timeout = '5s'`)
    const probes = await client.query<{ id: string; extension: string }>(
      `insert into realtime.messages (topic, extension, private) values ($1, 'broadcast', true), ($1, 'presence', true) returning id::text, extension`,
      [topic],
    )
    await client.query(
      `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
              set_config('request.jwt.claim.sub', $3, true), set_config('request.jwt.claim.role', $1, true),
              set_config('request.headers', '{}', true), set_config('realtime.topic', $4, true)`,
      [role, JSON.stringify(claims), sub, topic],
    )
    const seen = await readable(
      client,
      probes.rows.map((row) => row.id),
    )
    const write = async (extension: string) => {
      await client.query('savepoint realtime_write')
      try {
        await client.query(
          `insert into realtime.messages (topic, extension, private) values ($1, $2, true)`,
          [topic, extension],
        )
        await client.query('release savepoint realtime_write')
        return true
      } catch (error) {
        if ((error as { code?: string }).code !== '42501') throw error
        await client.query('rollback to savepoint realtime_write')
        return false
      }
    }
    const permissions: Permissions = {
      broadcastRead: seen.has('broadcast'),
      presenceRead: seen.has('presence'),
      broadcastWrite: await write('broadcast'),
      presenceWrite: await write('presence'),
    }
    await client.query('rollback')
    return permissions
  } catch (error) {
    // The connection is in an unknown state if even the rollback fails: drop it from the pool.
    await client.query('rollback').catch(() => {
      broken = true
    })
    throw error
  } finally {
    client.release(broken)
  }
}

async function readable(client: pg.PoolClient, ids: string[]): Promise<Set<string>> {
  await client.query('savepoint realtime_read')
  try {
    const { rows } = await client.query<{ extension: string }>(
      `select extension from realtime.messages where id = any($1::uuid[])`,
      [ids],
    )
    await client.query('release savepoint realtime_read')
    return new Set(rows.map((row) => row.extension))
  } catch (error) {
    if ((error as { code?: string }).code !== '42501') throw error
    // Without SELECT on the table the caller may read nothing from any topic.
    await client.query('rollback to savepoint realtime_read')
    return new Set()
  }
}
