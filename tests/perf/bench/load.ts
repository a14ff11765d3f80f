// Throughput of cached pages: autocannon from this process on loopback, 50 connections. Every
// non-2xx answer counts as an error; the response headers say whether Next served from its cache.
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

export async function load(url: string, seconds: number, connections = 50): Promise<LoadResult> {
  const head = await fetch(url)
  await head.arrayBuffer()
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
