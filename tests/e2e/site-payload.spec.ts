import { expect, test } from '@playwright/test'

/*
 * What a page's HTML carries (issue 11): the stylesheet once, as a link (not also inlined into
 * the HTML and the inline RSC payload), and icons as references to the cached sprite, never as
 * path data serialised for a client component. Deterministic byte facts, not timings.
 */
const PAGES = ['/', '/terms', '/blog/it-migration-services-south-africa', '/log-it']

for (const path of PAGES) {
  test(`${path} delivers its stylesheet once and its icons by reference`, async ({ request }) => {
    const response = await request.get(path)
    expect(response.ok()).toBe(true)
    const html = await response.text()

    const stylesheets = html.match(/<link[^>]*rel="stylesheet"[^>]*>/g) ?? []
    const hrefs = stylesheets.map((tag) => tag.match(/href="([^"]+)"/)?.[1])
    expect(stylesheets.length).toBeGreaterThan(0)
    expect(new Set(hrefs).size).toBe(hrefs.length)
    // Inlined CSS would show up as <style> text in the HTML and as a style element in the payload.
    expect(html).not.toContain('@font-face')
    // lucide-style icon props: {"name":…,"size":24,"node":[["path",…
    expect(html).not.toMatch(/\\?"node\\?":\[\[\\?"(path|circle|rect)/)
  })
}
