import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test'
import { ADMIN, AGENT, THABO } from './fixtures/demo'
import { mailTo } from './fixtures/mailbox'
import { ANON_KEY, AUTH_COOKIE, passwordSession, SUPABASE_URL, sessionCookieValue } from './fixtures/stack'
import { testIp, unique, useOwnAddress } from './fixtures/visitor'
import { AuthPage } from './pages/auth-page'
import { NewsletterBox, QuoteForm, SupportForm } from './pages/site-forms'
import { CANONICAL_ORIGIN } from './site'

/*
 * The public site's live features against the real local stack (Supabase functions, Auth, the
 * mailbox) and the portal behind the site's rewrites. Each test uses its own client address and
 * its own email address, so the functions' rate limits and the mailbox never mix tests up, also
 * on a reused database. The tests play the proxy in front of both apps: they set X-Forwarded-For,
 * the site's server actions vouch for that address to the functions, and calls straight to the
 * gateway count it as the second trusted hop (tests/e2e/functions.env).
 */

const ARTICLE = '/blog/it-migration-services-south-africa'
/** The fixed per-article baselines the view counter adds to the counted views. */
const BASELINES = [149, 38, 159, 500, 400, 372, 123, 99, 211, 267, 321, 453]

/** Signs in with the password grant and stores the session the way @supabase/ssr does (a cookie). */
async function signIn(context: BrowserContext, request: APIRequestContext, email: string, baseURL: string) {
  const value = sessionCookieValue(await passwordSession(request, email))
  await context.addCookies([{ name: AUTH_COOKIE, value, url: baseURL, sameSite: 'Lax' }])
}

test.describe('/log-it support request', () => {
  useOwnAddress()

  test('a valid request is logged: toast, reset form, its ticket reference on screen and by email', async ({
    page,
    request,
  }) => {
    const email = `thandi.${unique()}@example.co.za`
    const form = new SupportForm(page)
    await form.goto()
    await form.fill(email)
    await form.submitButton.click()
    await expect(page.getByText('Request submitted')).toBeVisible()
    await expect(page.getByText('Thank you! Our support team will contact you shortly.')).toBeVisible()
    await expect(page.getByLabel('Full name')).toHaveValue('')
    await expect(page.getByLabel('Description')).toHaveValue('')
    const shown = page.getByText(/^Your ticket reference is TCK-[A-Z0-9]{6}\. We have emailed you a copy\.$/)
    await expect(shown).toBeVisible()
    const reference = /TCK-[A-Z0-9]{6}/.exec((await shown.textContent()) ?? '')?.[0] as string

    const mail = await mailTo(request, email, new RegExp(`^\\[${reference}\\] Network Issue: `))
    expect(mail.Text).toContain(`Your ticket reference is ${reference}.`)
    expect(mail.Text).toContain('The office Wi-Fi drops every afternoon after two.')
  })
})

test.describe('/log-it when the function refuses', () => {
  const ip = useOwnAddress()

  /** A call to the function from the describe block's address. */
  const callFunction = (request: APIRequestContext) =>
    request.post(`${SUPABASE_URL}/functions/v1/log-support-call`, {
      headers: { apikey: ANON_KEY, Authorization: `Bearer ${ANON_KEY}`, 'x-forwarded-for': ip },
      data: {},
    })

  /**
   * Uses up the address's allowance: the function counts every call from it, valid or not (5 in a
   * 10-minute window), and refuses the sixth. The window is fixed to the clock, so with only
   * seconds of it left the form's call could land in a fresh window and go through: then this
   * waits for the next window and starts again.
   */
  async function useUpAllowance(request: APIRequestContext) {
    for (;;) {
      let answer = await callFunction(request)
      for (let i = 0; i < 5 && answer.status() !== 429; i++) answer = await callFunction(request)
      expect(answer.status(), 'a call after the allowance is refused').toBe(429)
      const left = Number(answer.headers()['retry-after'])
      expect(left, 'the refusal says when the window ends').toBeGreaterThan(0)
      if (left > 15) return
      await new Promise((resolve) => setTimeout(resolve, (left + 1) * 1000))
    }
  }

  test('a rate-limited request says so and keeps the details', async ({ page, request }) => {
    test.setTimeout(60_000)
    await useUpAllowance(request)
    const email = `limited.${unique()}@example.co.za`
    const form = new SupportForm(page)
    await form.goto()
    await form.fill(email)
    await form.submitButton.click()
    await expect(page.getByText('Something went wrong')).toBeVisible()
    await expect(page.getByText('We couldn’t log your request. Please try again.')).toBeVisible()
    await expect(page.getByText('Request submitted')).toHaveCount(0)
    await expect(page.getByLabel('Email')).toHaveValue(email)
    await expect(page.getByLabel('Description')).toHaveValue(
      'The office Wi-Fi drops every afternoon after two.',
    )
  })
})

