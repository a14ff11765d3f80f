import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import type { ProjectConfig } from '../config/project.js'
import type { Logger } from '../lib/log.js'
import { bootstrapSql } from './bootstrap-sql.js'

const MIGRATION_FILE = /^(\d+)_(.+)\.sql$/

function describePgError(error: unknown, file: string): Error {
  const e = error as pg.DatabaseError
  const where = e.position ? ` (at character ${e.position})` : ''
  return new Error(
    `${file}: ${e.message}${where}${e.detail ? `\n  ${e.detail}` : ''}${e.hint ? `\n  hint: ${e.hint}` : ''}`,
  )
}

/**
 * Bootstrap, then apply new `supabase/migrations/*.sql` in version order (tracked in
 * `supabase_migrations.schema_migrations` like the CLI), then the seed files on first run only.
 */
export async function migrate(options: {
  url: string
  supabaseDir: string
  config: ProjectConfig
  log: Logger
  /**
   * Where the bootstrap runs when migrations are applied by a role that could not run it (hosted
   * applies them as a `postgres` that is not a superuser), and SQL to run there after it.
   */
  bootstrap?: { url: string; after?: string }
}): Promise<{ applied: string[]; seeded: boolean }> {
  const { url, supabaseDir, config, log } = options
  const bootstrap = bootstrapSql({ autoExposeNewTables: config.api.auto_expose_new_tables })
  if (options.bootstrap) {
    const admin = new pg.Client({ connectionString: options.bootstrap.url })
    await admin.connect()
    try {
      await admin.query(bootstrap)
      if (options.bootstrap.after) await admin.query(options.bootstrap.after)
    } finally {
      await admin.end()
    }
  }
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    if (!options.bootstrap) await client.query(bootstrap)
    const { rows } = await client.query<{ version: string }>(
      'select version from supabase_migrations.schema_migrations',
    )
    const done = new Set(rows.map((row) => row.version))
    const firstRun = done.size === 0
    const migrationsDir = path.join(supabaseDir, 'migrations')
    const files = existsSync(migrationsDir)
      ? readdirSync(migrationsDir)
          .filter((name) => MIGRATION_FILE.test(name))
          .sort()
      : []
    const applied: string[] = []
    for (const file of files) {
      const [, version = '', name = ''] = MIGRATION_FILE.exec(file) ?? []
      if (done.has(version)) continue
      log.step(`Applying migration ${file}`)
      const sql = readFileSync(path.join(migrationsDir, file), 'utf8')
      try {
        await client.query('begin')
        await client.query(sql)
        await client.query(
          'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)',
          [version, name, [sql]],
        )
        await client.query('commit')
      } catch (error) {
        await client.query('rollback')
        throw describePgError(error, `supabase/migrations/${file}`)
      }
      applied.push(file)
    }
    let seeded = false
    if (config.db.seed.enabled && (firstRun || applied.length > 0)) {
      const seeded_ = await client.query<{ n: string }>(
        'select count(*) as n from supabase_migrations.seed_files',
      )
      if (Number(seeded_.rows[0]?.n ?? 0) === 0) {
        for (const relative of config.db.seed.sql_paths) {
          const file = path.resolve(supabaseDir, relative)
          if (!existsSync(file)) continue
          log.step(`Seeding ${path.relative(supabaseDir, file)}`)
          const sql = readFileSync(file, 'utf8')
          try {
            await client.query('begin')
            await client.query(sql)
            await client.query('insert into supabase_migrations.seed_files (path, hash) values ($1, $2)', [
              relative,
              createHash('sha256').update(sql).digest('hex'),
            ])
            await client.query('commit')
          } catch (error) {
            await client.query('rollback')
            throw describePgError(error, path.relative(path.dirname(supabaseDir), file))
          }
          seeded = true
        }
      }
    }
    await client.query(`notify pgrst, 'reload schema'`)
    return { applied, seeded }
  } finally {
    await client.end()
  }
}

/** `reset`: drop everything user-visible and re-create it, as `supabase db reset` does. */
export async function resetDatabase(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(`
      drop schema if exists public cascade;
      drop schema if exists auth cascade;
      drop schema if exists storage cascade;
      drop schema if exists supabase_migrations cascade;
      drop publication if exists supabase_realtime;
      create schema public;
      alter schema public owner to pg_database_owner;
      grant usage on schema public to public;
    `)
  } finally {
    await client.end()
  }
}
