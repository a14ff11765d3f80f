import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test'
import { axeBlocking } from './axe'
import { PORTAL_ORIGIN } from './site'

// The staff helpdesk (/portal/helpdesk) against the local Supabase stack (seed.sql loaded). Tests
// run in parallel on one database: the test that changes a ticket makes its own, and the others
// only read seeded tickets.
const PASSWORD = 'Password123!'
const AGENT = 'agent@siyakha.example'
const ADMIN = 'admin@siyakha.example'
const THABO = 'thabo@example.co.za'
const ACME_OWNER = 'owner@acme-clinic.example'
/** Acme Clinic's TCK-P5L8QC, which its owner (a company admin) may read as a customer. */
const ACME_TICKET = '00000000-0000-4000-8000-0000000000a5'

/** The local stack's API and its well-known anon key (packages/supabase/src/env.ts). */
const SUPABASE_URL = 'http://127.0.0.1:54321'
const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0'

// The main test signs in twice and makes several round trips; under a parallel run it needs more
// than the default 30 s.
test.describe.configure({ timeout: 60_000 })

const url = (path: string) => `${PORTAL_ORIGIN}${path}`
const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`

async function signIn(page: Page, email: string) {
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign In' }).click()
}

/** A page in its own browser context, signed in as `email` and left on `path`. */
async function signedInPage(browser: Browser, email: string, path: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage()
  await page.goto(url(`/auth?from=${encodeURIComponent(path)}`))
  await signIn(page, email)
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
  const created = await request.post(`${SUPABASE_URL}/rest/v1/tickets?select=id,tracking_ref`, {
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${access_token}`, Prefer: 'return=representation' },
    data: { summary, details: 'Logged by the helpdesk end-to-end test.', channel: 'portal' },
  })
  expect(created.status(), await created.text()).toBe(201)
  const [ticket] = (await created.json()) as { id: string; tracking_ref: string }[]
  expect(ticket?.tracking_ref).toMatch(/^TCK-[A-Z0-9]{6}$/)
  return ticket as { id: string; tracking_ref: string }
}

async function filterList(page: Page, filters: { status?: string; search?: string; mine?: boolean }) {
  if (filters.status) await page.getByLabel('Status').selectOption(filters.status)
  if (filters.search !== undefined) await page.getByLabel('Search').fill(filters.search)
  if (filters.mine !== undefined) await page.getByLabel('Assigned to me').setChecked(filters.mine)
  await page.getByRole('button', { name: 'Apply filters' }).click()
}

