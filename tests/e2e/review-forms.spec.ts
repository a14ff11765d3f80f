import { expect, type Page, type Request, test } from '@playwright/test'
import { PASSWORD, THABO } from './fixtures/demo'
import { unique, useOwnAddress } from './fixtures/visitor'
import { AuthPage } from './pages/auth-page'
import { NewsletterBox, QuoteForm, SupportForm } from './pages/site-forms'
import { PORTAL_ORIGIN } from './site'

/*
 * Every form posts, also before (or without) its scripts, so nothing typed ends up in a URL
 * (browser history, server logs, Referer); and the session lives in HttpOnly cookies written by
 * the server, never readable by the page's scripts.
 */

// A plain form post re-renders the whole page on the server; under a parallel run that takes a while.
test.describe.configure({ timeout: 60_000 })

/** The session cookie's longest allowed life (AUTH_SESSION_MAX_AGE, default 7 days). */
const SESSION_MAX_AGE = Number(process.env.AUTH_SESSION_MAX_AGE ?? 7 * 24 * 60 * 60)

/** Every request the page makes, from now on. */
function recordRequests(page: Page): Request[] {
  const requests: Request[] = []
  page.on('request', (request) => requests.push(request))
  return requests
}

/** No typed value appears in any URL, raw, percent-encoded or form-encoded. */
function expectNoValuesInUrls(requests: Request[], values: string[]) {
  expect(requests.length).toBeGreaterThan(0)
  for (const request of requests) {
    const url = request.url()
    let decoded = url
    try {
      decoded = decodeURIComponent(url.replace(/\+/g, ' '))
    } catch {
      // A URL that is not valid percent-encoding is checked as it is.
    }
    for (const value of values) {
      expect(url, `${request.method()} ${url}`).not.toContain(value)
      expect(decoded, `${request.method()} ${url}`).not.toContain(value)
    }
  }
}

/** The form submissions among the requests: navigations that carry a body. */
function submissions(requests: Request[], path: string): Request[] {
  return requests.filter((r) => r.isNavigationRequest() && new URL(r.url()).pathname === path && r.postData())
}

test.describe('forms without JavaScript post and keep their values out of URLs', () => {
  test.use({ javaScriptEnabled: false })

  test('/auth sign-in posts and signs in', async ({ page }) => {
    const auth = new AuthPage(page)
    await auth.gotoFrom('/portal/my-tickets')
    const requests = recordRequests(page)

    await auth.signIn(THABO, 'not-the-password')
    await expect(page.getByRole('alert').filter({ hasText: 'Sign in failed' })).toBeVisible()
    await expect(page.getByLabel('Email')).toHaveValue(THABO)
    await expect(page.getByLabel('Password')).toHaveValue('')

    await auth.password.fill(PASSWORD)
    await auth.signInButton.click()
    await expect(page).toHaveURL(`${PORTAL_ORIGIN}/portal/my-tickets`)
    await expect(page.getByText('[TCK-7Q4M2A]')).toBeVisible()

    const posts = submissions(requests, '/auth')
    expect(posts).toHaveLength(2)
    for (const post of posts) expect(post.method()).toBe('POST')
    expectNoValuesInUrls(requests, [THABO, 'not-the-password', PASSWORD])
  })

  test.describe('public forms', () => {
    useOwnAddress()

    test('/log-it posts, shows the field messages with the values kept, then submits', async ({ page }) => {
      const email = `nojs.${unique()}@example.co.za`
      const description = `No JavaScript here ${unique()}, the printer is jammed.`
      const form = new SupportForm(page)
      await form.goto()
      const requests = recordRequests(page)

      await page.getByLabel('Full name').fill('Zanele Nojs')
      await page.getByLabel('Email').fill(email)
      await form.submitButton.click()
      await expect(page.getByText('Please enter a valid contact number')).toBeVisible()
      await expect(page.getByLabel('Contact number')).toHaveAttribute('aria-invalid', 'true')
      await expect(page.getByLabel('Full name')).toHaveValue('Zanele Nojs')
      await expect(page.getByLabel('Email')).toHaveValue(email)

      await page.getByLabel('Contact number').fill('011 555 0100')
      await page.getByLabel('Category').selectOption('Technical Support')
      await page.getByLabel('Description').fill(description)
      await form.submitButton.click()
      await expect(page.getByRole('status').filter({ hasText: 'Request submitted' })).toBeVisible()
      await expect(page.getByText('Thank you! Our support team will contact you shortly.')).toBeVisible()
      await expect(page.getByLabel('Email')).toHaveValue('')

      const posts = submissions(requests, '/log-it')
      expect(posts).toHaveLength(2)
      for (const post of posts) expect(post.method()).toBe('POST')
      expectNoValuesInUrls(requests, [email, 'Zanele Nojs', '011 555 0100', description])
    })

    test('the home quote form posts and is sent', async ({ page }) => {
      const email = `nojs.quote.${unique()}@example.co.za`
      const message = `Quote without JavaScript ${unique()}: two floors of Wi-Fi.`
      await page.goto('/')
      const requests = recordRequests(page)
      const quote = new QuoteForm(page)
      await quote.fill({ fullName: 'Bongani Nojs', email, phone: '+27 11 555 0199', message })
      await quote.submitButton.click()
      await expect(page.getByRole('status').filter({ hasText: 'Quote request sent' })).toBeVisible()

      const posts = submissions(requests, '/')
      expect(posts).toHaveLength(1)
      expect(posts[0]?.method()).toBe('POST')
      expectNoValuesInUrls(requests, [email, 'Bongani Nojs', '+27 11 555 0199', message])
    })

    test('the newsletter box posts and asks to confirm by email', async ({ page }) => {
      const email = `nojs.news.${unique()}@example.co.za`
      await page.goto('/blog')
      const requests = recordRequests(page)
      await new NewsletterBox(page).subscribe(email)
      await expect(page.getByText(/check your inbox/i)).toBeVisible()
      await expect(page.getByLabel('Email address')).toHaveValue('')

      const posts = submissions(requests, '/blog')
      expect(posts).toHaveLength(1)
      expect(posts[0]?.method()).toBe('POST')
      expectNoValuesInUrls(requests, [email])
    })
  })
})

