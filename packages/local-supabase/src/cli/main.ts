import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { env } from '../config/env.js'
import { stackKeys } from '../config/keys.js'
import { loadProjectConfig } from '../config/project.js'
import { migrate } from '../db/migrate.js'
import { startEmbeddedPostgres } from '../db/postgres.js'
import { type SchemaWatch, watchSchema } from '../db/watch.js'
import { parseDotEnv } from '../functions/runner.js'
import { consoleLogger, silentLogger } from '../lib/log.js'
import { DEFAULT_DATA_DIR, REPO_ROOT } from '../lib/paths.js'
import { type RunningStack, resolvePorts, startStack } from '../stack.js'
import { removeStorageFiles, storageDir } from '../storage/files.js'
import { generateTypes } from './gen-types.js'

const log = consoleLogger({ debug: Boolean(process.env.LOCAL_SUPABASE_DEBUG) })
const dataDir = path.resolve(env.LOCAL_SUPABASE_DATA_DIR ?? DEFAULT_DATA_DIR)
const rootDir = path.resolve(env.LOCAL_SUPABASE_ROOT ?? REPO_ROOT)
const stateFile = path.join(dataDir, 'stack.json')

interface State {
  pid: number
  urls: RunningStack['urls']
}

function readState(): State | undefined {
  if (!existsSync(stateFile)) return undefined
  const state = JSON.parse(readFileSync(stateFile, 'utf8')) as State
  try {
    process.kill(state.pid, 0)
    return state
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error
    rmSync(stateFile, { force: true })
    return undefined
  }
}

function printStatus(urls: RunningStack['urls']): void {
  const rows: [string, string][] = [
    ['API URL', urls.api],
    ['REST URL', urls.rest],
    ['Functions URL', urls.functions],
    ['DB URL', urls.db],
    ['Mailbox URL', urls.mailbox],
    ['WhatsApp Graph API', urls.graph],
    ['SMTP', urls.smtp],
    ['Publishable key', stackKeys.publishableKey],
    ['Secret key', stackKeys.secretKey],
    ['anon key', stackKeys.anonKey],
    ['service_role key', stackKeys.serviceRoleKey],
    ['JWT secret', stackKeys.jwtSecret],
  ]
  const width = Math.max(...rows.map(([k]) => k.length))
  for (const [key, value] of rows) console.log(`${key.padStart(width)}: ${value}`)
}

async function start({ watch = false } = {}): Promise<void> {
  const running = readState()
  if (running) {
    log.info(`local-supabase is already running (pid ${running.pid}).`)
    printStatus(running.urls)
    return
  }
  const started = Date.now()
  const envFile = env.LOCAL_SUPABASE_FUNCTIONS_ENV_FILE && path.resolve(env.LOCAL_SUPABASE_FUNCTIONS_ENV_FILE)
  if (envFile && !existsSync(envFile))
    throw new Error(`LOCAL_SUPABASE_FUNCTIONS_ENV_FILE: no file at ${envFile}`)
  const functionsEnv = envFile ? parseDotEnv(envFile) : undefined
  const stack = await startStack({ rootDir, dataDir, log, functionsEnv })
  writeFileSync(stateFile, JSON.stringify({ pid: process.pid, urls: stack.urls } satisfies State, null, 2))
  log.info(`\nlocal-supabase started in ${((Date.now() - started) / 1000).toFixed(1)}s\n`)
  printStatus(stack.urls)
  let schemaWatch: SchemaWatch | undefined
  if (watch) {
    const typesOut = option('--types-out')
    schemaWatch = watchSchema({
      url: stack.urls.db,
      supabaseDir: path.join(rootDir, 'supabase'),
      config: stack.config,
      log,
      typesOut: typesOut && path.resolve(typesOut),
    })
    log.info(
      `\nWatching supabase/migrations: a new migration is applied to this database${typesOut ? ` and ${typesOut} written again` : ''}; edge functions run the saved code on their next call.`,
    )
  }
  let stopping = false
  const shutdown = async (signal: string) => {
    if (stopping) return
    stopping = true
    log.step(`Stopping (${signal})`)
    schemaWatch?.close()
    await stack.stop()
    rmSync(stateFile, { force: true })
    process.exit(0)
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
}

async function stop(): Promise<void> {
  const running = readState()
  if (!running) {
    log.info('local-supabase is not running.')
    return
  }
  process.kill(running.pid, 'SIGTERM')
  for (let i = 0; i < 100; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100))
    if (!readState()) {
      log.info('Stopped local-supabase.')
      return
    }
  }
  throw new Error(`local-supabase (pid ${running.pid}) did not stop within 10 s`)
}

