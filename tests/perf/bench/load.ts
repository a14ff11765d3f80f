// Throughput of cached pages: autocannon from this process on loopback, 50 connections. Every
// non-2xx answer counts as an error; the response headers say whether Next served from its cache.
// Each URL is first loaded for a few seconds and that run thrown away, so both servers are measured
// warm: a cold run measures V8 compiling the server's code paths for that page, and whichever
// server went first would pay it (the site's first page measured ~0.15× cold, ~0.35× warm).
import autocannon from 'autocannon'

export type LoadResult = {
  url: string
  requestsPerSecond: number
  requests: number
  errors: number
  /** x-nextjs-cache of a single GET (HIT, STALE, MISS, or '' when Next renders per request). */
  cache: string
  cacheControl: string
}

/** Seconds of load thrown away before each measured run. */
export const WARM_UP_SECONDS = 3

export async function load(url: string, seconds: number, connections = 50): Promise<LoadResult> {
  const head = await fetch(url)
  await head.arrayBuffer()
  await autocannon({ url, connections, duration: WARM_UP_SECONDS })
  const result = await autocannon({ url, connections, duration: seconds })
  const ok = result['2xx']
  return {
    url,
    requestsPerSecond: result.requests.average,
    requests: result.requests.total,
    errors: result.non2xx + result.errors + result.timeouts,
    cache: head.headers.get('x-nextjs-cache') ?? '',
    cacheControl: head.headers.get('cache-control') ?? '',
    ...(ok === 0 && { requestsPerSecond: 0 }),
  }
}
