import { ADMIN, AGENT, THABO } from './fixtures/demo'
import { expect, test } from './fixtures/index'
import { ANON_KEY, createTicketAs, SUPABASE_URL } from './fixtures/stack'
import { unique } from './fixtures/visitor'
import { HelpdeskPage } from './pages/helpdesk-page'
import { CANONICAL_ORIGIN } from './site'

// Database-backed rules seen from the browser: two staff members saving the same ticket (the
// second, outdated save is refused and shows the current values), and the site's view counter
// route, which only counts the site's own articles and pages.
const ARTICLE = '/blog/it-migration-services-south-africa'

// Two sign-ins and several round trips: more than the default 30 s under a parallel run.
test.describe.configure({ timeout: 60_000 })

test('two staff save the same ticket: the outdated save is refused and shows the current values', async ({
  portalAs,
  request,
}) => {
  const summary = `Review e2e: two agents, one ticket ${unique()}`
  const ticket = await createTicketAs(request, THABO, { summary })
  const path = `/portal/helpdesk/${ticket.id}`
  const [agent, admin] = await Promise.all([portalAs(AGENT, path), portalAs(ADMIN, path)])
  // Live updates would refresh each page as soon as the other saves, so an outdated save is rare:
  // to see what the database does when one happens anyway, both pages go without them.
  for (const page of [agent, admin]) {
    await page.routeWebSocket(/\/realtime\/v1\//, () => undefined)
    await page.reload()
  }
  const [agentDesk, adminDesk] = [new HelpdeskPage(agent), new HelpdeskPage(admin)]
  await expect(agent.getByRole('heading', { name: summary })).toBeVisible()
  await expect(admin.getByRole('heading', { name: summary })).toBeVisible()

  // The agent saves first.
  const agentPriority = agentDesk.priority
  await agentDesk.setPriority('high')
  await expect(agent.getByText('Priority changed to High.')).toBeVisible()

  // The admin's page still shows Normal; their save is based on that and is refused.
  const adminPriority = adminDesk.priority
  await adminDesk.setPriority('low')
  const refusal = adminPriority.getByRole('alert')
  await expect(refusal).toContainText('Someone else changed this ticket while you were editing it')
  await expect(refusal).toContainText('Current priority: High.')
  await expect(adminPriority.getByLabel('Priority', { exact: true })).toHaveValue('high')
  await expect(admin.getByText('Priority changed to Low.')).toHaveCount(0)

  // The same holds for the status form, which was loaded before either save.
  const adminStatus = adminDesk.status
  await expect(adminStatus.getByLabel('Status', { exact: true })).toHaveValue('new')
  // After the refusal the page shows the current ticket, so a deliberate second save goes through.
  await adminDesk.setPriority('low')
  await expect(admin.getByText('Priority changed to Low.')).toBeVisible()

  // Now the agent's page is the outdated one.
  await agentDesk.setStatus('on_hold')
  const agentStatus = agentDesk.status
  await expect(agentStatus.getByRole('alert')).toContainText('Current status: New.')
  await expect(agentStatus.getByLabel('Status', { exact: true })).toHaveValue('new')
  await expect(agentPriority.getByLabel('Priority', { exact: true })).toHaveValue('low')
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
