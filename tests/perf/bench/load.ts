// Throughput of cached pages: autocannon from this process on loopback, 50 connections. Every
// non-2xx answer counts as an error; the response headers say whether Next served from its cache.
// Each URL is first loaded for a few seconds and that run thrown away, so both servers are measured
// warm: a cold run measures V8 compiling the server's code paths for that page, and whichever
// server went first would pay it (the site's first page measured ~0.15× cold, ~0.35× warm).
//
// On two cores the server and autocannon share the machine, and a big page can keep the load
// generator busier than the server: serving home, `next start` sat idle half the time while
// autocannon parsed ~30 MB/s of HTML. So each run also reads the CPU time the server's processes
// spent (Linux /proc) and that of this process: the server's CPU per request is its cost whatever
// the client, and "busy" says which side was the limit.
import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import autocannon from 'autocannon'

export type LoadResult = {
  url: string
  requestsPerSecond: number
  requests: number
  errors: number
  /** x-nextjs-cache of a single GET (HIT, STALE, MISS, or '' when Next renders per request). */
  cache: string
  cacheControl: string
  /** CPU time of the server's process group per answered request, in ms (null off Linux). */
  serverCpuMsPerRequest: number | null
  /** The server's CPU time over the run's wall time: 1 is one core kept busy. */
  serverBusy: number | null
  /** The same for this process, where autocannon runs. */
  clientBusy: number
}

/** Seconds of load thrown away before each measured run. */
export const WARM_UP_SECONDS = 3

const CLOCK_TICKS_PER_MS =
  Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim() || 100) / 1000

/** User + system CPU ms of every process in process group `group` (null where /proc is not Linux's). */
function groupCpuMs(group: number): number | null {
  let ticks = 0
  let found = false
  let pids: string[]
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name))
  } catch {
    return null
  }
  for (const pid of pids) {
    let stat: string
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    } catch {
      continue // ended meanwhile
    }
    // After "pid (comm) ": state ppid pgrp … utime (14th field) stime (15th).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    if (Number(fields[2]) !== group) continue
    found = true
    ticks += Number(fields[11]) + Number(fields[12])
  }
  return found ? ticks / CLOCK_TICKS_PER_MS : null
}

/** `serverGroup`: the process group of the server answering `url` (its CPU is read around the run). */
export async function load(
  url: string,
  seconds: number,
  serverGroup: number | undefined,
  connections = 50,
): Promise<LoadResult> {
  const head = await fetch(url)
  await head.arrayBuffer()
  await autocannon({ url, connections, duration: WARM_UP_SECONDS })
  const serverBefore = serverGroup ? groupCpuMs(serverGroup) : null
  const clientBefore = process.cpuUsage()
  const startedAt = performance.now()
  const result = await autocannon({ url, connections, duration: seconds })
  const wallMs = performance.now() - startedAt
  const client = process.cpuUsage(clientBefore)
  const serverAfter = serverGroup ? groupCpuMs(serverGroup) : null
  const serverMs = serverBefore !== null && serverAfter !== null ? serverAfter - serverBefore : null
  const ok = result['2xx']
  return {
    url,
    requestsPerSecond: result.requests.average,
    requests: result.requests.total,
    errors: result.non2xx + result.errors + result.timeouts,
    cache: head.headers.get('x-nextjs-cache') ?? '',
    cacheControl: head.headers.get('cache-control') ?? '',
    serverCpuMsPerRequest:
      serverMs !== null && result.requests.total > 0 ? serverMs / result.requests.total : null,
    serverBusy: serverMs !== null ? serverMs / wallMs : null,
    clientBusy: (client.user + client.system) / 1000 / wallMs,
    ...(ok === 0 && { requestsPerSecond: 0 }),
  }
}
