import { expect, test } from '@playwright/test'
import { CANONICAL_ORIGIN, PUBLIC_ROUTES, REDIRECTS, SITE_ORIGIN } from './site'

const canonicalFor = (path: string) => (path === '/' ? CANONICAL_ORIGIN : `${CANONICAL_ORIGIN}${path}`)

test.describe('every public route', () => {
  for (const path of PUBLIC_ROUTES) {
    test(`${path} renders with its own metadata and valid JSON-LD`, async ({ page }) => {
      const response = await page.goto(path)
      expect(response?.status()).toBe(200)
      await expect(page.locator('h1')).toHaveCount(1)
      const title = await page.title()
      expect(title.length).toBeGreaterThan(10)
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', canonicalFor(path))
      const description = await page.locator('meta[name="description"]').getAttribute('content')
      expect(description?.length ?? 0).toBeGreaterThan(50)
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', title)
      await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', canonicalFor(path))
      await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute(
        'content',
        'summary_large_image',
      )
      const blocks = await page.locator('script[type="application/ld+json"]').allTextContents()
      expect(blocks.length).toBeGreaterThan(0)
      const types = blocks.map((b) => (JSON.parse(b) as { '@type': string })['@type'])
      expect(types).toContain('ProfessionalService')
    })
  }

  test('titles the spec fixes are exact', async ({ page }) => {
    const expected: Record<string, string> = {
      '/projects': 'Projects | Siyakha Tech — IT Company Johannesburg, Sandton MSP',
      '/log-it': 'Log It | Technology Support',
      '/blog': 'Siyakha Tech Blog: EdTech, Automation & AI',
      '/it-company-london': 'IT Company in London with Affordable Packages',
      '/it-company-angola': 'IT Company Angola | Remote IT & Web Design',
    }
    for (const [path, title] of Object.entries(expected)) {
      await page.goto(path)
      await expect(page).toHaveTitle(title)
    }
  })

  test('structured data fits each kind of page', async ({ page }) => {
    const typesOn = async (path: string) => {
      await page.goto(path)
      const blocks = await page.locator('script[type="application/ld+json"]').allTextContents()
      return blocks.map((b) => (JSON.parse(b) as { '@type': string })['@type'])
    }
    expect(await typesOn('/it-company-london')).toEqual(expect.arrayContaining(['BreadcrumbList', 'Service']))
    expect(await typesOn('/projects/pelican-club-bahrain')).toContain('BreadcrumbList')
    expect(await typesOn('/services/security-and-surveillance')).toEqual(
      expect.arrayContaining(['Service', 'FAQPage']),
    )
    expect(await typesOn('/blog/voip-phone-rollout-services-south-africa')).toContain('BlogPosting')
    expect(await typesOn('/log-it')).toContain('ContactPage')

    await page.goto('/')
    const business = (await page.locator('script[type="application/ld+json"]').allTextContents())
      .map((b) => JSON.parse(b))
      .find((d) => d['@type'] === 'ProfessionalService')
    expect(business.address).toMatchObject({
      addressLocality: 'Sandton',
      addressRegion: 'Gauteng',
      postalCode: '2146',
      addressCountry: 'ZA',
    })
    expect(business.openingHoursSpecification[0]).toMatchObject({ opens: '08:00', closes: '17:00' })
    expect(business.openingHoursSpecification[0].dayOfWeek).toHaveLength(5)
    expect(business.areaServed).toContain('Kazakhstan')
  })

  test('project pages have breadcrumbs and their buttons', async ({ page }) => {
    await page.goto('/projects/kfc-national-network-rollout')
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' })
    await expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/')
    await expect(crumbs.getByRole('link', { name: 'Projects' })).toHaveAttribute('href', '/projects')
    await expect(crumbs.locator('[aria-current="page"]')).toHaveText(/KFC/i)
    await expect(page.getByRole('link', { name: 'Back to Projects' })).toHaveAttribute('href', '/projects')
    await expect(page.getByRole('link', { name: 'Request a Consultation' })).toHaveAttribute(
      'href',
      '/contact#quote-form',
    )
  })
})

