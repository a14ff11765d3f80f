import { createHash, createHmac } from 'node:crypto'
import { type APIRequestContext, type APIResponse, expect, type Page, test } from '@playwright/test'
import { AGENT, THABO, THABOS_TICKET } from './fixtures/demo'
import { AUTH_COOKIE, passwordSession, sessionCookieValue } from './fixtures/stack'
import { AuthPage } from './pages/auth-page'
import { PORTAL_ORIGIN, POST_ROUTES, PROJECT_ROUTES, REVALIDATE_SECRET, SITE_ORIGIN } from './site'

// The edges of both apps: redirect targets from the outside, the security headers on every kind
// of response (and the pages still working under the CSP), and the Sanity webhook's replay guard.

const portal = (path: string) => `${PORTAL_ORIGIN}${path}`

test.describe('redirect targets stay on the site', () => {
  test('signing in from /auth?from=/.//evil.example lands on the portal, not another site', async ({
    page,
  }) => {
    await page.goto(portal('/auth?from=/.//evil.example'))
    await new AuthPage(page).signIn(THABO)
    await expect(page).toHaveURL(portal('/portal/tickets'))
    await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible()

    // Signed in already, /auth sends the visitor straight on to `from`: the same rule applies.
    for (const from of ['/%2F%2Fevil.example', '/\\evil.example', '/%09/evil.example']) {
      await page.goto(portal(`/auth?from=${encodeURIComponent(from)}`))
      await expect(page).toHaveURL(portal('/portal/tickets'))
    }
  })

  test('a signed-out visit to a portal page keeps the way back as a same-site `from`', async ({
    request,
  }) => {
    const response = await request.get(portal('/portal/my-tickets?status=open'), { maxRedirects: 0 })
    expect(response.status()).toBe(307)
    const location = new URL(response.headers().location ?? '', PORTAL_ORIGIN)
    expect(location.pathname).toBe('/auth')
    expect(location.searchParams.get('from')).toBe('/portal/my-tickets?status=open')
  })
})

// ---------------------------------------------------------------------------------------------
// Security headers

const NONCE = /'nonce-([A-Za-z0-9+/=]+)'/

const HASHED_SCRIPTS = /^script-src 'self'( 'sha256-[A-Za-z0-9+/]{43}=')+$/

