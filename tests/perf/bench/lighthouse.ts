// Lighthouse, mobile preset (its default config: simulated slow 4G and 4× CPU), in Debian's
// Chromium with the flags of ../shared/docs/performance.md. One browser for the whole bench.
// Each measurement is two loads: the preset's, whose LCP is simulated from an unthrottled load, and
// one throttled for real (DevTools throttling of the same profile: every request's latency and the
// link's bandwidth applied to the page's actual requests), so the table shows both what the targets
// are written in and what a slow phone would see.
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { lcpRace, type TraceEvent } from './lcp-race'

export type LighthouseRun = {
  performance: number
  accessibility: number
  bestPractices: number
  seo: number
  lcp: number
  tbt: number
  cls: number
  /** JavaScript transferred (gzip as sent), bytes. */
  js: number
  /** The largest paint of the unthrottled load Lighthouse simulates from, ms. */
  paint: number
  /** Of the page's scripts, those that arrived before that paint: simulated as part of LCP. */
  scriptsInLcp: number
  scripts: number
  /** LCP of a load throttled for real (DevTools throttling), ms; NaN when not measured. */
  lcpThrottled: number
}

export type Environment = { lighthouse: string; userAgent: string; benchmarkIndex: number }

export async function launch({ throttled = true } = {}) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  })
  let environment: Environment | undefined
  const benchmarkIndexes: number[] = []

  async function measureThrottledLcp(url: string): Promise<number> {
    if (!throttled) return Number.NaN
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      ignoreStatusCode: true,
      throttlingMethod: 'devtools',
      onlyAudits: ['largest-contentful-paint'],
    })
    const lcp = result?.lhr.audits['largest-contentful-paint']?.numericValue
    if (lcp === undefined) throw new Error(`Lighthouse (DevTools throttling) measured no LCP for ${url}`)
    return lcp
  }

  async function measure(url: string): Promise<LighthouseRun> {
    // ignoreStatusCode: the 404 template is a page to measure too, not a failed load.
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      ignoreStatusCode: true,
    })
    const lhr = result?.lhr
    if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`)
    if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`)
    benchmarkIndexes.push(lhr.environment.benchmarkIndex)
    environment ??= {
      lighthouse: lhr.lighthouseVersion,
      userAgent: lhr.environment.hostUserAgent,
      benchmarkIndex: 0,
    }
    const items = (
      lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] }
    )?.items
    const race = lcpRace((result?.artifacts.Trace?.traceEvents ?? []) as TraceEvent[])
    const lcpThrottled = await measureThrottledLcp(url)
    const score = (id: string) => (lhr.categories[id]?.score ?? 0) * 100
    const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcp: value('largest-contentful-paint'),
      tbt: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      js: items?.find((i) => i.resourceType === 'script')?.transferSize ?? 0,
      paint: race?.paintMs ?? Number.NaN,
      scriptsInLcp: race?.scriptsCounted ?? Number.NaN,
      scripts: race?.scripts ?? Number.NaN,
      lcpThrottled,
    }
  }

  return {
    measure,
    environment: (): Environment | undefined =>
      environment && { ...environment, benchmarkIndex: median(benchmarkIndexes) },
    close: async () => {
      chrome.kill()
    },
  }
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  if (s.length === 0) return Number.NaN
  const mid = Math.floor(s.length / 2)
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2
}
