// Which of a page's scripts Lighthouse's simulated LCP counts. Lighthouse (12, Lantern) loads the
// page unthrottled, then replays that load on a simulated slow phone, keeping the requests that
// finished, and the main-thread tasks that started, before the largest paint it observed (the
// frame's presentation). A script that arrived before that paint adds its download on the phone to
// LCP, whether it ran before it or not; one that came after it adds nothing. On loopback this is a
// race between a page's first frame and its scripts: the empty Next page usually presents its
// first frame before its scripts arrive (docs/performance.md, "What limits the figures now").

/** The fields of a Chromium trace event this reads. */
export type TraceEvent = {
  name: string
  ts: number
  args?: { data?: Record<string, unknown> }
}

export type LcpRace = {
  /** The largest paint of the unthrottled load, ms after navigation. */
  paintMs: number
  /** Scripts that arrived before that paint. */
  scriptsCounted: number
  /** Scripts the page loaded. */
  scripts: number
}

const text = (event: TraceEvent, key: string) => {
  const value = event.args?.data?.[key]
  return typeof value === 'string' ? value : undefined
}

const isScript = (url: string) => new URL(url).pathname.endsWith('.js')

/** The race in one Lighthouse load's trace; undefined when the trace has no navigation or paint. */
export function lcpRace(events: TraceEvent[]): LcpRace | undefined {
  const navigation = events.find(
    (e) => e.name === 'navigationStart' && /^https?:/.test(text(e, 'documentLoaderURL') ?? ''),
  )
  if (!navigation) return undefined
  const paint = events
    .filter((e) => e.name === 'largestContentfulPaint::Candidate' && e.ts >= navigation.ts)
    .at(-1)
  if (!paint) return undefined

  const urls = new Map<string, string>()
  const finished = new Map<string, number>()
  for (const e of events) {
    const id = text(e, 'requestId')
    if (e.name === 'ResourceSendRequest' && id) urls.set(id, text(e, 'url') ?? '')
    const finishTime = e.args?.data?.finishTime
    if (e.name === 'ResourceFinish' && id && typeof finishTime === 'number') {
      const url = urls.get(id)
      // finishTime is in seconds on the trace's clock, whose timestamps are microseconds.
      if (url) finished.set(url, finishTime * 1e6)
    }
  }
  const scripts = [...finished].filter(([url]) => /^https?:/.test(url) && isScript(url))
  const counted = scripts.filter(([, end]) => end < paint.ts)
  return {
    paintMs: (paint.ts - navigation.ts) / 1000,
    scriptsCounted: counted.length,
    scripts: scripts.length,
  }
}
