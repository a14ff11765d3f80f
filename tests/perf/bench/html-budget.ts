// What a page's HTML costs and what it sends twice: shared by the bench (report) and the
// page-weight e2e spec (assert). Pure functions over the HTML text; fetching is the caller's.

/** The budget for one page's HTML document, uncompressed, inline RSC payload included. */
export const HTML_BUDGET_BYTES = 80 * 1024

export type HtmlFindings = {
  bytes: number
  /** Script src or stylesheet href that appears more than once. */
  duplicateTags: string[]
  /**
   * Stylesheets that arrive more than once: a linked sheet whose text is also in the document, or an
   * inline <style> whose text comes again (e.g. in the inline RSC payload), with how many copies.
   */
  repeatedStyles: { sheet: string; copies: number }[]
}

const attr = (tag: string, name: string) =>
  tag.match(new RegExp(`\\s${name}\\s*=\\s*"([^"]*)"`, 'i'))?.[1] ??
  tag.match(new RegExp(`\\s${name}\\s*=\\s*'([^']*)'`, 'i'))?.[1]

/** Script srcs and stylesheet hrefs, in document order. */
export function externalAssets(html: string): { scripts: string[]; stylesheets: string[] } {
  const scripts = [...html.matchAll(/<script\b[^>]*>/gi)]
    .map((m) => attr(m[0], 'src'))
    .filter((s): s is string => !!s)
  const stylesheets = [...html.matchAll(/<link\b[^>]*>/gi)]
    .filter((m) => /\brel\s*=\s*["']?stylesheet/i.test(m[0]))
    .map((m) => attr(m[0], 'href'))
    .filter((s): s is string => !!s)
  return { scripts, stylesheets }
}

/** Inline <style> elements: their text and the sheet they stand for (Next's data-href), if any. */
export function inlineStyles(html: string): { href?: string; css: string }[] {
  return [...html.matchAll(/<style\b([^>]*)>([\s\S]*?)<\/style>/gi)].map((m) => ({
    href: attr(` ${m[1] ?? ''}`, 'data-href'),
    css: m[2] ?? '',
  }))
}

const repeated = (xs: string[]) => [...new Set(xs.filter((x, i) => xs.indexOf(x) !== i))]

/** Copies of a stylesheet's text are looked for by a slice JSON/HTML escaping leaves alone. */
const MIN_SHEET = 200
const PROBE = 80
function copiesOf(html: string, css: string): number {
  for (let at = Math.floor(css.length / 2); at + PROBE <= css.length; at += 7) {
    const probe = css.slice(at, at + PROBE)
    if (/["\\\n\r<>&']/.test(probe)) continue
    return html.split(probe).length - 1
  }
  return 0
}

/**
 * Checks one page. `sheetText` gives a linked stylesheet's text (the caller fetches it), so an
 * inline copy is found wherever it is, named or not.
 */
export async function htmlFindings(
  html: string,
  sheetText: (href: string) => Promise<string>,
): Promise<HtmlFindings> {
  const { scripts, stylesheets } = externalAssets(html)
  const copies = new Map<string, number>()
  for (const href of new Set(stylesheets)) {
    const css = await sheetText(href)
    copies.set(href, 1 + (css.length >= MIN_SHEET ? copiesOf(html, css) : 0))
  }
  inlineStyles(html).forEach((style, i) => {
    const sheet = style.href ?? `inline <style> #${i + 1}`
    if (copies.has(sheet) || style.css.length < MIN_SHEET) return
    copies.set(sheet, copiesOf(html, style.css))
  })
  return {
    bytes: Buffer.byteLength(html),
    duplicateTags: repeated([...scripts, ...stylesheets]),
    repeatedStyles: [...copies].filter(([, n]) => n > 1).map(([sheet, n]) => ({ sheet, copies: n })),
  }
}

/** Page paths listed in a sitemap.xml, in order. */
export function sitemapPaths(xml: string): string[] {
  return [...xml.matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/g)].map((m) => new URL(m[1] ?? '/').pathname)
}

/** Fetches linked sheets once per run. */
export function sheetFetcher(origin: string): (href: string) => Promise<string> {
  const cache = new Map<string, Promise<string>>()
  return (href) => {
    let text = cache.get(href)
    if (!text) {
      text = fetch(new URL(href, origin)).then((r) => (r.ok ? r.text() : ''))
      cache.set(href, text)
    }
    return text
  }
}
