// Every page of the sitemap against the HTML budget: size, and anything delivered twice.
import { HTML_BUDGET_BYTES, type HtmlFindings, htmlFindings, sheetFetcher, sitemapPaths } from './html-budget'

export type PageBudget = HtmlFindings & { path: string; status: number }

export async function sitemapBudget(origin: string): Promise<PageBudget[]> {
  const sitemap = await fetch(`${origin}/sitemap.xml`)
  if (!sitemap.ok) throw new Error(`GET /sitemap.xml answered ${sitemap.status}`)
  const paths = sitemapPaths(await sitemap.text())
  if (paths.length === 0) throw new Error('The sitemap lists no pages')
  const sheets = sheetFetcher(origin)
  const pages: PageBudget[] = []
  for (const path of paths) {
    const response = await fetch(`${origin}${path}`)
    const html = await response.text()
    pages.push({ path, status: response.status, ...(await htmlFindings(html, sheets)) })
  }
  return pages
}

export function budgetProblems(page: PageBudget): string[] {
  return [
    ...(page.status !== 200 ? [`status ${page.status}`] : []),
    ...(page.bytes > HTML_BUDGET_BYTES ? [`${(page.bytes / 1024).toFixed(0)} KB HTML`] : []),
    ...page.duplicateTags.map((src) => `${src} linked twice`),
    ...page.repeatedStyles.map(({ sheet, copies }) => `stylesheet ${sheet} in the HTML ${copies} times`),
  ]
}