/** A prerendered page's policy names exactly the inline scripts its HTML has (JSON-LD is data). */
function expectInlineScriptsNamed(what: string, policy: string, html: string) {
  const scriptSrc =
    policy
      .split(';')
      .find((d) => d.trim().startsWith('script-src'))
      ?.trim() ?? ''
  expect(scriptSrc, what).toMatch(HASHED_SCRIPTS)
  const inline = new Set(
    [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
      .filter(([, attributes]) => !/\ssrc=|application\/ld\+json/.test(` ${attributes}`))
      .map(
        ([, , body]) =>
          `'sha256-${createHash('sha256')
            .update(body ?? '')
            .digest('base64')}'`,
      ),
  )
  expect(inline.size, what).toBeGreaterThan(0)
  expect(new Set(scriptSrc.split(' ').slice(2)), what).toEqual(inline)
}

/**
 * The headers every page carries. Scripts, never `'unsafe-inline'`: by nonce on pages rendered
 * per request; on prerendered pages (served to everyone from the cache, so no nonce is possible)
 * from this origin and the page's own inline scripts named by hash; on anything that is no page
 * (routes, redirects, refusals) from this origin only. Never another origin, never eval.
 */
function expectSecurityHeaders(
  response: APIResponse,
  { framedBy, scripts }: { framedBy: string; scripts: 'nonce' | 'hashes' | 'self' },
) {
  const headers = response.headers()
  const csp = headers['content-security-policy'] ?? ''
  expect(csp, `${response.url()} has one CSP`).toMatch(/^default-src 'self'; script-src [^,\n]+$/)
  const scriptSrc = (csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '').trim()
  expect(scriptSrc, response.url()).not.toContain('unsafe-inline')
  if (scripts === 'nonce') {
    expect(csp, `${response.url()} has a nonce`).toMatch(NONCE)
    expect(scriptSrc).toContain("'strict-dynamic'")
  } else if (scripts === 'hashes') {
    expect(scriptSrc, response.url()).toMatch(HASHED_SCRIPTS)
  } else {
    expect(scriptSrc, response.url()).toBe("script-src 'self'")
  }
  expect(csp).toContain(`frame-ancestors ${framedBy}`)
  expect(csp).toContain("object-src 'none'")
  expect(csp).toContain("base-uri 'self'")
  expect(csp).toContain("form-action 'self'")
  expect(headers['x-content-type-options']).toBe('nosniff')
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
  expect(headers['permissions-policy']).toContain('camera=()')
  // Served over http on localhost: HSTS there would be wrong (and is ignored by browsers).
  expect(headers['strict-transport-security']).toBeUndefined()
}

const nonceOf = (response: APIResponse) =>
  NONCE.exec(response.headers()['content-security-policy'] ?? '')?.[1]

/** The opening tags of a page's scripts, JSON-LD (data, never run) left out. */
const executableScripts = (html: string) =>
  (html.match(/<script\b[^>]*>/g) ?? []).filter((tag) => !tag.includes('application/ld+json'))

test.describe('security headers', () => {
  // With no Sanity project: the Studio the local Content Lake serves, and `sanity dev`'s.
  const STUDIO = 'https://localhost:54340 http://localhost:3333'

  test('every kind of site response carries them; pages load scripts from the site only', async ({
    request,
  }) => {
    const samples: [string, number, 'GET' | 'POST', 'hashes' | 'self'][] = [
      ['/', 200, 'GET', 'hashes'],
      ['/services/cloud-and-edge-solutions', 200, 'GET', 'hashes'],
      ['/no-such-page', 404, 'GET', 'hashes'],
      ['/no/such/page', 404, 'GET', 'hashes'],
      ['/need-help', 308, 'GET', 'self'],
      ['/robots.txt', 200, 'GET', 'self'],
      ['/sitemap.xml', 200, 'GET', 'self'],
      ['/blog/rss.xml', 200, 'GET', 'self'],
      ['/api/revalidate', 401, 'POST', 'self'],
      // Draft mode is on offer locally (the lake checks the preview secret): without one, 401.
      ['/api/draft-mode/enable', 401, 'GET', 'self'],
    ]
    for (const [path, status, method, scripts] of samples) {
      const response = await request.fetch(`${SITE_ORIGIN}${path}`, { method, maxRedirects: 0 })
      expect(response.status(), path).toBe(status)
      expectSecurityHeaders(response, { framedBy: STUDIO, scripts })
    }
    for (const path of ['/', '/blog', '/log-it', '/no-such-page']) {
      const scripts = executableScripts(await (await request.get(`${SITE_ORIGIN}${path}`)).text())
      expect(scripts.length, path).toBeGreaterThan(0)
      for (const tag of scripts) {
        const src = /\ssrc="([^"]*)"/.exec(tag)?.[1]
        if (src !== undefined) expect(src, `${path}: ${tag}`).toMatch(/^\/_next\/static\//)
      }
    }
  })

  test('the site pages rendered per request get a fresh nonce, on every script', async ({ request }) => {
    for (const path of ['/newsletter/confirm', '/newsletter/unsubscribe']) {
      const [first, second] = [
        await request.get(`${SITE_ORIGIN}${path}`),
        await request.get(`${SITE_ORIGIN}${path}`),
      ]
      expectSecurityHeaders(first, { framedBy: STUDIO, scripts: 'nonce' })
      const nonce = nonceOf(first)
      expect(nonce).toBeTruthy()
      expect(nonceOf(second)).not.toBe(nonce)
      // Next puts the response's nonce on every script it emits.
      const scripts = executableScripts(await first.text())
      expect(scripts.length).toBeGreaterThan(0)
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`)
    }
  })

  test('every kind of portal response carries them, and nothing may frame the portal', async ({
    request,
  }) => {
    const samples: [string, number][] = [
      [portal('/auth'), 200],
      [portal('/portal/tickets'), 307],
      [portal('/portal'), 307],
      [portal('/no-such-page'), 404],
      [portal('/auth/confirm'), 303],
      // Forwarded by the site: the portal's own headers, not a second policy.
      [`${SITE_ORIGIN}/auth`, 200],
    ]
    for (const [address, status] of samples) {
      const response = await request.get(address, { maxRedirects: 0 })
      expect(response.status(), address).toBe(status)
      expectSecurityHeaders(response, { framedBy: "'none'", scripts: 'nonce' })
    }
    const [first, second] = [await request.get(portal('/auth')), await request.get(portal('/auth'))]
    expect(nonceOf(first)).not.toBe(nonceOf(second))
  })

  test('content pages are served from the prerender cache, signed in or not', async ({ request }) => {
    const cookie = `${AUTH_COOKIE}=${sessionCookieValue(await passwordSession(request, THABO))}`
    const pages = [
      '/',
      '/services/cloud-and-edge-solutions',
      '/it-company-johannesburg',
      '/blog',
      '/terms',
      '/log-it',
    ]
    for (const path of [...pages, PROJECT_ROUTES[0] ?? '/projects', POST_ROUTES[0] ?? '/blog']) {
      for (const headers of [{}, { cookie }] as Record<string, string>[]) {
        const response = await request.get(`${SITE_ORIGIN}${path}`, { headers })
        expect(response.status(), path).toBe(200)
        // Next sends x-nextjs-cache (HIT, or STALE/MISS right after a revalidation) only for a
        // page it serves from the prerender cache; a page rendered per request has none.
        expect(response.headers()['x-nextjs-cache'], `${path} ${Object.keys(headers)}`).toMatch(
          /^(HIT|STALE|MISS)$/,
        )
      }
    }
  })

  test('a path that does not decode is refused with 400 and the headers, not a 500', async ({ request }) => {
    for (const path of ['/%', '/%E0%A4%A', '/blog/%zz', '/services/a%FF']) {
      const response = await request.get(`${SITE_ORIGIN}${path}`)
      expect(response.status(), path).toBe(400)
      expectSecurityHeaders(response, { framedBy: STUDIO, scripts: 'self' })
    }
  })

  test("static assets of both apps carry a file's own headers, not a page's", async ({ request }) => {
    for (const page of [`${SITE_ORIGIN}/`, portal('/auth')]) {
      const html = await (await request.get(page)).text()
      const script = html.match(/src="([^"]*\/_next\/static\/[^"]+\.js)"/)?.[1]
      const stylesheet = html.match(/href="([^"]*\/_next\/static\/[^"]+\.css)"/)?.[1]
      expect(script, `${page} links a script`).toBeTruthy()
      expect(stylesheet, `${page} links a stylesheet`).toBeTruthy()
      const headersOf = async (path: string | undefined) => {
        const response = await request.get(new URL(path ?? '', page).toString())
        expect(response.status()).toBe(200)
        return response.headers()
      }
      // A script is only ever run as what it was sent as; a page's policies mean nothing on it.
      const scriptHeaders = await headersOf(script)
      expect(scriptHeaders['x-content-type-options']).toBe('nosniff')
      expect(scriptHeaders['permissions-policy']).toBeUndefined()
      expect(scriptHeaders['content-security-policy']).toBeUndefined()
      expect(scriptHeaders['referrer-policy']).toBeUndefined()
      // A stylesheet's url() fetches follow its own referrer policy.
      const stylesheetHeaders = await headersOf(stylesheet)
      expect(stylesheetHeaders['x-content-type-options']).toBe('nosniff')
      expect(stylesheetHeaders['referrer-policy']).toBe('strict-origin-when-cross-origin')
      expect(stylesheetHeaders['permissions-policy']).toBeUndefined()
    }
  })
})

// ---------------------------------------------------------------------------------------------
// The pages under the CSP

/** Every CSP violation and console error of `page`, from the page's own event and the console. */
async function watchForViolations(page: Page): Promise<string[]> {
  const problems: string[] = []
  await page.exposeFunction('__reportCspViolation', (text: string) => problems.push(text))
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (text: string) => void })
        .__reportCspViolation
      report(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} on ${location.pathname}`)
    })
  })
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy|Refused to/i.test(message.text())) problems.push(message.text())
  })
  return problems
}

