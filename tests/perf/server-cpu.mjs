#!/usr/bin/env node
// Server CPU per request of pages on servers already running on this machine: the figure to compare
// two builds by. Not a test.
//
//   npm run perf:server-cpu -w tests -- [--as agent@siyakha.example] [--rounds 5] [--seconds 3] \
//     http://localhost:3013/portal/my-tickets http://localhost:3011/portal/my-tickets
//
// Serve the build before a change on one port and the build after it on another (a copy of the
// app folder with its .next, started with `next start -p`), then name a page on each. Every URL is
// loaded at one connection for `--seconds`, one after another, `--rounds` times, and the CPU its
// server's process spent (Linux /proc: user + system, all threads) is divided by the requests it
// answered, after `--warm-up` seconds of load on each. Round by round the URLs share whatever else the machine is doing, which swings
// throughput and latency here by ±30% between runs; the medians of interleaved rounds moved by a
// few percent. `--as` signs in on the local Supabase stack and sends that session's cookie.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { sessionCookie, signIn } from './local-session.mjs'

const { values, positionals: urls } = parseArgs({
  allowPositionals: true,
  options: {
    as: { type: 'string' },
    supabase: { type: 'string', default: 'http://127.0.0.1:54321' },
    rounds: { type: 'string', default: '5' },
    seconds: { type: 'string', default: '3' },
    // A fresh `next start` keeps getting faster for about a minute of load.
    'warm-up': { type: 'string', default: '20' },
  },
})
if (urls.length === 0) throw new Error('Name at least one URL of a running server.')

const CLOCK_TICKS_PER_MS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) / 1000

/** The process listening on the URL's port (ss, as root sees every process's sockets). */
function serverPid(url) {
  const port = new URL(url).port || '80'
  const listening = execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' })
  const pid = listening.match(/pid=(\d+)/)?.[1]
  if (!pid) throw new Error(`No process listens on port ${port} (${url})`)
  return pid
}

/** User + system CPU ms of one process, all its threads. */
function cpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  // After "pid (comm) ": state ppid … utime (14th field) stime (15th).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_MS
}

const headers = {}
if (values.as) {
  const { name, value } = sessionCookie(values.supabase, await signIn(values.supabase, values.as))
  headers.cookie = `${name}=${value}`
}

const run = (url, seconds) => autocannon({ url, connections: 1, duration: seconds, headers })
const servers = new Map(urls.map((url) => [url, serverPid(url)]))
const perRequest = new Map(urls.map((url) => [url, []]))
const last = new Map()

for (const url of urls) await run(url, Number(values['warm-up']))
for (let round = 0; round < Number(values.rounds); round++) {
  for (const url of urls) {
    const pid = servers.get(url)
    const before = cpuMs(pid)
    const result = await run(url, Number(values.seconds))
    if (result.requests.total === 0) throw new Error(`${url} answered no request`)
    perRequest.get(url).push((cpuMs(pid) - before) / result.requests.total)
    last.set(url, result)
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
console.table(
  urls.map((url) => {
    const result = last.get(url)
    return {
      url,
      'CPU ms/request (median)': Number(median(perRequest.get(url)).toFixed(1)),
      rounds: perRequest
        .get(url)
        .map((ms) => ms.toFixed(1))
        .join(' '),
      'KB/response': Number((result.throughput.average / result.requests.average / 1000).toFixed(1)),
      non2xx: result.non2xx,
    }
  }),
)
