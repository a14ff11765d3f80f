import { existsSync, type FSWatcher, readdirSync, readFileSync, watch, writeFileSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { generateTypes } from '../cli/gen-types.js'
import type { ProjectConfig } from '../config/project.js'
import type { Logger } from '../lib/log.js'
import { migrate } from './migrate.js'

export interface SchemaWatchOptions {
  /** The running stack's database (its admin URL). */
  url: string
  supabaseDir: string
  config: ProjectConfig
  log: Logger
  /** Where the `Database` type of `public` is written after each applied migration, if anywhere. */
  typesOut?: string
  /** How long the folder stays quiet before the watcher acts (an editor writes a file in steps). */
  settleMs?: number
}

export interface SchemaWatch {
  /** Resolves once the changes seen so far are handled (tests wait on it). */
  idle(): Promise<void>
  close(): void
}

/** The stored text of every applied migration, by version, to tell a new file from an edited one. */
async function appliedMigrations(url: string): Promise<Map<string, string>> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query<{ version: string; statements: string[] | null }>(
      'select version, statements from supabase_migrations.schema_migrations',
    )
    return new Map(rows.map((row) => [row.version, row.statements?.join('\n') ?? '']))
  } finally {
    await client.end()
  }
}

/**
 * `npm run dev`: a new file in supabase/migrations is applied to the running database and the
 * types are written again, as `supabase migration up` + `supabase gen types` would be run by
 * hand. An applied migration is never run twice, so an edit to one is reported with the command
 * that starts the database again from every file; so is a change under supabase/schemas, which
 * becomes a migration only through a diff the developer reviews.
 */
export function watchSchema(options: SchemaWatchOptions): SchemaWatch {
  const { url, supabaseDir, config, log } = options
  const migrationsDir = path.join(supabaseDir, 'migrations')
  const schemasDir = path.join(supabaseDir, 'schemas')
  const settleMs = options.settleMs ?? 200
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> = Promise.resolve()
  let schemaFilesChanged = false

  async function apply(): Promise<void> {
    if (schemaFilesChanged) {
      schemaFilesChanged = false
      log.warn(
        'supabase/schemas changed: `npm run db:diff -w @siyakha/backend -- <name>` writes the migration for it, which is then applied here.',
      )
    }
    const applied = await appliedMigrations(url)
    const edited = [...applied].filter(([version, sql]) => {
      const file = existingMigration(migrationsDir, version)
      return file !== undefined && readFileSync(file, 'utf8') !== sql
    })
    for (const [version] of edited) {
      log.warn(
        `${path.basename(existingMigration(migrationsDir, version) ?? version)} changed after it was applied; ` +
          'an applied migration does not run again. Start the database again from every migration: stop ' +
          '`npm run dev`, then `npm run reset -w @siyakha/local-supabase`.',
      )
    }
    const result = await migrate({ url, supabaseDir, config, log })
    if (result.applied.length === 0) return
    log.info(`Applied ${result.applied.join(', ')} to the running database.`)
    if (options.typesOut) {
      writeFileSync(options.typesOut, await generateTypes({ url, schema: 'public' }))
      log.info(`Wrote ${path.relative(process.cwd(), options.typesOut)}`)
    }
  }

  // Changes that arrive together (an editor's save, a diff writing several files) are one run.
  let waiting: (() => void)[] = []
  const schedule = () => {
    clearTimeout(timer)
    timer = setTimeout(() => {
      timer = undefined
      const done = waiting
      waiting = []
      running = running
        .then(apply)
        // A broken migration is the developer's to fix; the watcher keeps watching for the fix.
        .catch((error: Error) => log.error(error.message))
        .then(() => {
          for (const resolve of done) resolve()
        })
    }, settleMs)
  }

  const watchers: FSWatcher[] = []
  if (existsSync(migrationsDir)) {
    watchers.push(watch(migrationsDir, (_event, file) => file?.endsWith('.sql') && schedule()))
  }
  if (existsSync(schemasDir)) {
    watchers.push(
      watch(schemasDir, { recursive: true }, (_event, file) => {
        if (!file?.endsWith('.sql')) return
        schemaFilesChanged = true
        schedule()
      }),
    )
  }
  return {
    idle: () =>
      new Promise<void>((resolve) => {
        if (timer) waiting.push(resolve)
        else void running.then(resolve)
      }),
    close() {
      clearTimeout(timer)
      for (const watcher of watchers) watcher.close()
    },
  }
}

function existingMigration(migrationsDir: string, version: string): string | undefined {
  // Read again every time: files come and go while the watcher runs.
  const name = existsSync(migrationsDir)
    ? readdirSync(migrationsDir).find((file) => file.startsWith(`${version}_`) && file.endsWith('.sql'))
    : undefined
  return name ? path.join(migrationsDir, name) : undefined
}
