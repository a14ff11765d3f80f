// The real Supabase CLI (pinned, run offline) reads this project as a deploy would: config.toml
// must load, and every migration file must be one it pushes. Against the stand-in, which applied
// the same folder, `db push --dry-run` finds nothing to do; anything else fails the build.
import { describe, expect, it } from 'vitest'
import { urls } from './helpers'
import {
  type CliResult,
  cliDbUrl,
  cliProblems,
  MIGRATION_FILES,
  npmRun,
  projectCopy,
  supabaseCli,
} from './supabase-cli'

async function dryRun(changes: Parameters<typeof projectCopy>[0]): Promise<CliResult> {
  const copy = projectCopy(changes)
  try {
    return await supabaseCli(['db', 'push', '--dry-run', '--db-url', cliDbUrl(urls.db)], copy.workdir)
  } finally {
    copy.remove()
  }
}

it('db push --dry-run (npm run db:push) loads config.toml and finds every migration applied on the stand-in', async () => {
  const result = await npmRun('db:push', ['--dry-run'], { SUPABASE_DB_URL: cliDbUrl(urls.db) })
  expect(cliProblems(result)).toEqual([])
  expect(result.stdout).toContain('Remote database is up to date.')
}, 60_000)

it('npm run db:list shows each migration file applied on the stand-in', async () => {
  const result = await npmRun('db:list', [], { SUPABASE_DB_URL: cliDbUrl(urls.db) })
  expect(cliProblems(result)).toEqual([])
  // Rows "local | remote | time", the versions in backquotes.
  const rows = result.stdout
    .split('\n')
    .map((line) => line.split('|').map((cell) => cell.replaceAll('`', '').trim()))
    .filter((cells) => cells.length === 3 && /^\d*$/.test(cells[0] ?? '') && /^\d+$/.test(cells[1] ?? ''))
  const versions = MIGRATION_FILES.map((name) => name.split('_')[0])
  expect(rows.map(([local, remote]) => ({ local, remote }))).toEqual(
    versions.map((version) => ({ local: version, remote: version })),
  )
}, 60_000)

describe('fails the build on', () => {
  it('a config.toml that is not TOML', async () => {
    const result = await dryRun({ config: (toml) => `${toml}\n[db\nport = 1\n` })
    expect(cliProblems(result).join('\n')).toMatch(/^exit 1: failed to load config: Invalid TOML/)
  }, 60_000)

  it('a config.toml setting the CLI cannot read', async () => {
    const result = await dryRun({
      config: (toml) => toml.replace(/^major_version = 17$/m, 'major_version = "seventeen"'),
    })
    expect(cliProblems(result).join('\n')).toMatch(
      /^exit 1: Failed reading config: Invalid db\.major_version/,
    )
  }, 60_000)

  it('a migration file the CLI skips for its name', async () => {
    const result = await dryRun({ migrations: { '20261201-ticket-tags.sql': 'select 1;\n' } })
    expect(cliProblems(result)).toEqual([
      'Skipping migration 20261201-ticket-tags.sql... (file name must match pattern "<timestamp>_name.sql")',
    ])
  }, 60_000)

  it('a migration dated before one already applied', async () => {
    const result = await dryRun({ migrations: { '20261121000050_before_the_first.sql': 'select 1;\n' } })
    expect(cliProblems(result).join('\n')).toMatch(
      /^exit 1: [\s\S]*Found local migration files to be inserted before the last migration on remote database/,
    )
  }, 60_000)
})
