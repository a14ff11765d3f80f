// Local measurements: cold start (first init / later start), RSS of the stack, req/s of an authenticated select.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { silentLogger, startStack } from '../src/index.js'

const rootDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures')
const dataDir = mkdtempSync(path.join(tmpdir(), 'local-supabase-bench-'))
const ports = { api: 47321, db: 47322, mailbox: 47324, smtp: 47325, graph: 47330 }

function treeRssMb(pid: number): number {
  const out = execFileSync('ps', ['-eo', 'pid=,ppid=,rss=']).toString()
  const rows = out
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number, number])
  const pids = new Set([pid])
  let grew = true
  while (grew) {
    grew = false
    for (const [p, parent] of rows)
      if (pids.has(parent) && !pids.has(p)) {
        pids.add(p)
        grew = true
      }
  }
  return rows.filter(([p]) => pids.has(p)).reduce((sum, [, , rss]) => sum + rss, 0) / 1024
}

let t = performance.now()
let stack = await startStack({ rootDir, dataDir, ports, log: silentLogger })
const first = performance.now() - t
await stack.stop()
t = performance.now()
stack = await startStack({ rootDir, dataDir, ports, log: silentLogger })
const later = performance.now() - t

const signIn = await fetch(`${stack.urls.auth}/admin/users`, {
  method: 'POST',
  headers: {
    apikey: stack.keys.serviceRoleKey,
    Authorization: `Bearer ${stack.keys.serviceRoleKey}`,
    'Content-Type': 'application/json',
  },
  body: JSON.stringify({ email: 'bench@example.com', password: 'password123', email_confirm: true }),
})
if (!signIn.ok) throw new Error(`create user: ${signIn.status}`)
const session = (await (
  await fetch(`${stack.urls.auth}/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: stack.keys.anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'bench@example.com', password: 'password123' }),
  })
).json()) as { access_token: string }

const result = await autocannon({
  url: `${stack.urls.rest}/numbers?select=id,label&id=lte.10`,
  headers: { apikey: stack.keys.anonKey, Authorization: `Bearer ${session.access_token}` },
  connections: 10,
  duration: 10,
})
const rss = treeRssMb(process.pid)
console.log(
  JSON.stringify(
    {
      coldStartFirstInitMs: Math.round(first),
      coldStartLaterMs: Math.round(later),
      stackRssMb: Math.round(rss),
      restSelectReqPerSec: Math.round(result.requests.average),
      restSelectLatencyP50Ms: result.latency.p50,
      restSelectLatencyP99Ms: result.latency.p99,
      non2xx: result.non2xx,
    },
    null,
    2,
  ),
)
await stack.stop()
rmSync(dataDir, { recursive: true, force: true })
