import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test'
import { CANONICAL_ORIGIN, PORTAL_ORIGIN } from './site'

// Database-backed rules seen from the browser: two staff members saving the same ticket (the
// second, outdated save is refused and shows the current values), and the site's view counter
// route, which only counts the site's own articles and pages.
const PASSWORD = 'Password123!'
const AGENT = 'agent@siyakha.example'
const ADMIN = 'admin@siyakha.example'
const THABO = 'thabo@example.co.za'

/** The local stack's API and its well-known anon key (packages/supabase/src/env.ts). */
const SUPABASE_URL = 'http://127.0.0.1:54321'
const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0'
const ARTICLE = '/blog/it-migration-services-south-africa'

// Two sign-ins and several round trips: more than the default 30 s under a parallel run.
test.describe.configure({ timeout: 60_000 })

const url = (path: string) => `${PORTAL_ORIGIN}${path}`
const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`

/** A page in its own browser context, signed in as `email` and left on `path`. */
async function signedInPage(browser: Browser, email: string, path: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage()
  await page.goto(url(`/auth?from=${encodeURIComponent(path)}`))
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(url(path))
  return page
}

/** A fresh ticket logged by `email` through the API, as the portal's create form does. */
async function createTicketAs(request: APIRequestContext, email: string, summary: string) {
  const session = await request.post(`${SUPABASE_URL}/auth/v1/token?grant_type=password`, {
    headers: { apikey: ANON_KEY },
    data: { email, password: PASSWORD },
  })
  expect(session.ok(), await session.text()).toBe(true)
  const { access_token } = (await session.json()) as { access_token: string }
  const created = await request.post(`${SUPABASE_URL}/rest/v1/tickets?select=id`, {
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${access_token}`, Prefer: 'return=representation' },
    data: { summary },
  })
  expect(created.status(), await created.text()).toBe(201)
  const [ticket] = (await created.json()) as { id: string }[]
  return ticket as { id: string }
}

test('two staff save the same ticket: the outdated save is refused and shows the current values', async ({
  browser,
  request,
}) => {
  const summary = `Review e2e: two agents, one ticket ${unique()}`
  const ticket = await createTicketAs(request, THABO, summary)
  const path = `/portal/helpdesk/${ticket.id}`
  const [agent, admin] = await Promise.all([
    signedInPage(browser, AGENT, path),
    signedInPage(browser, ADMIN, path),
  ])
  await expect(agent.getByRole('heading', { name: summary })).toBeVisible()
  await expect(admin.getByRole('heading', { name: summary })).toBeVisible()

  // The agent saves first.
  const agentPriority = agent.getByRole('region', { name: 'Priority', exact: true })
  await agentPriority.getByLabel('New priority').selectOption('high')
  await agentPriority.getByRole('button', { name: 'Update priority' }).click()
  await expect(agent.getByText('Priority changed to High.')).toBeVisible()

  // The admin's page still shows Normal; their save is based on that and is refused.
  const adminPriority = admin.getByRole('region', { name: 'Priority', exact: true })
  await adminPriority.getByLabel('New priority').selectOption('low')
  await adminPriority.getByRole('button', { name: 'Update priority' }).click()
  const refusal = adminPriority.getByRole('alert')
  await expect(refusal).toContainText('Someone else changed this ticket while you were editing it')
  await expect(refusal).toContainText('Current priority: High.')
  await expect(adminPriority.getByLabel('New priority')).toHaveValue('high')
  await expect(admin.getByText('Priority changed to Low.')).toHaveCount(0)

  // The same holds for the status form, which was loaded before either save.
  const adminStatus = admin.getByRole('region', { name: 'Status', exact: true })
  await expect(adminStatus.getByLabel('New status')).toHaveValue('new')
  // After the refusal the page shows the current ticket, so a deliberate second save goes through.
  await adminPriority.getByLabel('New priority').selectOption('low')
  await adminPriority.getByRole('button', { name: 'Update priority' }).click()
  await expect(admin.getByText('Priority changed to Low.')).toBeVisible()

  // Now the agent's page is the outdated one.
  await agent
    .getByRole('region', { name: 'Status', exact: true })
    .getByLabel('New status')
    .selectOption('on_hold')
  await agent
    .getByRole('region', { name: 'Status', exact: true })
    .getByRole('button', { name: 'Update status' })
    .click()
  const agentStatus = agent.getByRole('region', { name: 'Status', exact: true })
  await expect(agentStatus.getByRole('alert')).toContainText('Current status: New.')
  await expect(agentStatus.getByLabel('New status')).toHaveValue('new')
  await expect(agentPriority.getByLabel('New priority')).toHaveValue('low')
  await Promise.all([agent.context().close(), admin.context().close()])
})

test.describe('the site’s view counter route', () => {
  const namespace = `siyakha_${new URL(CANONICAL_ORIGIN).hostname.replace(/\./g, '-')}`

  test('counts the site’s articles only: other keys are 404 and start no counter', async ({ request }) => {
    const article = await request.get('/api/page-views', { params: { key: ARTICLE, op: 'get' } })
    expect(article.status()).toBe(200)
    expect(typeof ((await article.json()) as { value: unknown }).value).toBe('number')

    const madeUp = `/blog/no-such-article-${unique().replace(/\D/g, '')}`
    for (const op of ['hit', 'get']) {
      const answer = await request.get('/api/page-views', { params: { key: madeUp, op } })
      expect(answer.status()).toBe(404)
    }
    expect((await request.get('/api/page-views', { params: { key: '/blog/x?y', op: 'hit' } })).status()).toBe(
      400,
    )

    // Straight to the function, without the site's word, the made-up key has no counter.
    const direct = await request.get(`${SUPABASE_URL}/functions/v1/page-views`, {
      params: { ns: namespace, key: madeUp, op: 'hit' },
      headers: { apikey: ANON_KEY, Authorization: `Bearer ${ANON_KEY}` },
    })
    expect(direct.status()).toBe(404)
  })
})