test('an agent works a ticket; its customer sees the public reply but not the internal note', async ({
  browser,
  request,
}) => {
  const summary = `Helpdesk e2e: VPN drops every hour ${unique()}`
  const ticket = await createTicketAs(request, THABO, summary)
  const note = `Internal: checked the firewall logs ${unique()}`
  const reply = `Hi Thabo, please restart the VPN client and tell us if it drops again. ${unique()}`

  const agent = await signedInPage(browser, AGENT, '/portal/helpdesk')
  await expect(
    agent.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'Helpdesk' }),
  ).toBeVisible()
  await expect(agent.getByRole('heading', { name: 'Helpdesk', level: 1 })).toBeVisible()
  expect(await axeBlocking(agent)).toEqual([])

  // Filter by status and search by reference: one row, the new ticket.
  await filterList(agent, { status: 'new', search: ticket.tracking_ref })
  await expect(agent).toHaveURL(url(`/portal/helpdesk?status=new&q=${ticket.tracking_ref}`))
  const table = agent.getByRole('table', { name: 'Tickets, newest first' })
  await expect(table.getByRole('row')).toHaveCount(2)
  const row = table.getByRole('row').filter({ hasText: ticket.tracking_ref })
  await expect(row).toContainText(summary)
  await expect(row).toContainText('New')
  await expect(row).toContainText('Normal')
  await expect(row).toContainText('Unassigned')
  await filterList(agent, { status: 'open' })
  await expect(agent.getByText('No tickets match these filters.')).toBeVisible()
  await filterList(agent, { status: 'active' })
  await row.getByRole('link', { name: ticket.tracking_ref }).click()

  await expect(agent).toHaveURL(url(`/portal/helpdesk/${ticket.id}`))
  await expect(agent.getByRole('heading', { name: summary })).toBeVisible()
  await expect(agent.getByText('(customer sees “Received”)')).toBeVisible()
  // Staff see who filed it, as a mail link.
  const details = agent.getByRole('definition').filter({ hasText: THABO })
  await expect(details.getByRole('link', { name: THABO })).toHaveAttribute('href', `mailto:${THABO}`)

  // Assign to me.
  const assignee = agent.getByRole('region', { name: 'Assignee', exact: true })
  await expect(assignee).toContainText('Unassigned.')
  await assignee.getByRole('button', { name: 'Assign to me' }).click()
  await expect(assignee).toContainText('Assigned to you.')
  await expect(assignee.getByRole('button', { name: 'Unassign' })).toBeVisible()

  // new → open.
  const status = agent.getByRole('region', { name: 'Status', exact: true })
  await status.getByLabel('New status').selectOption('open')
  await status.getByRole('button', { name: 'Update status' }).click()
  await expect(agent.getByText('(customer sees “In progress”)')).toBeVisible()

  // An internal note, then a public reply.
  const replyForm = agent.getByRole('region', { name: 'Reply or note', exact: true })
  const timeline = agent.getByRole('region', { name: 'Timeline', exact: true })
  await replyForm.getByLabel('Internal note (staff only)').check()
  await replyForm.getByLabel('Message').fill(note)
  await replyForm.getByRole('button', { name: 'Add to timeline' }).click()
  await expect(timeline.getByRole('listitem').filter({ hasText: note })).toContainText(
    'Internal note (staff only)',
  )
  await expect(replyForm.getByLabel('Message')).toHaveValue('')

  await replyForm.getByLabel('Public reply (the customer sees it)').check()
  await replyForm.getByLabel('Message').fill(reply)
  await replyForm.getByRole('button', { name: 'Add to timeline' }).click()
  await expect(timeline.getByRole('listitem').filter({ hasText: reply })).toContainText('Outgoing')
  expect(await axeBlocking(agent)).toEqual([])

  // Closing needs a reason: refused, with the choice kept and the ticket still open.
  await status.getByLabel('New status').selectOption('closed')
  await status.getByRole('button', { name: 'Update status' }).click()
  await expect(status.getByText('Choose a close reason to close the ticket.')).toBeVisible()
  await expect(status.getByLabel('Close reason')).toBeFocused()
  await expect(status.getByLabel('New status')).toHaveValue('closed')
  await agent.reload()
  await expect(agent.getByText('(customer sees “In progress”)')).toBeVisible()
  await expect(status.getByLabel('New status')).toHaveValue('open')

  // "Assigned to me" finds it under its new status.
  await agent.goto(url('/portal/helpdesk'))
  await filterList(agent, { status: 'open', search: ticket.tracking_ref, mine: true })
  await expect(agent).toHaveURL(url(`/portal/helpdesk?status=open&q=${ticket.tracking_ref}&mine=1`))
  await expect(table.getByRole('row').filter({ hasText: ticket.tracking_ref })).toContainText('You')

  // The customer sees the reply, never the note.
  const customer = await signedInPage(browser, THABO, `/portal/tickets/${ticket.id}`)
  const customerTimeline = customer.getByRole('region', { name: 'Timeline' })
  await expect(customerTimeline.getByText(reply)).toBeVisible()
  await expect(customer.getByText('In progress')).toBeVisible()
  await expect(customer.getByText(note)).toHaveCount(0)
  await expect(customer.getByText('Internal note')).toHaveCount(0)
  await Promise.all([agent.context().close(), customer.context().close()])
})

test('the search matches summaries and the status filter reaches closed work', async ({ browser }) => {
  const admin = await signedInPage(browser, ADMIN, '/portal/helpdesk')
  const table = admin.getByRole('table', { name: 'Tickets, newest first' })

  // Seeded: TCK-7Q4M2A is open, TCK-W1X4QJ (a duplicate) is closed; both mention Wi-Fi.
  await filterList(admin, { search: 'wi-fi' })
  await expect(table.getByRole('row').filter({ hasText: 'TCK-7Q4M2A' })).toBeVisible()
  await expect(table.getByText('TCK-W1X4QJ')).toHaveCount(0)

  await filterList(admin, { status: 'all' })
  await expect(table.getByRole('row').filter({ hasText: 'TCK-W1X4QJ' })).toContainText('Closed')

  await filterList(admin, { status: 'closed', search: 'TCK-W1X4QJ' })
  await expect(table.getByRole('row')).toHaveCount(2)
  await filterList(admin, { status: 'active', search: '50%, (not) "a" ref*' })
  await expect(admin.getByText('No tickets match these filters.')).toBeVisible()
  await admin.context().close()
})

