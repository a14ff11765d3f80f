import type { Page } from '@playwright/test'
import { ACME_OWNER, AGENT, THABO } from './fixtures/demo'
import { expect, test } from './fixtures/index'
import { ANON_KEY, createTicketAs, passwordSession, SUPABASE_URL } from './fixtures/stack'
import { unique } from './fixtures/visitor'
import { PORTAL_ORIGIN } from './site'

// Time on tickets (issue 46, part 1) on the production build: an agent runs a timer that survives
// a reload and shows in a second tab, adds time by hand (and is told what it cannot read, keeping
// what they typed), corrects an entry, and sorts the queue by time; a company admin's own ticket
// page shows no time at all.

test.describe.configure({ timeout: 90_000 })

const url = (path: string) => `${PORTAL_ORIGIN}${path}`

const timeCard = (page: Page) => page.getByRole('region', { name: 'Time', exact: true })
const timerForm = (page: Page) => timeCard(page).getByRole('form', { name: 'Timer' })
const addForm = (page: Page) => timeCard(page).getByRole('form', { name: 'Add time' })
const total = (page: Page) => timeCard(page).getByTestId('time-total')
const billable = (page: Page) => timeCard(page).getByTestId('time-billable')

test('an agent times a ticket across a reload and a second tab, adds and corrects time, and sorts the queue by it', async ({
  portalAs,
  request,
}) => {
  const word = `timed${unique()}`
  const ticket = await createTicketAs(request, THABO, { summary: `${word} printer offline` })
  const agent = await portalAs(AGENT, `/portal/helpdesk/${ticket.id}`)
  await expect(total(agent)).toHaveText('0 min')
  await expect(timeCard(agent).getByText('No time logged yet.')).toBeVisible()

  // Start: the timer runs, from the database's start time.
  await timerForm(agent).getByRole('button', { name: 'Start timer' }).click()
  await expect(timerForm(agent).getByText('Timer running')).toBeVisible()
  await expect(timerForm(agent).getByRole('timer', { name: 'Time running' })).toHaveText(/^00:0\d:\d\d$/)
  const startedAt = await timerForm(agent).locator('time').getAttribute('datetime')
  expect(startedAt).toBeTruthy()

  // A reload, and a second tab: the same timer, started at the same moment.
  await agent.reload()
  await expect(timerForm(agent).getByText('Timer running')).toBeVisible()
  await expect(timerForm(agent).locator('time')).toHaveAttribute('datetime', startedAt as string)
  const second = await agent.context().newPage()
  await second.goto(url(`/portal/helpdesk/${ticket.id}`))
  await expect(timerForm(second).getByText('Timer running')).toBeVisible()
  await expect(timerForm(second).locator('time')).toHaveAttribute('datetime', startedAt as string)

  // Stop: one minute (rounded up) logged, and the total says so.
  await timerForm(agent).getByRole('button', { name: 'Stop timer' }).click()
  await expect(agent.getByText('Timer stopped: 1 min logged.')).toBeVisible()
  await expect(total(agent)).toHaveText('1 min')
  await expect(billable(agent)).toHaveText('1 min')
  await expect(timerForm(agent).getByRole('button', { name: 'Start timer' })).toBeVisible()
  // The second tab follows (live updates), and stopping there too is explained, not an error page.
  await expect(timerForm(second).getByRole('button', { name: 'Start timer' })).toBeVisible()
  await second.close()

  // By hand, not billable: 1 h 30 min more, of which none billable.
  await addForm(agent).getByLabel('Time spent').fill('1h 30m')
  await addForm(agent).getByLabel('Billable').uncheck()
  await addForm(agent).getByRole('button', { name: 'Add time' }).click()
  await expect(agent.getByText('1 h 30 min logged.')).toBeVisible()
  await expect(total(agent)).toHaveText('1 h 31 min')
  await expect(billable(agent)).toHaveText('1 min')
  const entries = timeCard(agent).getByRole('list', { name: 'Time entries' })
  await expect(entries.getByRole('listitem')).toHaveCount(2)
  await expect(entries.getByRole('listitem').filter({ hasText: '1 h 30 min' })).toContainText('Not billable')

  // Something it cannot read: told inline, and what was typed stays.
  await addForm(agent).getByLabel('Time spent').fill('abc')
  await addForm(agent).getByRole('button', { name: 'Add time' }).click()
  await expect(addForm(agent).getByText('Write the time as minutes (45) or hours and minutes')).toBeVisible()
  await expect(addForm(agent).getByLabel('Time spent')).toHaveValue('abc')
  await expect(addForm(agent).getByLabel('Time spent')).toHaveAttribute('aria-invalid', 'true')

  // Corrected: the hand-written entry becomes 2 h, billable.
  const handEntry = entries.getByRole('listitem').filter({ hasText: '1 h 30 min' })
  await handEntry.getByText('Edit').click()
  const edit = handEntry.getByRole('form', { name: /Edit time/ })
  await edit.getByLabel('Time spent').fill('2h')
  await edit.getByLabel('Billable').check()
  await edit.getByRole('button', { name: 'Save time' }).click()
  await expect(agent.getByText('Time corrected to 2 h.')).toBeVisible()
  await expect(total(agent)).toHaveText('2 h 1 min')
  await expect(billable(agent)).toHaveText('2 h 1 min')

  // The activity log says who logged and corrected what.
  const activity = agent.getByRole('region', { name: 'Activity' })
  await expect(activity.getByText(/logged time: 1 min · remote · billable/)).toBeVisible()
  await expect(
    activity.getByText(
      /corrected time from 1 h 30 min · remote · not billable .* to 2 h · remote · billable/,
    ),
  ).toBeVisible()

  // The queue shows the time, and sorts by it (most first, then least first).
  const other = await createTicketAs(request, THABO, { summary: `${word} mouse sticky` })
  await agent.goto(url(`/portal/helpdesk?q=${word}`))
  const table = agent.getByRole('table', { name: 'Helpdesk queue' })
  const row = (ref: string) => table.locator('tbody tr').filter({ hasText: ref })
  await expect(row(ticket.tracking_ref).locator('td[data-label="Time"]')).toHaveText('2 h 1 min')
  await expect(row(other.tracking_ref).locator('td[data-label="Time"]')).toHaveText('None')
  await table.getByRole('link', { name: /sort by Time/ }).click()
  await expect(agent).toHaveURL(url(`/portal/helpdesk?q=${word}&sort=time`))
  await expect(table.getByRole('columnheader', { name: /Time/ })).toHaveAttribute('aria-sort', 'descending')
  await expect(table.locator('tbody tr').first()).toContainText(ticket.tracking_ref)
  await table.getByRole('link', { name: /sort by Time/ }).click()
  await expect(agent).toHaveURL(url(`/portal/helpdesk?q=${word}&sort=time&dir=asc`))
  await expect(table.locator('tbody tr').first()).toContainText(other.tracking_ref)
})

test("a company admin's ticket page shows none of the time staff logged on it", async ({
  portalAs,
  request,
}) => {
  const ticket = await createTicketAs(request, ACME_OWNER, { summary: `timed${unique()} scanner jams` })
  const { access_token } = await passwordSession(request, AGENT)
  const logged = await request.post(`${SUPABASE_URL}/rest/v1/time_entries`, {
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${access_token}` },
    data: { ticket_id: ticket.id, minutes: 95, note: 'Internal: replaced the feeder' },
  })
  expect(logged.status(), await logged.text()).toBe(201)

  const owner = await portalAs(ACME_OWNER, `/portal/tickets/${ticket.id}`)
  await expect(owner.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(owner.getByRole('region', { name: 'Time', exact: true })).toHaveCount(0)
  await expect(owner.getByText('1 h 35 min')).toHaveCount(0)
  await expect(owner.getByText(/replaced the feeder/)).toHaveCount(0)
  await expect(owner.getByText(/logged time/)).toHaveCount(0)
})
