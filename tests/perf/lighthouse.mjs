#!/usr/bin/env node
// Lighthouse (mobile preset) on the production build, median of N runs per page.
// Usage: start the site (`npm start`), then `npm run perf:lighthouse -w tests [-- --runs 5 --base http://localhost:3000]`.
// Reports scores, LCP, TBT, CLS and JavaScript transferred; see ../shared/docs/performance.md for targets.
import { parseArgs } from 'node:util'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'

const { values } = parseArgs({
  options: {
    base: { type: 'string', default: 'http://localhost:3000' },
    runs: { type: 'string', default: '3' },
    pages: {
      type: 'string',
      default:
        '/,/services/infrastructure-and-networking,/it-company-london,/blog/voip-phone-rollout-services-south-africa',
    },
  },
})

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)]
}

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
const rows = []
try {
  for (const path of values.pages.split(',')) {
    const runs = []
    for (let i = 0; i < Number(values.runs); i++) {
      const result = await lighthouse(`${values.base}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
      })
      const lhr = result?.lhr
      if (!lhr) throw new Error(`Lighthouse returned nothing for ${path}`)
      const scripts = lhr.audits['resource-summary']?.details?.items?.find((i) => i.resourceType === 'script')
      runs.push({
        performance: lhr.categories.performance.score * 100,
        accessibility: lhr.categories.accessibility.score * 100,
        bestPractices: lhr.categories['best-practices'].score * 100,
        seo: lhr.categories.seo.score * 100,
        lcp: lhr.audits['largest-contentful-paint'].numericValue,
        tbt: lhr.audits['total-blocking-time'].numericValue,
        cls: lhr.audits['cumulative-layout-shift'].numericValue,
        jsKB: (scripts?.transferSize ?? 0) / 1024,
        totalKB: lhr.audits['total-byte-weight'].numericValue / 1024,
      })
    }
    const m = (k) => median(runs.map((r) => r[k]))
    rows.push({
      page: path,
      perf: m('performance'),
      a11y: m('accessibility'),
      bp: m('bestPractices'),
      seo: m('seo'),
      'LCP ms': Math.round(m('lcp')),
      'TBT ms': Math.round(m('tbt')),
      CLS: Number(m('cls').toFixed(3)),
      'JS KB': Number(m('jsKB').toFixed(1)),
      'total KB': Number(m('totalKB').toFixed(1)),
    })
  }
} finally {
  await chrome.kill()
}
console.table(rows)