test.describe('home quote form', () => {
  useOwnAddress()

  test('a quote request is sent and confirmed by email', async ({ page, request }) => {
    const email = `lerato.${unique()}@example.co.za`
    await page.goto('/#quote-form')
    const quote = new QuoteForm(page)
    await quote.fill({
      fullName: 'Lerato Khumalo',
      email,
      phone: '+27 11 000 0000',
      message: 'We need Wi-Fi across two floors of our office.',
    })
    await quote.submitButton.click()
    await expect(page.getByText('Quote request sent')).toBeVisible()
    await expect(quote.field('Full name')).toHaveValue('')

    await expect(page.getByText(/^Your ticket reference is TCK-[A-Z0-9]{6}\./)).toBeVisible()
    const mail = await mailTo(request, email, /^\[TCK-[A-Z0-9]{6}\] Quote request: /)
    expect(mail.Text).toContain('We need Wi-Fi across two floors of our office.')
  })
})

test.describe('blog newsletter', () => {
  useOwnAddress()

  test('subscribe, confirm from the email, then unsubscribe', async ({ page, request }) => {
    const email = `reader.${unique()}@example.co.za`
    await page.goto('/blog')
    await new NewsletterBox(page).subscribe(email)
    await expect(page.getByText(/check your inbox/i)).toBeVisible()
    await expect(page.getByLabel('Email address')).toHaveValue('')

    const mail = await mailTo(request, email, /confirm/i)
    const confirm = /\/newsletter\/confirm\?token=[\w-]+/.exec(mail.Text)?.[0]
    const unsubscribe = /\/newsletter\/unsubscribe\?token=[\w-]+/.exec(mail.Text)?.[0]
    expect(confirm, mail.Text).toBeTruthy()
    expect(unsubscribe, mail.Text).toBeTruthy()

    await page.goto(confirm as string)
    await expect(page.getByRole('heading', { name: "You're subscribed" })).toBeVisible()
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)

    await page.goto(unsubscribe as string)
    await expect(page.getByRole('heading', { name: "You've been unsubscribed" })).toBeVisible()
  })

  test('an unknown confirmation link says so', async ({ page }) => {
    await page.goto('/newsletter/confirm?token=00000000-0000-4000-8000-000000000000')
    await expect(page.getByRole('heading', { name: 'This link has expired' })).toBeVisible()
    await page.goto('/newsletter/confirm')
    await expect(page.getByRole('heading', { name: 'This link has expired' })).toBeVisible()
  })
})

test.describe('article view counter', () => {
  /** The site counts per its canonical host (VIEW_NAMESPACE in apps/site/lib/page-views.ts). */
  const namespace = `siyakha_${new URL(CANONICAL_ORIGIN).hostname.replace(/\./g, '-')}`

  /** The counter's value, read straight from the function (no view counted). */
  async function counted(request: APIRequestContext): Promise<number> {
    const answer = await request.get(`${SUPABASE_URL}/functions/v1/page-views`, {
      params: { ns: namespace, key: ARTICLE, op: 'get' },
      headers: { apikey: ANON_KEY, Authorization: `Bearer ${ANON_KEY}` },
    })
    expect(answer.ok()).toBe(true)
    return ((await answer.json()) as { value: number }).value
  }

  /** Opens the article as a visitor from `ip` and returns the number of views it shows. */
  async function visit(page: Page, ip: string): Promise<number> {
    // The browser asks the site, whose server asks the function for the visitor at `ip`.
    await page.route('**/api/page-views?*', (route) =>
      route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': ip } }),
    )
    const counting = page.waitForResponse((r) => r.url().includes('/api/page-views') && r.ok())
    await page.goto(ARTICLE)
    expect(new URL((await counting).url()).searchParams.get('op')).toBe('hit')
    const label = page.getByText(/^\d[\d\s,]* views$/)
    await expect(label).toBeVisible()
    await page.unroute('**/api/page-views?*')
    return Number((await label.innerText()).replace(/\D/g, ''))
  }

  test('shows baseline + counted views and counts a new visitor once', async ({ page, request }) => {
    const first = await visit(page, testIp())
    const afterFirst = await counted(request)
    expect(BASELINES).toContain(first - afterFirst)

    const second = await visit(page, testIp())
    expect(second).toBe(first + 1)
    expect(await counted(request)).toBe(afterFirst + 1)
  })
})