test.describe('the session stays out of reach of scripts', () => {
  test('after sign-in no token is readable; the cookie is HttpOnly, Lax and bounded', async ({
    page,
    context,
  }) => {
    await page.goto(`${PORTAL_ORIGIN}/auth`)
    const authPage = new AuthPage(page)
    await authPage.email.fill(THABO)
    await authPage.password.fill(PASSWORD)
    const answer = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/auth',
    )
    await authPage.signInButton.click()
    const setCookies = (await (await answer).headersArray())
      .filter((h) => h.name.toLowerCase() === 'set-cookie')
      .map((h) => h.value)
    await expect(page).toHaveURL(`${PORTAL_ORIGIN}/portal/tickets`)

    const session = setCookies.filter((c) => /^sb-[^=]+-auth-token(\.\d+)?=[^;]+/.test(c))
    expect(session.length, setCookies.join('\n')).toBeGreaterThan(0)
    const local = ['localhost', '127.0.0.1', '[::1]'].includes(new URL(PORTAL_ORIGIN).hostname)
    for (const cookie of session) {
      const attributes = cookie.split(';').map((part) => part.trim().toLowerCase())
      expect(attributes, cookie).toContain('httponly')
      expect(attributes, cookie).toContain('samesite=lax')
      expect(attributes.includes('secure'), cookie).toBe(!local)
      const maxAge = Number(attributes.find((a) => a.startsWith('max-age='))?.slice('max-age='.length))
      expect(maxAge, cookie).toBeGreaterThan(0)
      expect(maxAge, cookie).toBeLessThanOrEqual(SESSION_MAX_AGE)
    }

    const stored = await context.cookies(PORTAL_ORIGIN)
    const auth = stored.filter((c) => /^sb-.+-auth-token/.test(c.name))
    expect(auth.length).toBeGreaterThan(0)
    for (const cookie of auth) {
      expect(cookie.httpOnly, cookie.name).toBe(true)
      expect(cookie.sameSite, cookie.name).toBe('Lax')
      expect(cookie.expires, cookie.name).toBeLessThanOrEqual(Date.now() / 1000 + SESSION_MAX_AGE + 60)
    }

    const readable = await page.evaluate(() => ({
      cookie: document.cookie,
      storage: [localStorage, sessionStorage].flatMap((store) =>
        Object.keys(store).map((key) => `${key}=${store.getItem(key)}`),
      ),
    }))
    expect(readable.cookie).not.toMatch(/sb-[^=]*-auth-token/)
    for (const text of [readable.cookie, ...readable.storage]) {
      expect(text).not.toMatch(/access_token|refresh_token|eyJ[\w-]+\.eyJ/)
    }

    // Signed in, the pages still work: the reads go through the server.
    await page.goto(`${PORTAL_ORIGIN}/portal/my-tickets`)
    await expect(page.getByText('[TCK-7Q4M2A]')).toBeVisible()
  })
})
