import { expect, test } from '@playwright/test'
import {
  HTML_BUDGET_BYTES,
  type HtmlFindings,
  htmlFindings,
  sheetFetcher,
  sitemapPaths,
} from '../perf/bench/html-budget'
import { SITE_ORIGIN } from './site'

// Issue 11's deterministic budgets on every page of the sitemap (timings are the bench's job):
// the HTML document, uncompressed with its inline RSC payload, is at most 80 KB, and no stylesheet
// or script arrives twice (a repeated <script src> or stylesheet <link>, or a sheet's text more than
// once in the document, e.g. inlined and again in the RSC payload).

type Page = HtmlFindings & { path: string; status: number }
let pages: Page[] = []

test.beforeAll(async ({ request }) => {
  const sitemap = await request.get('/sitemap.xml')
  expect(sitemap.status()).toBe(200)
  const paths = sitemapPaths(await sitemap.text())
  const sheets = sheetFetcher(SITE_ORIGIN)
  pages = await Promise.all(
    paths.map(async (path) => {
      const response = await request.get(path)
      return { path, status: response.status(), ...(await htmlFindings(await response.text(), sheets)) }
    }),
  )
})

test('the sitemap lists the public pages and each answers 200', () => {
  expect(pages.length).toBeGreaterThan(40)
  expect(pages.map((p) => p.path)).toContain('/')
  expect(pages.filter((p) => p.status !== 200).map((p) => `${p.path}: ${p.status}`)).toEqual([])
})

const overBudget = (list: Page[]) =>
  list.filter((p) => p.bytes > HTML_BUDGET_BYTES).map((p) => `${p.path}: ${(p.bytes / 1024).toFixed(1)} KB`)

test(`every sitemap page has HTML of at most ${HTML_BUDGET_BYTES / 1024} KB`, () => {
  expect(overBudget(pages)).toEqual([])
})

test('no page delivers a stylesheet or script twice', () => {
  const twice = pages.flatMap((p) => [
    ...p.duplicateTags.map((src) => `${p.path}: ${src} linked twice`),
    ...p.repeatedStyles.map(({ sheet, copies }) => `${p.path}: ${sheet} in the HTML ${copies} times`),
  ])
  expect(twice).toEqual([])
})
