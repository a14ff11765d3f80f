import { expect, test } from '@playwright/test'
import { axeBlocking } from './axe'
import { ACME_TICKET, AGENT, THABO, THABOS_TICKET } from './fixtures/demo'
import { AuthPage } from './pages/auth-page'
import { PORTAL_ORIGIN, PUBLIC_ROUTES } from './site'

// A full axe run on a long page takes a while on a busy machine.
test.describe.configure({ timeout: 90_000 })

test.describe('axe-core', () => {
  // The public site is held to every impact, minor included (a figure with a caption given the
  // slide's group role was one); the portal's pages, further down, to serious and critical.
  for (const path of PUBLIC_ROUTES) {
    test(`${path} has no axe violation`, async ({ page }) => {
      await page.goto(path)
      expect(await axeBlocking(page, 'minor')).toEqual([])
    })
  }

  test('every other page in the sitemap has no axe violation', async ({ page }) => {
    test.setTimeout(600_000)
    const xml = await (await page.request.get('/sitemap.xml')).text()
    const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)]
      .map((m) => new URL(m[1] ?? '').pathname)
      .filter((path) => !PUBLIC_ROUTES.includes(path))
    const found: string[] = []
    for (const path of paths) {
      await page.goto(path)
      found.push(...(await axeBlocking(page, 'minor')).map((v) => `${path}: ${v}`))
    }
    expect(found).toEqual([])
  })

  // Templates the sitemap does not list: the 404, the newsletter link outcomes and the mobile menu.
  for (const path of ['/no/such/page', '/newsletter/confirm?token=unknown', '/newsletter/unsubscribe']) {
    test(`${path} has no axe violation`, async ({ page }) => {
      await page.goto(path)
      expect(await axeBlocking(page, 'minor')).toEqual([])
    })
  }

  test('the open mobile menu has no axe violation', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/log-it')
    await page.getByRole('button', { name: 'Open menu' }).click()
    await page.getByRole('button', { name: 'Show Services' }).click()
    expect(await axeBlocking(page, 'minor')).toEqual([])
  })
})

test.describe('axe-core on the portal', () => {
  for (const path of ['/auth', '/auth?mode=signup', '/no/such/portal-page']) {
    test(`${path} has no serious or critical violation`, async ({ page }) => {
      await page.goto(`${PORTAL_ORIGIN}${path}`)
      expect(await axeBlocking(page)).toEqual([])
    })
  }

  test("a customer's pages have no serious or critical violation", async ({ page }) => {
    await new AuthPage(page).signInTo('/portal/my-tickets', THABO)
    const found: string[] = []
    for (const path of [
      '/portal/my-tickets',
      '/portal/tickets',
      `/portal/tickets/${THABOS_TICKET}`,
      '/portal/notifications',
    ]) {
      await page.goto(`${PORTAL_ORIGIN}${path}`)
      found.push(...(await axeBlocking(page)).map((v) => `${path}: ${v}`))
    }
    expect(found).toEqual([])
  })

  test("the helpdesk's pages have no serious or critical violation", async ({ page }) => {
    await new AuthPage(page).signInTo('/portal/helpdesk', AGENT)
    const found: string[] = []
    for (const path of [
      '/portal/helpdesk',
      `/portal/helpdesk/${ACME_TICKET}`,
      '/portal/helpdesk/outbox',
      '/portal/helpdesk/new',
      '/portal/helpdesk/report',
      '/portal/helpdesk/canned-replies',
      '/portal/helpdesk?status=all&sort=priority',
      '/portal/security',
    ]) {
      await page.goto(`${PORTAL_ORIGIN}${path}`)
      found.push(...(await axeBlocking(page)).map((v) => `${path}: ${v}`))
    }
    expect(found).toEqual([])
  })
})
