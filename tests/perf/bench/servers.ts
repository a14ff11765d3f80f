// Builds and serves what the bench measures: the site's production build (`next start`), the
// local Supabase stack it calls (view counters, forms), and the empty reference page beside it.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export const ROOT = join(import.meta.dirname, '../../..')
export const EMPTY_APP = join(ROOT, 'tests/perf/empty-next')
const NEXT_BIN = join(ROOT, 'node_modules/next/dist/bin/next')

const env = {
  ...process.env,
  TURBO_TELEMETRY_DISABLED: '1',
  NEXT_TELEMETRY_DISABLED: '1',
  SANITY_TELEMETRY_DISABLED: '1',
}

function runOrThrow(what: string, command: string, args: string[]) {
  console.log(`▶ ${what}`)
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env })
  if (result.status !== 0) throw new Error(`${what} failed (exit ${result.status ?? result.signal})`)
}

/** Turbo's cache makes an up-to-date site build a no-op; the empty page builds in seconds. */
export function build() {
  runOrThrow('Site build (turbo, cached when fresh)', 'npx', [
    'turbo',
    'run',
    'build',
    '--filter=@siyakha/site',
    '--output-logs=errors-only',
  ])
  runOrThrow('Empty Next.js page build', process.execPath, [NEXT_BIN, 'build', EMPTY_APP])
}

export type Servers = {
  site: string
  empty: string
  /** Process groups of the two servers (each is started detached, as its group's leader). */
  siteGroup: number | undefined
  emptyGroup: number | undefined
  stop: () => Promise<void>
}

async function waitFor(url: string, what: string, child: ChildProcess) {
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`${what} exited (${child.exitCode}) before it was ready`)
    try {
      await fetch(url)
      return
    } catch {
      await new Promise((r) => setTimeout(r, 500))
    }
  }
  throw new Error(`${what} did not come up at ${url}`)
}

/**
 * Waits for a line of the child's output. The stack is not polled on its ports: a poll of
 * 127.0.0.1:54324 before it listens can connect to itself (54324 is in Linux's ephemeral port
 * range) and then hold the port the stack is about to take.
 */
function startedLine(child: ChildProcess, line: RegExp, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = ''
    const timer = setTimeout(() => reject(new Error(`${what} did not start in 120 s`)), 120_000)
    child.stdout?.on('data', (chunk: Buffer) => {
      seen = (seen + chunk.toString()).slice(-4096)
      if (line.test(seen)) {
        clearTimeout(timer)
        child.stdout?.resume()
        resolve()
      }
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`${what} exited (${code}) before it was ready`))
    })
  })
}

/**
 * Starts the Content Lake and the stack (unless a Sanity or Supabase project is configured), the
 * site and the empty page.
 */
export async function start(sitePort: number, emptyPort: number): Promise<Servers> {
  const children: ChildProcess[] = []
  const run = (
    what: string,
    command: string,
    args: string[],
    extra: Record<string, string> = {},
    stdout: 'ignore' | 'pipe' = 'ignore',
  ) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      stdio: ['ignore', stdout, 'inherit'],
      env: { ...env, ...extra },
      detached: true,
    })
    children.push(child)
    return { what, child }
  }
  const stop = async () => {
    for (const child of children) {
      if (child.exitCode === null && child.pid) {
        try {
          process.kill(-child.pid, 'SIGTERM')
        } catch {}
      }
    }
    await Promise.all(
      children.map((c) => c.exitCode === null && new Promise((r) => c.once('exit', r))),
    ).catch(() => {})
    for (const dir of [dataDir, lakeDir]) if (dir) rmSync(dir, { recursive: true, force: true })
  }
  let dataDir: string | undefined
  let lakeDir: string | undefined
  try {
    if (!process.env.SANITY_PROJECT_ID) {
      // The site reads its content from the local Content Lake, freshly seeded as in the e2e suite.
      lakeDir = mkdtempSync(join(tmpdir(), 'siyakha-bench-lake-'))
      const lake = run(
        'The local Content Lake',
        process.execPath,
        [join(ROOT, 'packages/local-content-lake/bin/local-content-lake.mjs'), 'start'],
        { LOCAL_CONTENT_LAKE_DATA_DIR: lakeDir },
        'pipe',
      )
      await startedLine(lake.child, /API for Node clients/, lake.what)
    }
    if (!process.env.NEXT_PUBLIC_SUPABASE_URL) {
      // A fresh, seeded database in a throwaway folder, as the e2e suite starts it.
      dataDir = mkdtempSync(join(tmpdir(), 'siyakha-bench-stack-'))
      const stack = run(
        'The local Supabase stack',
        process.execPath,
        [join(ROOT, 'packages/local-supabase/bin/local-supabase.mjs'), 'start'],
        { LOCAL_SUPABASE_DATA_DIR: dataDir },
        'pipe',
      )
      await startedLine(stack.child, /local-supabase started/, stack.what)
    }
    const site = run('The site', 'npm', ['run', 'start', '-w', '@siyakha/site'], { PORT: String(sitePort) })
    const empty = run('The empty page', process.execPath, [
      NEXT_BIN,
      'start',
      EMPTY_APP,
      '--port',
      String(emptyPort),
    ])
    const siteUrl = `http://localhost:${sitePort}`
    const emptyUrl = `http://localhost:${emptyPort}`
    await waitFor(`${siteUrl}/robots.txt`, site.what, site.child)
    await waitFor(emptyUrl, empty.what, empty.child)
    return { site: siteUrl, empty: emptyUrl, siteGroup: site.child.pid, emptyGroup: empty.child.pid, stop }
  } catch (error) {
    await stop()
    throw error
  }
}
