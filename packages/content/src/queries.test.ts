import { startTestLake, type TestLake } from '@siyakha/local-content-lake/testing'
import { PAGE_KEYS } from '@siyakha/studio/constants'
import { POST_ROUTES, PROJECT_ROUTES, REDIRECTS, REGIONAL_ROUTES, SERVICE_ROUTES } from '@siyakha/tests/site'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as q from './queries'
import { type ContentSource, createContentSource } from './source'

// Every query, through @sanity/client, against a local Content Lake seeded from the committed seed
// dataset: the path the site takes on a fresh clone. Counts and values come from the specification.
let lake: TestLake
let source: ContentSource

beforeAll(async () => {
  lake = await startTestLake()
  source = await createContentSource({
    SANITY_DATASET: 'production',
    SANITY_API_VERSION: '2025-02-19',
    SANITY_API_HOST: lake.httpUrl,
    CONTENT_ASSET_BASE: '/cms-images',
  })
})
afterAll(() => lake?.dispose())

// The seed's slugs are the routes the end-to-end tests visit: one list of what the site publishes.
const slugsOf = (routes: string[], prefix: string) => routes.map((route) => route.slice(prefix.length))
const SERVICE_PATHS = slugsOf(SERVICE_ROUTES, '/services/')
const REGIONAL = slugsOf(REGIONAL_ROUTES, '/')
const PROJECTS = slugsOf(PROJECT_ROUTES, '/projects/')
const POSTS = slugsOf(POST_ROUTES, '/blog/')

function expectLocalImage(
  image: { alt?: string | null; asset?: { url?: string | null; width?: number | null } | null } | null,
) {
  expect(image?.alt).toBeTruthy()
  expect(image?.asset?.url).toMatch(/^\/cms-images\/[0-9a-f]{40}-\d+x\d+\.(webp|svg|png|jpg)$/)
  expect(image?.asset?.width).toBeGreaterThan(0)
}

