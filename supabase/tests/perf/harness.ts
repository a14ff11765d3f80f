// What the backend benchmarks share: the local stack in a process of its own, as `npm start` runs
// it (the load generator then does not share the gateway's event loop), a supabase-js client as
// the apps build one, and percentiles.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { ANON_KEY } from '@siyakha/local-supabase'
import type { Database } from '@siyakha/supabase/types'
import { createClient } from '@supabase/supabase-js'
import ws from 'ws'

export const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN
}

/** A client that keeps no session of its own (each benchmark user signs in with one). */
export function client(url: string, key: string) {
  return createClient<Database>(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as never },
  })
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')

export interface StackProcess {
  api: string
  mailbox: string
  /** The mailbox's SMTP port: mail sent here to the support addresses comes back in as replies. */
  smtpPort: number
  /** The WhatsApp Graph API stand-in. */
  graph: string
  db: string
  child: ChildProcess
}

/** `local-supabase start` on throwaway ports and data, ready once its auth health check answers. */
export async function startStackProcess(
  dataDir: string,
  extraEnv: Record<string, string> = {},
): Promise<StackProcess> {
  const base = 43000 + Math.floor(Math.random() * 400) * 10
  const api = `http://127.0.0.1:${base + 1}`
  const cli = path.join(repoRoot, 'packages/local-supabase/bin/local-supabase.mjs')
  // PERF_STACK_PROFILE=<dir>: the stack's Node process writes a V8 CPU profile there when it stops.
  const profile = process.env.PERF_STACK_PROFILE
  const nodeArgs = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []
  const child = spawn(process.execPath, [...nodeArgs, cli, 'start'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      LOCAL_SUPABASE_DATA_DIR: dataDir,
      LOCAL_SUPABASE_API_PORT: String(base + 1),
      LOCAL_SUPABASE_DB_PORT: String(base + 2),
      LOCAL_SUPABASE_MAIL_PORT: String(base + 4),
      LOCAL_SUPABASE_SMTP_PORT: String(base + 5),
      LOCAL_SUPABASE_GRAPH_PORT: String(base + 6),
      // One address signs every customer in, as the test runs do (the product's limit is per address).
      LOCAL_SUPABASE_SIGN_IN_SIGN_UPS: process.env.LOCAL_SUPABASE_SIGN_IN_SIGN_UPS ?? '10000',
      ...extraEnv,
    },
  })
  const deadline = Date.now() + 180_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the stack exited with ${child.exitCode}`)
    const healthy = await fetch(`${api}/auth/v1/health`, { headers: { apikey: ANON_KEY } }).then(
      (r) => r.ok,
      () => false,
    )
    if (healthy) {
      return {
        api,
        mailbox: `http://127.0.0.1:${base + 4}`,
        smtpPort: base + 5,
        graph: `http://127.0.0.1:${base + 6}`,
        db: `postgresql://postgres:postgres@127.0.0.1:${base + 2}/postgres`,
        child,
      }
    }
    if (Date.now() > deadline) throw new Error('the stack did not start within 3 minutes')
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

/** Clock ticks per second of /proc's CPU times (USER_HZ), as tests/perf/bench/load.ts reads it. */
const TICKS_PER_SECOND = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim() || 100)

/**
 * CPU time in milliseconds of a process and all its descendants, by kind (PostgreSQL, Deno, and
 * the stack's Node processes), read from Linux's /proc. A backend or worker that exited is counted
 * by its parent once reaped: PostgreSQL's under PostgreSQL, anyone else's as "exited children".
 * Undefined where there is no /proc.
 */
export function processTreeCpu(rootPid: number): Record<string, number> | undefined {
  if (!existsSync('/proc/self/stat')) return undefined
  const processes = new Map<number, { parent: number; comm: string; own: number; reaped: number }>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    let stat: string
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
    } catch {
      continue // it exited while we looked
    }
    // The command name is in parentheses and may hold spaces; the fields after it are numbers.
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    const field = (n: number) => Number(fields[n] ?? 0)
    // ppid, then utime and stime (own), cutime and cstime (children it has reaped).
    processes.set(Number(entry), {
      parent: field(1),
      comm,
      own: field(11) + field(12),
      reaped: field(13) + field(14),
    })
  }
  const kind = (comm: string) =>
    comm === 'postgres' ? 'PostgreSQL' : comm === 'deno' ? 'Deno' : 'stack (Node)'
  const inTree = (pid: number) => {
    for (let p: number | undefined = pid; p; p = processes.get(p)?.parent) if (p === rootPid) return true
    return false
  }
  const totals: Record<string, number> = {}
  const add = (key: string, ticks: number) => {
    totals[key] = (totals[key] ?? 0) + (ticks * 1000) / TICKS_PER_SECOND
  }
  for (const [pid, proc] of processes) {
    if (!inTree(pid)) continue
    add(kind(proc.comm), proc.own)
    add(proc.comm === 'postgres' ? 'PostgreSQL' : 'exited children', proc.reaped)
  }
  return totals
}