test('customers get no helpdesk: no link, and the same refusal as a foreign ticket', async ({ browser }) => {
  const owner = await signedInPage(browser, ACME_OWNER, '/portal/helpdesk')
  await expect(owner.getByText('Not found or access denied.')).toBeVisible()
  await expect(owner.getByRole('link', { name: 'Helpdesk' })).toHaveCount(0)
  await expect(owner.getByRole('table')).toHaveCount(0)

  // Even a ticket the owner may read as a customer is not shown through the staff view.
  await owner.goto(url(`/portal/helpdesk/${ACME_TICKET}`))
  await expect(owner.getByText('Not found or access denied.')).toBeVisible()
  await expect(owner.getByText('TCK-P5L8QC')).toHaveCount(0)
  await expect(owner.getByRole('button', { name: 'Update status' })).toHaveCount(0)
  await owner.context().close()
})

test('a signed-out visitor is sent to sign in first', async ({ page }) => {
  await page.goto(url('/portal/helpdesk?status=new'))
  await expect(page).toHaveURL(url('/auth?from=%2Fportal%2Fhelpdesk%3Fstatus%3Dnew'))
  await signIn(page, AGENT)
  await expect(page).toHaveURL(url('/portal/helpdesk?status=new'))
  await expect(page.getByLabel('Status')).toHaveValue('new')
})

test('the customer confirms a resolution or reports it still broken; a new ticket can be cancelled', async ({
  browser,
  request,
}) => {
  const ticket = await createTicketAs(request, THABO, `Scanner offline ${unique()}`)
  const agent = await signedInPage(browser, AGENT, `/portal/helpdesk/${ticket.id}`)
  const status = agent.getByRole('region', { name: 'Status', exact: true })
  async function resolve() {
    await agent.reload()
    await status.getByLabel('New status').selectOption('resolved')
    await status.getByRole('button', { name: 'Update status' }).click()
    await expect(agent.getByText('(customer sees “Resolved – please confirm”)')).toBeVisible()
  }

  const customer = await signedInPage(browser, THABO, `/portal/tickets/${ticket.id}`)
  const details = customer.getByRole('definition')
  await expect(customer.getByRole('heading', { name: 'Is it fixed?' })).toHaveCount(0)

  // Resolved → "still broken" → open again.
  await resolve()
  await customer.reload()
  await expect(details.filter({ hasText: 'Resolved – please confirm' })).toBeVisible()
  await customer.getByRole('button', { name: 'No, it’s still broken' }).click()
  await expect(customer.getByText('The ticket is open again; we are on it.')).toBeVisible()
  await expect(details.filter({ hasText: 'In progress' })).toBeVisible()
  await expect(customer.getByRole('heading', { name: 'Is it fixed?' })).toHaveCount(0)

  // Resolved again → confirmed → closed.
  await resolve()
  await customer.reload()
  await customer.getByRole('button', { name: 'Yes, it’s fixed' }).click()
  await expect(customer.getByText('Thanks for confirming. The ticket is closed.')).toBeVisible()
  await expect(details.filter({ hasText: 'Closed' })).toBeVisible()
  await agent.reload()
  await expect(agent.getByRole('definition').filter({ hasText: 'Confirmed by customer' })).toBeVisible()

  // A ticket nobody has picked up can be cancelled, after a second click.
  const fresh = await createTicketAs(request, THABO, `Wrong ticket ${unique()}`)
  await customer.goto(url(`/portal/tickets/${fresh.id}`))
  await customer.getByRole('button', { name: 'Cancel ticket' }).click()
  await customer.getByRole('button', { name: 'Keep it' }).click()
  await customer.getByRole('button', { name: 'Cancel ticket' }).click()
  await customer.getByRole('button', { name: 'Yes, cancel the ticket' }).click()
  await expect(customer.getByText('The ticket is cancelled.')).toBeVisible()
  await expect(details.filter({ hasText: 'Closed' })).toBeVisible()
  expect(await axeBlocking(customer)).toEqual([])
  await Promise.all([agent.context().close(), customer.context().close()])
})