/** The page ran Next's client scripts (they set `window.next` while hydrating). */
async function expectHydrated(page: Page) {
  await expect.poll(() => page.evaluate(() => 'next' in window)).toBe(true)
}

const SITE_TEMPLATES = [
  '/',
  '/about',
  '/services',
  '/services/cloud-and-edge-solutions',
  '/services/national-field-support/cutovers-and-sim-replacements',
  '/it-company-johannesburg',
  '/projects',
  PROJECT_ROUTES[0] ?? '/projects',
  '/blog',
  POST_ROUTES[0] ?? '/blog',
  '/careers',
  '/log-it',
  '/support-deals',
  '/privacy',
  '/terms',
  '/newsletter/confirm',
  '/newsletter/unsubscribe',
  '/no-such-page',
]

test.describe('pages work under the CSP', () => {
  // Many page loads per test.
  test.describe.configure({ timeout: 300_000 })

  test('every site route template renders and hydrates with no CSP violation', async ({ page }) => {
    const problems = await watchForViolations(page)
    for (const path of SITE_TEMPLATES) {
      await page.goto(path)
      await expectHydrated(page)
    }
    // An interactive part: the header's services menu opens (it is a client component).
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/')
    await page.getByRole('button', { name: 'Open menu' }).click()
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true')
    expect(problems).toEqual([])
  })

  test('prerendered pages name each of their inline scripts by hash, work, and refuse an injected one', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    const problems = await watchForViolations(page)
    const paths = [
      '/',
      '/services/cloud-and-edge-solutions',
      '/it-company-johannesburg',
      '/blog',
      POST_ROUTES[0] ?? '/blog',
      PROJECT_ROUTES[0] ?? '/projects',
      '/terms',
      '/log-it',
      '/no-such-page',
      '/no/such/page',
    ]
    for (const path of paths) {
      const response = await page.goto(path)
      if (!response) throw new Error(`no response for ${path}`)
      const policy = (await response.allHeaders())['content-security-policy'] ?? ''
      expectInlineScriptsNamed(path, policy, await response.text())
      await expectHydrated(page)
    }

    // Interactive parts: the mobile menu, the testimonials carousel, a client-side navigation.
    await page.goto('/')
    await page.getByRole('button', { name: 'Open menu' }).click()
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true')
    await page.getByRole('button', { name: 'Close menu' }).click()
    const carousel = page.getByRole('region', { name: 'Testimonials' })
    await carousel.getByRole('button', { name: 'Next testimonial' }).click()
    await expect(page.getByRole('button', { name: 'Show testimonial 2', exact: true })).toHaveAttribute(
      'aria-current',
      'true',
    )
    await page.getByRole('button', { name: 'Open menu' }).click()
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Projects', exact: true })
      .click()
    await expect(page).toHaveURL(/\/projects$/)
    expect(problems).toEqual([])

    // What an injected inline script meets: refused, and reported.
    const ran = await page.evaluate(async () => {
      const script = document.createElement('script')
      script.textContent = 'window.injected = true'
      document.body.append(script)
      await new Promise((resolve) => setTimeout(resolve, 200))
      return (window as unknown as { injected?: boolean }).injected === true
    })
    expect(ran).toBe(false)
    await expect.poll(() => problems.some((p) => /^script-src(-elem)? blocked inline/.test(p))).toBe(true)
  })

  test('every portal route template renders and hydrates with no CSP violation', async ({ browser }) => {
    const customer = await (await browser.newContext()).newPage()
    const problems = await watchForViolations(customer)
    for (const path of ['/auth', '/auth?mode=signup', '/auth?type=recovery', '/no-such-page']) {
      await customer.goto(portal(path))
      await expectHydrated(customer)
    }
    await customer.goto(portal('/auth'))
    await new AuthPage(customer).signIn(THABO)
    await expect(customer).toHaveURL(portal('/portal/tickets'))
    for (const path of ['/portal/tickets', `/portal/tickets/${THABOS_TICKET}`, '/portal/my-tickets']) {
      await customer.goto(portal(path))
      await expectHydrated(customer)
    }
    // Through the site's origin too (the site forwards the portal's pages and assets).
    await customer.goto(`${SITE_ORIGIN}/portal/tickets`)
    await expectHydrated(customer)

    const agent = await (await browser.newContext()).newPage()
    const agentProblems = await watchForViolations(agent)
    await agent.goto(portal('/auth?from=/portal/helpdesk'))
    await new AuthPage(agent).signIn(AGENT)
    await expect(agent).toHaveURL(portal('/portal/helpdesk'))
    await expectHydrated(agent)
    await agent.goto(portal(`/portal/helpdesk/${THABOS_TICKET}`))
    await expectHydrated(agent)

    expect([...problems, ...agentProblems]).toEqual([])
  })
})