test.describe('signed-in extras in the header', () => {
  test.use({ viewport: { width: 1280, height: 800 } })
  const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' })

  test('Sign Out shows only with a session, on desktop and in the mobile menu', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    await page.goto('/about')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(mainNav(page).getByRole('button', { name: 'Sign Out' })).toHaveCount(0)

    await signIn(context, request, THABO, baseURL as string)
    await page.goto('/about')
    const signOut = mainNav(page).getByRole('button', { name: 'Sign Out' })
    await expect(signOut).toBeVisible()

    await page.setViewportSize({ width: 390, height: 844 })
    await mainNav(page).getByRole('button', { name: 'Open menu' }).click()
    await expect(signOut).toBeVisible()
  })

  for (const [name, expiresAt] of [
    ['ended elsewhere', undefined],
    ['ended elsewhere and expired', Math.floor(Date.now() / 1000) - 3600],
  ] as const) {
    test(`a stale session cookie (${name}) shows no Sign Out and is cleared`, async ({
      page,
      context,
      request,
      baseURL,
    }) => {
      const session = await passwordSession(request, THABO)
      // Signing out elsewhere ends the session on the server; this browser's cookie stays behind.
      const logout = await request.post(`${SUPABASE_URL}/auth/v1/logout?scope=local`, {
        headers: { apikey: ANON_KEY, Authorization: `Bearer ${session.access_token}` },
      })
      expect(logout.status()).toBe(204)
      const stale = { ...session, ...(expiresAt ? { expires_at: expiresAt } : {}) }
      await context.addCookies([
        { name: AUTH_COOKIE, value: sessionCookieValue(stale), url: baseURL as string, sameSite: 'Lax' },
      ])

      await page.goto('/about')
      await expect
        .poll(async () => (await context.cookies()).some((c) => c.name.startsWith(AUTH_COOKIE)), {
          message: 'the stale cookie is cleared',
        })
        .toBe(false)
      await expect(mainNav(page).getByRole('button', { name: 'Sign Out' })).toHaveCount(0)
    })
  }

  test('the admin panel appears for provider admins and creates the company admin', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    await signIn(context, request, ADMIN, baseURL as string)
    await page.goto('/')
    const panel = page.getByRole('complementary', { name: 'Admin quick actions' })
    await panel.getByRole('button', { name: 'Admin' }).click()
    await panel.getByRole('button', { name: 'Create company admin' }).click()
    await expect(page.getByText('Creating company…')).toBeVisible()
    await expect(page.getByText('Success', { exact: true })).toBeVisible({ timeout: 15_000 })
    await expect(
      page.getByText(/Company [0-9a-f-]{36} and admin user [0-9a-f-]{36} are set up\./),
    ).toBeVisible()
  })

  for (const email of [THABO, AGENT]) {
    test(`no admin panel for ${email}`, async ({ page, context, request, baseURL }) => {
      await signIn(context, request, email, baseURL as string)
      // The role check runs on the site's server (the browser holds no token): wait for its answer.
      const roleCheck = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/session')
      await page.goto('/')
      expect((await roleCheck).ok()).toBe(true)
      await expect(page.getByRole('button', { name: 'Sign Out' }).first()).toBeAttached()
      await expect(page.getByRole('complementary', { name: 'Admin quick actions' })).toHaveCount(0)
    })
  }

  test('signed out, the site never loads supabase-js or checks roles', async ({ page }) => {
    const supabaseCalls: string[] = []
    page.on('request', (r) => {
      if (r.url().startsWith(SUPABASE_URL) && !r.url().includes('/page-views')) supabaseCalls.push(r.url())
    })
    await page.goto('/')
    await page.waitForLoadState('networkidle')
    expect(supabaseCalls).toEqual([])
    await expect(page.getByRole('complementary', { name: 'Admin quick actions' })).toHaveCount(0)
  })
})

test.describe('the portal from the site origin', () => {
  test.use({ viewport: { width: 1280, height: 800 } })

  test('/portal/tickets sends a visitor to /auth on the site, with the path as from', async ({ page }) => {
    await page.goto('/portal/tickets')
    await expect(page).toHaveURL(/\/auth\?from=%2Fportal%2Ftickets$/)
    expect(new URL(page.url()).port).toBe(new URL(test.info().project.use.baseURL as string).port)
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible()
  })

  test('sign in through /auth, see Sign Out on the site, then sign out', async ({ page, baseURL }) => {
    await page.goto('/auth')
    await new AuthPage(page).signIn(THABO)
    await expect(page).toHaveURL(`${baseURL}/portal/tickets`)

    await page.goto('/about')
    const signOut = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign Out' })
    await expect(signOut).toBeVisible()
    await signOut.click()
    await expect(page).toHaveURL(/\/auth$/)
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible()

    await page.goto('/about')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Sign Out' })).toHaveCount(0)
  })
})
