import type { Page } from '@playwright/test'
import { AGENT, THABO } from './fixtures/demo'
import { expect, test } from './fixtures/index'
import { createTicketAs } from './fixtures/stack'
import { unique } from './fixtures/visitor'
import { HelpdeskPage } from './pages/helpdesk-page'
import { PORTAL_ORIGIN } from './site'

// The helpdesk as agents work it (issue 13, parts 1 and 2): the queue's sorting, filters, saved
// views, keyboard and bulk changes; the ticket's side panel, canned replies and activity log.
// Each test makes its own tickets (the database is shared by parallel tests).

test.describe.configure({ timeout: 60_000 })

const url = (path: string) => `${PORTAL_ORIGIN}${path}`

/** Two fresh tickets of Thabo's, found in the queue by a word only they carry. */
async function twoTickets(request: Parameters<typeof createTicketAs>[0], word: string) {
  const first = await createTicketAs(request, THABO, { summary: `${word} laptop will not charge` })
  const second = await createTicketAs(request, THABO, { summary: `${word} screen flickers` })
  return [first, second]
}

const rows = (page: Page) => new HelpdeskPage(page).table.locator('tbody tr')

test('agents land on the queue; a column sorts it, filters and the view live in the URL and save', async ({
  portalAs,
}) => {
  const agent = await portalAs(AGENT, '/portal/helpdesk')
  // The portal's front door sends staff to the queue.
  await agent.goto(url('/portal'))
  await expect(agent).toHaveURL(url('/portal/helpdesk'))
  const helpdesk = new HelpdeskPage(agent)

  // Sort by priority: urgent first, and the heading says how it is sorted.
  await helpdesk.table.getByRole('link', { name: /sort by Priority/ }).click()
  await expect(agent).toHaveURL(url('/portal/helpdesk?sort=priority'))
  await expect(helpdesk.table.getByRole('columnheader', { name: /Priority/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  )
  await expect(rows(agent).first().locator('td[data-label="Priority"]')).toHaveText('Urgent')
  // A second click turns it round.
  await helpdesk.table.getByRole('link', { name: /sort by Priority/ }).click()
  await expect(agent).toHaveURL(url('/portal/helpdesk?sort=priority&dir=asc'))
  await expect(rows(agent).first().locator('td[data-label="Priority"]')).toHaveText('Low')

  // Filters keep the sort, and the address is the short one.
  await helpdesk.filter({ assignee: 'Unassigned', priority: 'normal' })
  await expect(agent).toHaveURL(url('/portal/helpdesk?priority=normal&assignee=none&sort=priority&dir=asc'))
  for (const row of await rows(agent).all()) {
    await expect(row.locator('td[data-label="Assignee"]')).toHaveText('Unassigned')
    await expect(row.locator('td[data-label="Priority"]')).toHaveText('Normal')
  }

  // Saved as a view of this agent's, which brings the same address back.
  const name = `Unassigned normal ${unique()}`
  const views = agent.getByRole('navigation', { name: 'Saved views' })
  await views.getByLabel('Name for this view').fill(name)
  await views.getByRole('button', { name: 'Save view' }).click()
  await expect(agent.getByText(`Saved “${name}”.`)).toBeVisible()
  await agent.goto(url('/portal/helpdesk'))
  await views.getByRole('link', { name }).click()
  await expect(agent).toHaveURL(url('/portal/helpdesk?priority=normal&assignee=none&sort=priority&dir=asc'))
  await expect(views.getByRole('link', { name })).toHaveAttribute('aria-current', 'page')
  await views.getByRole('button', { name: `Remove the view ${name}` }).click()
  await expect(views.getByRole('link', { name })).toHaveCount(0)
})

test('the keyboard works the queue: / searches, j and k move, x selects, Enter opens', async ({
  portalAs,
  request,
}) => {
  const word = `kbd${unique().replace(/\W/g, '')}`
  const [first, second] = await twoTickets(request, word)
  const agent = await portalAs(AGENT, '/portal/helpdesk')
  const search = agent.getByLabel('Search')

  await agent.keyboard.press('/')
  await expect(search).toBeFocused()
  await search.fill(word)
  await search.press('Enter')
  await expect(rows(agent)).toHaveCount(2)
  await search.blur()

  // Newest first: the second ticket, then the first.
  await agent.keyboard.press('j')
  await expect(agent.getByRole('link', { name: second?.tracking_ref })).toBeFocused()
  await agent.keyboard.press('j')
  await expect(agent.getByRole('link', { name: first?.tracking_ref })).toBeFocused()
  await agent.keyboard.press('k')
  await expect(agent.getByRole('link', { name: second?.tracking_ref })).toBeFocused()
  await agent.keyboard.press('x')
  await expect(agent.getByLabel(`Select ${second?.tracking_ref}`)).toBeChecked()
  await expect(agent.getByText('1 ticket selected')).toBeVisible()
  await agent.keyboard.press('Enter')
  await expect(agent).toHaveURL(url(`/portal/helpdesk/${second?.id}`))
})

test('bulk changes assign and prioritise the selected tickets; the activity log says who did it', async ({
  portalAs,
  request,
}) => {
  const word = `bulk${unique().replace(/\W/g, '')}`
  const [first] = await twoTickets(request, word)
  const agent = await portalAs(AGENT, `/portal/helpdesk?q=${word}`)
  await expect(rows(agent)).toHaveCount(2)

  await agent.getByLabel('Select every ticket on this page').check()
  await expect(agent.getByText('2 tickets selected')).toBeVisible()
  const bulk = agent.getByRole('form', { name: /Change selected/ })
  await bulk.getByLabel('Assign to').selectOption({ label: 'Naledi Mokoena' })
  await bulk.getByLabel('Set priority').selectOption('high')
  await bulk.getByRole('button', { name: 'Apply to selected' }).click()
  await expect(agent.getByText('Changed 2 tickets.')).toBeVisible()
  for (const row of await rows(agent).all()) {
    await expect(row.locator('td[data-label="Assignee"]')).toHaveText('Naledi Mokoena')
    await expect(row.locator('td[data-label="Priority"]')).toHaveText('High')
  }

  // A refused change (closing needs a reason) changes nothing and keeps the selection.
  const selectAll = agent.getByLabel('Select every ticket on this page')
  await selectAll.uncheck()
  await selectAll.check()
  await expect(agent.getByText('2 tickets selected')).toBeVisible()
  await bulk.getByLabel('Set status').selectOption('closed')
  await bulk.getByRole('button', { name: 'Apply to selected' }).click()
  await expect(bulk.getByText('Choose a close reason to close the ticket.')).toBeVisible()
  for (const box of await agent.locator('input[name="ids"][form="bulk-form"]').all()) {
    await expect(box).toBeChecked()
  }
  await expect(agent.getByText('2 tickets selected')).toBeVisible()
  for (const row of await rows(agent).all()) {
    await expect(row.locator('td[data-label="Status"]')).toHaveText('New')
  }
  // Unticked again for the next step.
  await selectAll.uncheck()
  await bulk.getByLabel('Set status').selectOption('')

  // Nothing selected: the bar says so and changes nothing.
  await bulk.getByLabel('Set priority').selectOption('low')
  await bulk.getByRole('button', { name: 'Apply to selected' }).click()
  await expect(bulk.getByRole('alert')).toHaveText('Select at least one ticket first.')

  await agent.goto(url(`/portal/helpdesk/${first?.id}`))
  const activity = agent.getByRole('region', { name: 'Activity' })
  await expect(activity).toContainText('Sipho Dlamini changed the assignee from nobody to Naledi Mokoena')
  await expect(activity).toContainText('Sipho Dlamini changed the priority from Normal to High')
})

test('the side panel saves each change at once; canned replies fill in the ticket; notes look different', async ({
  portalAs,
  request,
}) => {
  const ticket = await createTicketAs(request, THABO, { summary: `Panel ${unique()}` })
  const agent = await portalAs(AGENT, `/portal/helpdesk/${ticket.id}`)
  const helpdesk = new HelpdeskPage(agent)

  const tags = agent.getByRole('form', { name: 'Tags' }).getByLabel('Tags')
  await tags.fill('Printer, urgent fix')
  await tags.blur()
  await expect(agent.getByText('Tags saved: printer, urgent-fix.')).toBeVisible()
  await agent
    .getByRole('form', { name: 'Company' })
    .getByLabel('Company')
    .selectOption({ label: 'Acme Clinic' })
  await expect(agent.getByText('Company changed.')).toBeVisible()
  await helpdesk.assignee.getByLabel('Assignee').selectOption({ label: 'Naledi Mokoena' })
  await expect(agent.getByText('Assignee changed.')).toBeVisible()
  await expect(helpdesk.assigneeShown()).toHaveText('Naledi Mokoena')

  const activity = agent.getByRole('region', { name: 'Activity' })
  await expect(activity).toContainText('changed the tags from none to printer, urgent-fix')
  await expect(activity).toContainText('changed the company from none to Acme Clinic')

  // A canned reply, filled in for this ticket where the cursor is.
  const reply = helpdesk.replyForm
  await reply.getByLabel('Insert a canned reply').selectOption({ label: 'Need more information' })
  const body = reply.getByLabel('Message')
  await expect(body).toHaveValue(new RegExp(`^Hi Thabo Molefe, to get ${ticket.tracking_ref} moving`))
  await expect(body).toHaveValue(/Sipho Dlamini$/)

  // Who will read it shows before sending.
  await expect(reply.getByRole('button', { name: 'Send public reply' })).toBeVisible()
  await expect(reply).toContainText('The customer will see this reply')
  await reply.getByLabel('Internal note (staff only)').check()
  await expect(reply.getByRole('button', { name: 'Add internal note' })).toBeVisible()
  await expect(reply).toContainText('Internal note: only staff will see this.')
})

test('“Waiting on customer” asks for the question, which the customer is sent with the change', async ({
  portalAs,
  request,
}) => {
  const ticket = await createTicketAs(request, THABO, { summary: `Waiting ${unique()}` })
  const agent = await portalAs(AGENT, `/portal/helpdesk/${ticket.id}`)
  const helpdesk = new HelpdeskPage(agent)
  const status = agent.getByRole('form', { name: 'Status' })
  await status.getByLabel('Status').selectOption('waiting_on_customer')
  // Nothing is saved until the question is written.
  const question = status.getByLabel('Question for the customer')
  await expect(question).toBeFocused()
  await status.getByRole('button', { name: 'Ask and wait for the customer' }).click()
  await expect(status.getByText('Write the question the customer is asked')).toBeVisible()
  const words = `Which printer is it, the one at reception? ${unique()}`
  await status.getByLabel('Question for the customer').fill(words)
  await status.getByRole('button', { name: 'Ask and wait for the customer' }).click()
  await expect(
    agent.getByText('Status changed to Waiting on customer; your question was sent to the customer.'),
  ).toBeVisible()
  await expect(helpdesk.conversation).toContainText(words)
  await expect(status.getByLabel('Status')).toHaveValue('waiting_on_customer')
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('the queue is a list of cards that name each field', async ({ portalAs }) => {
    const agent = await portalAs(AGENT, '/portal/helpdesk')
    const card = rows(agent).first()
    await expect(card).toBeVisible()
    expect(await card.evaluate((row) => getComputedStyle(row).display)).toBe('block')
    const status = card.locator('td[data-label="Status"]')
    expect(await status.evaluate((cell) => getComputedStyle(cell, '::before').content)).toBe('"Status"')
  })
})