// ---------------------------------------------------------------------------------------------
// Sanity webhook replays

/** A `sanity-webhook-signature` header as Sanity builds it: HMAC-SHA256 over `<ms>.<body>`. */
function signature(body: string, timestamp: number): string {
  const hmac = createHmac('sha256', REVALIDATE_SECRET).update(`${timestamp}.${body}`).digest('base64url')
  return `t=${timestamp},v1=${hmac}`
}

test.describe('revalidation webhook', () => {
  const post = (request: APIRequestContext, body: string, header: string) =>
    request.post(`${SITE_ORIGIN}/api/revalidate`, {
      data: body,
      headers: { 'content-type': 'application/json', 'sanity-webhook-signature': header },
    })

  test('the same signed request is accepted once; a replay is refused', async ({ request }) => {
    const body = JSON.stringify({ _type: 'post', slug: `replay-${Date.now()}-${Math.random()}` })
    const header = signature(body, Date.now())
    const first = await post(request, body, header)
    expect(first.status()).toBe(200)
    expect(await first.json()).toEqual({ revalidated: ['post'] })
    const replay = await post(request, body, header)
    expect(replay.status()).toBe(409)
  })

  test('a signed webhook expires exactly the prerendered pages that show its type', async ({ request }) => {
    // The page's policy names its inline scripts whether it was just rendered or read from the cache.
    const cache = async (path: string) => {
      const response = await request.get(`${SITE_ORIGIN}${path}`)
      const state = response.headers()['x-nextjs-cache']
      expectInlineScriptsNamed(
        `${path} (${state})`,
        response.headers()['content-security-policy'] ?? '',
        await response.text(),
      )
      return state
    }
    await cache('/terms')
    // Only the home page shows industries. Another test's request may take the fresh render first,
    // hence the retry; a page the webhook did not expire never answers MISS.
    await expect(async () => {
      const body = JSON.stringify({ _type: 'industry', slug: `webhook-${Date.now()}-${Math.random()}` })
      expect((await post(request, body, signature(body, Date.now()))).status()).toBe(200)
      expect(await cache('/terms')).toBe('HIT')
      expect(await cache('/')).toBe('MISS')
      expect(await cache('/')).toBe('HIT')
    }).toPass({ timeout: 30_000 })
  })

  test('a signature older than five minutes is refused', async ({ request }) => {
    const body = JSON.stringify({ _type: 'service', slug: 'cloud-and-edge-solutions' })
    const stale = await post(request, body, signature(body, Date.now() - 6 * 60_000))
    expect(stale.status()).toBe(401)
    expect(await stale.json()).toEqual({ message: 'Signature expired' })
    const wrong = await post(request, body, signature(`${body} `, Date.now()))
    expect(wrong.status()).toBe(401)
    const garbled = await post(request, body, 'not a signature')
    expect(garbled.status()).toBe(401)
  })
})
