// The real Supabase CLI (the pinned `supabase` dev dependency, its binary from the platform
// package npm installs, so it runs offline) and throwaway copies of this supabase/ folder for it.
import { execFile } from 'node:child_process'
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** The repository root: the CLI's workdir, which holds supabase/. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
export const SUPABASE_DIR = path.join(REPO_ROOT, 'supabase')
const SUPABASE_CLI = path.join(REPO_ROOT, 'node_modules', '.bin', 'supabase')

/** The migration files, in the order the CLI and the stand-in apply them. */
export const MIGRATION_FILES = readdirSync(path.join(SUPABASE_DIR, 'migrations'))
  .filter((name) => /^\d+_.+\.sql$/.test(name))
  .sort()

export interface CliResult {
  code: number
  stdout: string
  stderr: string
}

// Telemetry off: a test must not report home.
const CLI_ENV = { SUPABASE_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1' }

function run(file: string, args: string[], env: Record<string, string>): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      file,
      args,
      { cwd: REPO_ROOT, env: { ...process.env, ...env }, timeout: 120_000, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0
        resolve({ code, stdout, stderr: error && !stderr ? error.message : stderr })
      },
    )
  })
}

/** Runs the CLI in `workdir` without prompts. */
export function supabaseCli(args: string[], workdir = REPO_ROOT): Promise<CliResult> {
  return run(SUPABASE_CLI, [...args, '--workdir', workdir, '--yes'], CLI_ENV)
}

/** One of the backend workspace's npm scripts, as a developer runs it from the repository root. */
export function npmRun(script: string, args: string[], env: Record<string, string>): Promise<CliResult> {
  return run('npm', ['run', '--silent', script, '-w', '@siyakha/backend', '--', ...args], {
    ...CLI_ENV,
    ...env,
  })
}

/** A database URL as the CLI takes it: the embedded PostgreSQL speaks no TLS. */
export function cliDbUrl(url: string): string {
  const parsed = new URL(url)
  parsed.searchParams.set('sslmode', 'disable')
  return parsed.toString()
}

/**
 * Why a CLI run should fail the build: a non-zero exit, or a migration file the CLI skipped (it
 * only warns, and a skipped file is never deployed).
 */
export function cliProblems(result: CliResult): string[] {
  const problems = result.stderr
    .split('\n')
    .filter((line) => /^Skipping migration /.test(line.trim()))
    .map((line) => line.trim())
  if (result.code !== 0) problems.unshift(`exit ${result.code}: ${result.stderr.trim()}`)
  return problems
}

/**
 * A copy of supabase/ (config.toml, migrations, seed.sql, templates) in the temp folder, as a workdir, with
 * extra migration files and config.toml changed by `config`.
 */
export function projectCopy(
  changes: { migrations?: Record<string, string>; config?: (toml: string) => string } = {},
): { workdir: string; supabaseDir: string; remove: () => void } {
  const workdir = mkdtempSync(path.join(tmpdir(), 'siyakha-project-copy-'))
  const supabaseDir = path.join(workdir, 'supabase')
  const source = SUPABASE_DIR
  cpSync(path.join(source, 'migrations'), path.join(supabaseDir, 'migrations'), { recursive: true })
  cpSync(path.join(source, 'seed.sql'), path.join(supabaseDir, 'seed.sql'))
  // The auth mail templates config.toml names (the CLI reads them when it loads the config).
  cpSync(path.join(source, 'templates'), path.join(supabaseDir, 'templates'), { recursive: true })
  const toml = readFileSync(path.join(source, 'config.toml'), 'utf8')
  writeFileSync(path.join(supabaseDir, 'config.toml'), changes.config ? changes.config(toml) : toml)
  for (const [name, sql] of Object.entries(changes.migrations ?? {})) {
    writeFileSync(path.join(supabaseDir, 'migrations', name), sql)
  }
  return { workdir, supabaseDir, remove: () => rmSync(workdir, { recursive: true, force: true }) }
}
