import type { APIRequestContext } from '@playwright/test'
import { axeBlocking } from './axe'
import { ACME_OWNER, ACME_TICKET, ADMIN, AGENT, THABO } from './fixtures/demo'
import { expect, test } from './fixtures/index'
import { createTicketAs } from './fixtures/stack'
import { unique } from './fixtures/visitor'
import { AuthPage } from './pages/auth-page'
import { HelpdeskPage } from './pages/helpdesk-page'
import { PORTAL_ORIGIN } from './site'

// The staff helpdesk (/portal/helpdesk) against the local Supabase stack (seed.sql loaded). Tests
// run in parallel on one database: the test that changes a ticket makes its own, and the others
// only read seeded tickets.

// The main test signs in twice and makes several round trips; under a parallel run it needs more
// than the default 30 s.
test.describe.configure({ timeout: 60_000 })

const url = (path: string) => `${PORTAL_ORIGIN}${path}`

/** A fresh ticket logged by Thabo through the API, as the portal's create form does. */
async function thabosTicket(request: APIRequestContext, summary: string) {
  const ticket = await createTicketAs(request, THABO, {
    summary,
    details: 'Logged by the helpdesk end-to-end test.',
    channel: 'portal',
  })
  expect(ticket?.tracking_ref).toMatch(/^TCK-[A-Z0-9]{6}$/)
  return ticket
}

test('an agent works a ticket; its customer sees the public reply but not the internal note', async ({
  portalAs,
  request,
}) => {
  const summary = `Helpdesk e2e: VPN drops every hour ${unique()}`
  const ticket = await thabosTicket(request, summary)
  const note = `Internal: checked the firewall logs ${unique()}`
  const reply = `Hi Thabo, please restart the VPN client and tell us if it drops again. ${unique()}`

  const agent = await portalAs(AGENT, '/portal/helpdesk')
  const helpdesk = new HelpdeskPage(agent)
  await expect(
    agent.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'Helpdesk' }),
  ).toBeVisible()
  await expect(agent.getByRole('heading', { name: 'Helpdesk', level: 1 })).toBeVisible()
  expect(await axeBlocking(agent)).toEqual([])

  // Filter by status and search by reference: one row, the new ticket.
  await helpdesk.filter({ status: 'new', search: ticket.tracking_ref })
  await expect(agent).toHaveURL(url(`/portal/helpdesk?status=new&q=${ticket.tracking_ref}`))
  const table = helpdesk.table
  await expect(table.getByRole('row')).toHaveCount(2)
  const row = table.getByRole('row').filter({ hasText: ticket.tracking_ref })
  await expect(row).toContainText(summary)
  await expect(row).toContainText('New')
  await expect(row).toContainText('Normal')
  await expect(row).toContainText('Unassigned')
  await helpdesk.filter({ status: 'open' })
  await expect(agent.getByText('No tickets match these filters.')).toBeVisible()
  await helpdesk.filter({ status: 'active' })
  await row.getByRole('link', { name: ticket.tracking_ref }).click()

  await expect(agent).toHaveURL(url(`/portal/helpdesk/${ticket.id}`))
  await expect(agent.getByRole('heading', { name: summary })).toBeVisible()
  await expect(agent.getByText('(customer sees “Received”)')).toBeVisible()
  // Staff see who filed it, as a mail link.
  const details = agent.getByRole('definition').filter({ hasText: THABO })
  await expect(details.getByRole('link', { name: THABO })).toHaveAttribute('href', `mailto:${THABO}`)

  // Assign to me.
  const assignee = helpdesk.assignee
  await expect(helpdesk.assigneeShown()).toHaveText('Unassigned')
  await assignee.getByRole('button', { name: 'Assign to me' }).click()
  await expect(agent.getByText('Assigned to you.')).toBeVisible()
  await expect(helpdesk.assigneeShown()).toHaveText('Sipho Dlamini (you)')
  await expect(assignee.getByRole('button', { name: 'Assign to me' })).toHaveCount(0)

  // new → open.
  const status = helpdesk.status
  await helpdesk.setStatus('open')
  await expect(agent.getByText('(customer sees “In progress”)')).toBeVisible()

  // An internal note, then a public reply.
  const { replyForm, conversation } = helpdesk
  await helpdesk.addToConversation('Internal note (staff only)', note)
  await expect(conversation.getByRole('listitem').filter({ hasText: note })).toContainText(
    'Internal note (staff only)',
  )
  await expect(replyForm.getByLabel('Message')).toHaveValue('')

  await helpdesk.addToConversation('Public reply (the customer sees it)', reply)
  // The agent's own words read as "You"; the requester's description opens the thread under their name.
  await expect(conversation.getByRole('listitem').filter({ hasText: reply })).toContainText('You')
  await expect(conversation.getByRole('listitem').first()).toContainText('Thabo Molefe')
  expect(await axeBlocking(agent)).toEqual([])

  // Closing needs a reason: refused, with the choice kept and the ticket still open.
  await helpdesk.setStatus('closed')
  await expect(status.getByText('Choose a close reason to close the ticket.')).toBeVisible()
  await expect(status.getByLabel('Close reason')).toBeFocused()
  await expect(status.getByLabel('Status', { exact: true })).toHaveValue('closed')
  await agent.reload()
  await expect(agent.getByText('(customer sees “In progress”)')).toBeVisible()
  await expect(status.getByLabel('Status', { exact: true })).toHaveValue('open')

  // "Assigned to me" finds it under its new status.
  await agent.goto(url('/portal/helpdesk'))
  await helpdesk.filter({ status: 'open', search: ticket.tracking_ref, mine: true })
  await expect(agent).toHaveURL(url(`/portal/helpdesk?status=open&assignee=mine&q=${ticket.tracking_ref}`))
  await expect(table.getByRole('row').filter({ hasText: ticket.tracking_ref })).toContainText('You')

  // The customer sees the reply, never the note.
  const customer = await portalAs(THABO, `/portal/tickets/${ticket.id}`)
  const customerConversation = customer.getByRole('region', { name: 'Conversation' })
  await expect(customerConversation.getByRole('listitem').filter({ hasText: reply })).toContainText(
    'Sipho Dlamini',
  )
  await expect(customer.getByText('In progress')).toBeVisible()
  await expect(customer.getByText(note)).toHaveCount(0)
  await expect(customer.getByText('Internal note')).toHaveCount(0)
})

