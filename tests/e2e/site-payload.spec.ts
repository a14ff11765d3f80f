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

// A grid of pictures right under the hero has its first picture on a phone's first screen, often
// the largest paint: that one is fetched at once and first, the rest only as they near the screen.
// Further down a page (home's latest posts), every picture waits.
for (const path of ['/blog', '/projects']) {
  test(`${path} fetches the first picture of its list at once and the others lazily`, async ({ request }) => {
    const html = await (await request.get(path)).text()
    const pictures = [...(html.match(/<main[\s\S]*<\/main>/)?.[0] ?? '').matchAll(/<img [^>]*>/g)].map(
      (m) => m[0],
    )
    expect(pictures.length).toBeGreaterThan(2)
    const [first, ...rest] = pictures
    expect(first).not.toContain('loading="lazy"')
    for (const picture of rest) expect(picture).toContain('loading="lazy"')
    const preloads = html.match(/<link rel="preload" as="image"[^>]*>/g) ?? []
    expect(preloads).toHaveLength(1)
    expect(preloads[0]).toMatch(/fetchPriority="high"/i)
    const firstSrc = first?.match(/ src="([^"]+)"/)?.[1]
    expect(firstSrc).toBeTruthy()
    expect(preloads[0]).toContain(firstSrc?.split('/').at(-1))
  })
}

test('the post cards at the foot of home wait until they near the screen', async ({ request }) => {
  const html = await (await request.get('/')).text()
  const cards = [...html.matchAll(/<article class="media-card"><img [^>]*>/g)].map((m) => m[0])
  expect(cards.length).toBeGreaterThan(0)
  for (const card of cards) expect(card).toContain('loading="lazy"')
})

/** The inline RSC payload of a page: the arguments of its `self.__next_f.push(…)` scripts, as sent. */
const inlinePayload = (html: string) =>
  [...html.matchAll(/<script>self\.__next_f\.push\(([\s\S]*?)\)<\/script>/g)].map((m) => m[1]).join('')

// Prose runs nothing on the client: an article's body is one HTML string in the RSC payload, not a
// tree of elements keyed by each Portable Text block (`["$","p","69828819c67c",{…}]`) beside its
// markup.
test('an article’s body reaches the page as HTML, not as a tree of Portable Text elements', async ({
  request,
}) => {
  const html = await (await request.get('/blog/classroom-playback-technology-zoom-ai-lesson-replay')).text()
  const payload = inlinePayload(html)
  expect(payload.length).toBeGreaterThan(1000)
  expect(payload).not.toMatch(/\\"\$\\",\\"(p|h2|h3|ul|ol|li|strong|em)\\",\\"[0-9a-f]{12}/)
  expect(html).toMatch(/<div class="rich-text"><p>A learner misses Tuesday/)
})

// The header, the footer and the cards and tiles of home's grids are drawn by client components,
// so the RSC payload carries their data and not their markup a second time (components/site-footer.tsx,
// sections/islands.tsx): none of their class names is in it, while their data is (a service's
// title in the header's props, a phone's label in the footer's).
test('home’s header, footer and grids reach the payload as data, not as a second copy of their markup', async ({
  request,
}) => {
  const html = await (await request.get('/')).text()
  const payload = inlinePayload(html)
  expect(payload).toContain('Infrastructure \\u0026 Networking')
  expect(payload).toContain('Sandton office')
  const shapes = [
    'header-bar',
    'nav-list',
    'footer-heading',
    'footer-link',
    'service-title',
    'tile-list',
    'card-text',
    'card-meta',
  ]
  for (const shape of shapes) {
    expect(html, shape).toMatch(new RegExp(`class="[^"]*\\b${shape}\\b`))
    expect(payload, shape).not.toContain(shape)
  }
})