test.describe('redirects', () => {
  for (const [from, to] of Object.entries(REDIRECTS)) {
    test(`${from} → ${to} permanently`, async ({ request }) => {
      const response = await request.get(from, { maxRedirects: 0 })
      expect([301, 308]).toContain(response.status())
      expect(new URL(response.headers().location ?? '', SITE_ORIGIN).pathname).toBe(to)
    })
  }

  test('/contact#quote-form lands on the quote form', async ({ page }) => {
    await page.goto('/contact#quote-form')
    await expect(page).toHaveURL(`${SITE_ORIGIN}/#quote-form`)
    await expect(page.locator('#quote-form')).toBeInViewport()
    await expect(page.locator('#quote-form form')).toBeVisible()
  })
})

test('an unknown path is a logged 404 with a way home', async ({ page }) => {
  const errors: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text())
  })
  const response = await page.goto('/no/such/page')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/')
  await expect.poll(() => errors.some((e) => e.includes('/no/such/page'))).toBe(true)
  expect((await page.goto('/it-company-mars'))?.status()).toBe(404)
})

test('an unknown path answers with the whole 404 page in its HTML, not one drawn by scripts', async ({
  request,
}) => {
  for (const path of ['/no/such/page', '/services/no-such-service']) {
    const response = await request.get(path)
    expect(response.status(), path).toBe(404)
    // Without scripts: a visitor without JavaScript, a crawler, and the first paint all see this.
    const markup = (await response.text()).replace(/<script[\s\S]*?<\/script>/g, '')
    expect(markup, path).toContain('<html lang="en-ZA"')
    expect(markup, path).toMatch(/<h1[^>]*>Oops! Page not found<\/h1>/)
    expect(markup, path).toContain('Skip to content')
    // Never cached: the path may get a page or a CMS redirect later.
    expect(response.headers()['cache-control'], path).toContain('no-store')
  }
  const redirect = await request.get('/log-a-call?ref=sms&x=1', { maxRedirects: 0 })
  expect(redirect.status()).toBe(308)
  expect(redirect.headers().location).toBe('/log-it?ref=sms&x=1')
  expect((await request.post('/no/such/page', { data: '' })).status()).toBe(404)
})

test('an article slug no post has answers with the whole 404 page, which hydrates into one', async ({
  page,
  request,
}) => {
  // The blog renders slugs on demand (a post published after the build needs no rebuild), so this
  // 404 comes from the article page itself, not from the prerendered 404 page.
  const path = '/blog/no-such-article-in-the-cms'
  const response = await request.get(path)
  expect(response.status()).toBe(404)
  const markup = (await response.text()).replace(/<script[\s\S]*?<\/script>/g, '')
  expect(markup).toContain('<html lang="en-ZA"')
  expect(markup).toMatch(/<h1[^>]*>Oops! Page not found<\/h1>/)
  expect(markup).toContain('Skip to content')
  expect(markup).toContain('<meta name="robots" content="noindex"/>')

  const pageErrors: string[] = []
  page.on('pageerror', (error) => pageErrors.push(error.message))
  expect((await page.goto(path))?.status()).toBe(404)
  await page.waitForLoadState('networkidle')
  await expect(page).toHaveTitle(/^Page not found \| /)
  await expect(page.locator('h1')).toHaveText(['Oops! Page not found'])
  await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/')
  expect(pageErrors).toEqual([])
})

test('sitemap lists every public route; robots and RSS are served', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text()
  for (const path of PUBLIC_ROUTES) {
    expect(sitemap).toContain(`<loc>${canonicalFor(path)}</loc>`)
  }
  const robots = await (await request.get('/robots.txt')).text()
  expect(robots).toContain(`Sitemap: ${CANONICAL_ORIGIN}/sitemap.xml`)
  const rss = await request.get('/blog/rss.xml')
  expect(rss.headers()['content-type']).toContain('application/rss+xml')
  expect((await rss.text()).match(/<item>/g)).toHaveLength(12)
})