test('the search matches summaries and the status filter reaches closed work', async ({ portalAs }) => {
  const admin = await portalAs(ADMIN, '/portal/helpdesk')
  const helpdesk = new HelpdeskPage(admin)
  const table = helpdesk.table

  // Seeded: TCK-7Q4M2A is open, TCK-W1X4QJ (a duplicate) is closed; both mention Wi-Fi.
  await helpdesk.filter({ search: 'wi-fi' })
  await expect(table.getByRole('row').filter({ hasText: 'TCK-7Q4M2A' })).toBeVisible()
  await expect(table.getByText('TCK-W1X4QJ')).toHaveCount(0)

  await helpdesk.filter({ status: 'all' })
  await expect(table.getByRole('row').filter({ hasText: 'TCK-W1X4QJ' })).toContainText('Closed')

  await helpdesk.filter({ status: 'closed', search: 'TCK-W1X4QJ' })
  await expect(table.getByRole('row')).toHaveCount(2)
  await helpdesk.filter({ status: 'active', search: '50%, (not) "a" ref*' })
  await expect(admin.getByText('No tickets match these filters.')).toBeVisible()
})

test('customers get no helpdesk: no link, and the same refusal as a foreign ticket', async ({ portalAs }) => {
  const owner = await portalAs(ACME_OWNER, '/portal/helpdesk')
  await expect(owner.getByText('Not found or access denied.')).toBeVisible()
  await expect(owner.getByRole('link', { name: 'Helpdesk' })).toHaveCount(0)
  await expect(owner.getByRole('table')).toHaveCount(0)

  // Even a ticket the owner may read as a customer is not shown through the staff view.
  await owner.goto(url(`/portal/helpdesk/${ACME_TICKET}`))
  await expect(owner.getByText('Not found or access denied.')).toBeVisible()
  await expect(owner.getByText('TCK-P5L8QC')).toHaveCount(0)
  await expect(owner.getByRole('form', { name: 'Status' })).toHaveCount(0)
})