async function reset(): Promise<void> {
  if (readState()) throw new Error('Stop the running stack first: local-supabase stop')
  const pgDir = path.join(dataDir, 'postgres')
  log.step(`Removing ${pgDir}`)
  rmSync(pgDir, { recursive: true, force: true })
  // Object bytes belong to the rows just dropped; kept, they would only be orphans.
  log.step(`Removing ${storageDir(dataDir)}`)
  removeStorageFiles(dataDir)
  const db = await startEmbeddedPostgres({
    dataDir,
    port: resolvePorts().db,
    host: env.LOCAL_SUPABASE_HOST,
    log,
  })
  try {
    const supabaseDir = path.join(rootDir, 'supabase')
    const result = await migrate({ url: db.url, supabaseDir, config: loadProjectConfig(supabaseDir), log })
    log.info(
      `Database reset: ${result.applied.length} migration(s) applied${result.seeded ? ', seeded' : ''}.`,
    )
  } finally {
    await db.stop()
  }
}

async function status(): Promise<void> {
  const running = readState()
  if (!running) {
    log.info('local-supabase is not running. Start it with: npm run start -w @siyakha/local-supabase')
    process.exitCode = 1
    return
  }
  const health = await fetch(`${running.urls.auth}/health`, { headers: { apikey: stackKeys.anonKey } })
  log.info(`local-supabase is running (pid ${running.pid}), auth health ${health.status}.\n`)
  printStatus(running.urls)
}

function option(name: string): string | undefined {
  const args = process.argv.slice(3)
  const i = args.indexOf(name)
  if (i >= 0) return args[i + 1]
  return args.find((arg) => arg.startsWith(`${name}=`))?.slice(name.length + 1)
}

/**
 * `gen-types [--out file] [--db-url url] [--schema public]`: the `Database` type of the schema.
 * Reads the running stack's database, `--db-url`/DATABASE_URL, or else starts the data dir's
 * Postgres just long enough to apply pending migrations and read the catalog.
 */
async function genTypes(): Promise<void> {
  const out = option('--out')
  const schema = option('--schema') ?? 'public'
  const write = (text: string) => {
    if (out) {
      writeFileSync(out, text)
      log.info(`Wrote ${path.relative(process.cwd(), path.resolve(out))}`)
    } else process.stdout.write(text)
  }
  const url = option('--db-url') ?? env.DATABASE_URL ?? readState()?.urls.db
  if (url) {
    write(await generateTypes({ url, schema }))
    return
  }
  const db = await startEmbeddedPostgres({
    dataDir,
    port: resolvePorts().db,
    host: env.LOCAL_SUPABASE_HOST,
    log: silentLogger,
  })
  try {
    const supabaseDir = path.join(rootDir, 'supabase')
    await migrate({
      url: db.url,
      supabaseDir,
      config: loadProjectConfig(supabaseDir),
      log: silentLogger,
    })
    write(await generateTypes({ url: db.url, schema }))
  } finally {
    await db.stop()
  }
}

/** `dev`: `start`, and new migrations are applied to the running database (`npm run dev`). */
const dev = () => start({ watch: true })

const commands: Record<string, () => Promise<void>> = {
  start: () => start(),
  dev,
  stop,
  reset,
  status,
  'gen-types': genTypes,
}
const command = process.argv[2] ?? 'help'
const run = commands[command]
if (!run) {
  console.log(
    'Usage: local-supabase <start|dev [--types-out file]|stop|reset|status|gen-types [--out file] [--db-url url]>',
  )
  process.exitCode = command === 'help' ? 0 : 1
} else {
  run().catch((error: Error) => {
    log.error(error.message)
    process.exit(1)
  })
}
