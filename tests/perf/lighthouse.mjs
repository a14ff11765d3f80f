#!/usr/bin/env node
// Lighthouse (mobile preset) on chosen pages of a running product, median of N runs per page. The
// site's templates beside the empty Next page are `npm run bench`'s job; this is for anything else,
// signed-in portal pages above all.
// Usage: start the product (`npm start`), then `npm run perf:lighthouse -w tests -- --pages /auth [--runs 5 --base http://localhost:3001]`.
// Signed-in portal pages: `-- --base http://localhost:3001 --as thabo@example.co.za --pages /portal/my-tickets`
// signs in on the local stack (demo password) and puts the session cookie in the browser itself, as
// a sign-in would (a Cookie request header alone leaves supabase-js in the page signed out).
// Reports scores, LCP, TBT, CLS and JavaScript transferred; see ../shared/docs/performance.md for targets.
import { parseArgs } from 'node:util'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import puppeteer from 'puppeteer-core'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.mjs'
import { sessionCookie, signIn } from './local-session.mjs'

const { values } = parseArgs({
  options: {
    base: { type: 'string', default: 'http://localhost:3000' },
    as: { type: 'string' },
    supabase: { type: 'string', default: 'http://127.0.0.1:54321' },
    runs: { type: 'string', default: '3' },
    pages: { type: 'string' },
  },
})
if (!values.pages) {
  console.error('Name the pages: --pages /auth,/portal/my-tickets (the site templates: npm run bench)')
  process.exit(2)
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)]
}

const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS, '--disable-gpu', '--no-first-run'],
})
/** A browser page holding `email`'s session cookie. */
async function signedInPage(email) {
  const cookie = sessionCookie(values.supabase, await signIn(values.supabase, email))
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` })
  await browser.setCookie({ ...cookie, domain: new URL(values.base).hostname, path: '/' })
  return browser.newPage()
}

const rows = []
try {
  const page = values.as ? await signedInPage(values.as) : undefined
  for (const path of values.pages.split(',')) {
    const runs = []
    for (let i = 0; i < Number(values.runs); i++) {
      const result = await lighthouse(
        `${values.base}${path}`,
        { port: chrome.port, output: 'json', logLevel: 'error' },
        undefined,
        page,
      )
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