test('a signed-out visitor is sent to sign in first', async ({ page }) => {
  await page.goto(url('/portal/helpdesk?status=new'))
  await expect(page).toHaveURL(url('/auth?from=%2Fportal%2Fhelpdesk%3Fstatus%3Dnew'))
  await new AuthPage(page).signIn(AGENT)
  await expect(page).toHaveURL(url('/portal/helpdesk?status=new'))
  await expect(new HelpdeskPage(page).filters.getByLabel('Status')).toHaveValue('new')
})

test('the customer confirms a resolution or reports it still broken; a new ticket can be cancelled', async ({
  portalAs,
  request,
}) => {
  const ticket = await thabosTicket(request, `Scanner offline ${unique()}`)
  const agent = await portalAs(AGENT, `/portal/helpdesk/${ticket.id}`)
  const helpdesk = new HelpdeskPage(agent)
  async function resolve() {
    await agent.reload()
    await helpdesk.setStatus('resolved')
    await expect(agent.getByText('(customer sees “Resolved – please confirm”)')).toBeVisible()
  }

  const customer = await portalAs(THABO, `/portal/tickets/${ticket.id}`)
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
  const fresh = await thabosTicket(request, `Wrong ticket ${unique()}`)
  await customer.goto(url(`/portal/tickets/${fresh.id}`))
  await customer.getByRole('button', { name: 'Cancel ticket' }).click()
  await customer.getByRole('button', { name: 'Keep it' }).click()
  await customer.getByRole('button', { name: 'Cancel ticket' }).click()
  await customer.getByRole('button', { name: 'Yes, cancel the ticket' }).click()
  await expect(customer.getByText('The ticket is cancelled.')).toBeVisible()
  await expect(details.filter({ hasText: 'Closed' })).toBeVisible()
  expect(await axeBlocking(customer)).toEqual([])
})

test('the SLA due time moves with the priority and shows in the queue', async ({ portalAs, request }) => {
  const summary = `SLA walkthrough ${unique()}`
  const ticket = await createTicketAs(request, THABO, { summary })
  const agent = await portalAs(AGENT, `/portal/helpdesk/${ticket.id}`)
  const helpdesk = new HelpdeskPage(agent)
  const details = agent.getByLabel('Ticket details')
  const due = details
    .getByRole('term')
    .filter({ hasText: 'Resolution due' })
    .locator('xpath=following-sibling::dd[1]')
  const normal = await due.textContent()
  expect(normal).toMatch(/\d{2}:\d{2}/)
  await expect(details.getByText(/^First response due /)).toBeVisible()

  // Urgent: 1 business hour to respond, 4 to resolve; the database moves both.
  await helpdesk.setPriority('urgent')
  await expect(agent.getByText('Priority changed to Urgent.')).toBeVisible()
  await expect(due).not.toHaveText(normal as string)

  // The queue shows the next promise for the ticket.
  await agent.goto(url(`/portal/helpdesk?q=${encodeURIComponent(summary)}`))
  const row = helpdesk.table.getByRole('row').filter({ hasText: summary })
  await expect(row.locator('td[data-label="SLA due"]')).toContainText(/First response (due|overdue since)/)

  // The week's figures are one click away.
  await agent.getByRole('link', { name: 'SLA this week' }).click()
  await expect(agent.getByRole('heading', { name: 'SLA this week', level: 1 })).toBeVisible()
  const opened = agent
    .getByRole('term')
    .filter({ hasText: 'Tickets opened' })
    .locator('xpath=following-sibling::dd[1]')
  expect(Number(await opened.textContent())).toBeGreaterThan(0)
})