describe('content queries on the seed dataset', () => {
  it('site settings carry the brand and the business facts', async () => {
    const settings = await source.fetch(q.settingsQuery)
    expect(settings?.brandName).toBe('Siyakha Tech')
    expect(settings?.address).toMatchObject({
      locality: 'Sandton',
      region: 'Gauteng',
      postalCode: '2146',
      country: 'ZA',
    })
    expect(settings?.openingHours?.[0]).toMatchObject({
      days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
      opens: '08:00',
      closes: '17:00',
    })
    expect(settings?.areasServed).toEqual([
      'South Africa',
      'Angola',
      'Swaziland',
      'Bahrain',
      'California',
      'Europe',
      'Kazakhstan',
    ])
    expect(settings?.socialLinks).toHaveLength(3)
    expect(settings?.phones?.[0]?.e164).toMatch(/^\+27\d{9}$/)
    expect(settings?.whatsappNumber).toMatch(/^\+\d+$/)
  })

  it('navigation lists the six main services and the five regional pages in order', async () => {
    const nav = await source.fetch(q.navigationQuery)
    expect(nav.services.map((s) => s.slug)).toEqual(SERVICE_PATHS.filter((p) => !p.includes('/')))
    expect(nav.regions.map((r) => r.navTitle)).toEqual([
      'Johannesburg',
      'Cape Town',
      'London',
      'EMEA',
      'Angola',
    ])
  })

  it.each([...PAGE_KEYS])('page %s exists with a hero and sections', async (key) => {
    const page = await source.fetch(q.pageQuery, { key })
    expect(page?.key).toBe(key)
    expect(page?.hero?.heading).toBeTruthy()
    expect(page?.sections?.length).toBeGreaterThan(0)
  })

  it('home has the spec sections in order, with the quote form anchor', async () => {
    const home = await source.fetch(q.pageQuery, { key: 'home' })
    const types = (home?.sections ?? []).map((s) => s._type)
    const order = [
      'cardGridSection',
      'servicesSection',
      'brandLogosSection',
      'industriesSection',
      'featuredProjectSection',
      'testimonialsSection',
      'ctaSection',
      'latestPostsSection',
    ]
    expect(types.filter((t) => order.includes(t))).toEqual(order)
    expect(home?.sections?.find((s) => s._type === 'servicesSection')?.anchor).toBe('services')
    expect(home?.sections?.find((s) => s._type === 'industriesSection')?.anchor).toBe('industries')
    expect(home?.sections?.find((s) => s._type === 'quoteFormSection')?.anchor).toBe('quote-form')
    const featured = home?.sections?.find((s) => s._type === 'featuredProjectSection')
    expect(featured && 'project' in featured ? featured.project?.slug : null).toBeTruthy()
  })

  it('resolves every service route, children under their parent', async () => {
    const routes = await source.fetch(q.serviceRoutesQuery)
    expect(routes.map((r) => (r.parent ? `${r.parent}/${r.slug}` : r.slug)).sort()).toEqual(
      [...SERVICE_PATHS].sort(),
    )
    for (const route of routes) {
      const service = await source.fetch(q.serviceQuery, { slug: route.slug, parent: route.parent ?? null })
      expect(service?.slug).toBe(route.slug)
      expect(service?.sections?.some((s) => s._type === 'faqSection')).toBe(true)
    }
    expect(
      await source.fetch(q.serviceQuery, { slug: 'cutovers-and-sim-replacements', parent: null }),
    ).toBeNull()
  })

  it('resolves the nine regional and local pages with their areas', async () => {
    const routes = await source.fetch(q.regionalRoutesQuery)
    expect(routes.map((r) => r.slug).sort()).toEqual([...REGIONAL].sort())
    const london = await source.fetch(q.regionalPageQuery, { slug: 'it-company-london' })
    expect(london?.seo?.title).toBe('IT Company in London with Affordable Packages')
    expect(london?.country).toBe('GB')
    expect(london?.areas).toEqual(['Central London', 'City of London', 'Canary Wharf', 'Greater London'])
    const pricing = london?.sections?.find((s) => s._type === 'pricingSection')
    expect(pricing && 'plans' in pricing ? pricing.plans?.map((p) => [p.name, p.priceText]) : null).toEqual([
      ['Starter', 'Contact for pricing'],
      ['Growth', 'Contact for pricing'],
      ['Advanced', 'Contact for pricing'],
    ])
    const angola = await source.fetch(q.regionalPageQuery, { slug: 'it-company-angola' })
    expect(angola?.seo?.title).toBe('IT Company Angola | Remote IT & Web Design')
    expect(angola?.hero?.heading).toBe('Reliable Remote IT Services for Angola')
    expect(angola?.areas).toEqual(['Luanda', 'Benguela', 'Lobito', 'Cabinda', 'Huambo'])
  })

  it('returns six projects with images, each resolvable by slug', async () => {
    const projects = await source.fetch(q.projectsQuery)
    expect(projects.map((p) => p.slug)).toEqual(PROJECTS)
    for (const p of projects) expectLocalImage(p.image)
    const project = await source.fetch(q.projectQuery, { slug: 'pelican-club-bahrain' })
    expect(project?.body?.length).toBeGreaterThan(2)
  })

  it('returns the collections the home and projects pages show', async () => {
    const [gallery, testimonials, industries, logos] = await Promise.all([
      source.fetch(q.galleryQuery),
      source.fetch(q.testimonialsQuery),
      source.fetch(q.industriesQuery),
      source.fetch(q.brandLogosQuery),
    ])
    expect(gallery).toHaveLength(10)
    for (const item of gallery) expectLocalImage(item.image)
    expect(testimonials).toHaveLength(5)
    expect(testimonials.every((t) => t.rating === 5)).toBe(true)
    expect(industries).toHaveLength(9)
    expect(industries.every((i) => i.points?.length === 2)).toBe(true)
    expect(logos.length).toBeGreaterThan(0)
  })

  it('lists the twelve posts newest first, the latest three, and each article', async () => {
    const posts = await source.fetch(q.postsQuery)
    expect(posts.map((p) => p.slug).sort()).toEqual([...POSTS].sort())
    const dates = posts.map((p) => p.publishedAt ?? '')
    expect(dates).toEqual([...dates].sort().reverse())
    expect(dates.every((d) => d >= '2017-01-01' && d <= '2025-12-31')).toBe(true)
    expect(dates).toContain('2018-03-05')
    expect(dates).toContain('2024-11-03')
    expect((await source.fetch(q.latestPostsQuery)).map((p) => p.slug)).toEqual(
      posts.slice(0, 3).map((p) => p.slug),
    )
    const baselines = await source.fetch(q.viewBaselinesQuery)
    expect(baselines.map((b) => b.baselineViews).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
      [149, 38, 159, 500, 400, 372, 123, 99, 211, 267, 321, 453].sort((a, b) => a - b),
    )
    const post = await source.fetch(q.postQuery, { slug: 'voip-phone-rollout-services-south-africa' })
    expect(post?.closingCtas?.map((c) => [c.label, c.href])).toEqual([
      ['Plan My VoIP Rollout', '/contact#quote-form'],
      ['Log a Call', '/log-a-call'],
    ])
    expect(JSON.stringify(post?.body).split(' ').length).toBeGreaterThan(400)
  })

  it('holds exactly the spec redirects, all permanent', async () => {
    const redirects = await source.fetch(q.redirectsQuery)
    expect(Object.fromEntries(redirects.map((r) => [r.from, r.to]))).toEqual(REDIRECTS)
    expect(redirects.every((r) => r.permanent === true)).toBe(true)
  })

  it('lists a route for every page document', async () => {
    const routes = await source.fetch(q.pageRoutesQuery)
    expect(routes.map((r) => r.route).sort()).toEqual(
      [
        '/',
        '/about',
        '/blog',
        '/careers',
        '/log-it',
        '/privacy',
        '/projects',
        '/services',
        '/support-deals',
        '/terms',
      ].sort(),
    )
  })
})
