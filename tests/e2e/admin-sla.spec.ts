import type { APIRequestContext, Page } from '@playwright/test'
import { axeBlocking } from './axe'
import { ADMIN, AGENT, THABO } from './fixtures/demo'
import { expect, test } from './fixtures/index'
import { asService, createTicketAs, SUPABASE_URL } from './fixtures/stack'
import { newStaffMember } from './fixtures/staff'
import { unique } from './fixtures/visitor'
import { HelpdeskPage } from './pages/helpdesk-page'
import { PORTAL_ORIGIN } from './site'

// The SLA screen and canned replies (issue 46, part 3) on the production build. An admin changes
// a contract's plan and adds a closed day: each save's toast says how many open tickets got new due
// times, and the ticket's page shows them moved. An agent keeps a personal canned reply, edits it,
// shares another with the team and inserts both from a ticket; another agent sees only the team's.
//
// Parallel specs share the database, so the calendar's changes here touch nothing of theirs: the
// plan belongs to a company made for the test, and the ticket and closed day are in March 2020,
// long before any other open ticket's clock.

test.describe.configure({ timeout: 90_000 })

const url = (path: string) => `${PORTAL_ORIGIN}${path}`
const THABO_ID = '00000000-0000-4000-8000-000000000005'
/** Monday 2 March 2020, 09:00 in Johannesburg. */
const OPENED = '2020-03-02T07:00:00Z'
const CLOSED_DAY = '2020-03-02'

async function service(
  request: APIRequestContext,
  method: 'post' | 'delete' | 'patch',
  path: string,
  data?: unknown,
) {
  const answer = await request[method](`${SUPABASE_URL}/rest/v1/${path}`, {
    headers: { ...asService, Prefer: 'return=representation' },
    data,
  })
  expect(answer.ok(), `${method} ${path}: ${await answer.text()}`).toBe(true)
  return answer.status() === 204 ? [] : ((await answer.json()) as { id: string }[])
}

/** The instant the ticket page gives for one of its due times. */
async function dueOnPage(page: Page, term: 'First response due' | 'Resolution due') {
  const time = page.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]').locator('time')
  const iso = await time.getAttribute('datetime')
  return iso ? new Date(iso).toISOString() : null
}

test('an admin changes a contract’s plan and adds a closed day; the ticket’s due time moves and the toast counts it', async ({
  portalAs,
  request,
}) => {
  // A closed day left behind by an interrupted run would make the add a duplicate.
  await service(request, 'delete', `closed_days?day=eq.${CLOSED_DAY}`)
  const [company] = await service(request, 'post', 'companies', { name: `E2E SLA plan ${unique()}` })
  const [contract] = await service(request, 'post', 'contracts', {
    company_id: company?.id,
    name: 'Managed service',
    kind: 'pay_as_you_go',
    starts_on: '2020-01-01',
    hourly_rate_cents: 95000,
  })
  const [ticket] = await service(request, 'post', 'tickets', {
    created_by_user_id: THABO_ID,
    company_id: company?.id,
    summary: `E2E SLA ${unique()}`,
    priority: 'normal',
    created_at: OPENED,
  })
  try {
    const admin = await portalAs(ADMIN, '/portal/helpdesk/admin')
    await admin.getByRole('link', { name: 'SLA and business calendar' }).click()
    await expect(admin).toHaveURL(url('/portal/helpdesk/admin/sla'))
    await expect(admin.getByRole('heading', { name: 'Global targets' })).toBeVisible()
    await expect(admin.getByLabel('Normal first response')).toHaveValue('4h')

    // The contract's plan, as the contracts page links to it.
    await admin.goto(url(`/portal/helpdesk/admin/sla?contract=${contract?.id}`))
    const plan = admin.getByRole('form', { name: 'Contract plan' })
    // Empty: the plan follows the global targets, shown as placeholders.
    await expect(plan.getByLabel('Normal first response')).toHaveValue('')
    await expect(plan.getByLabel('Normal first response')).toHaveAttribute('placeholder', '4h')
    await plan.getByLabel('Normal first response').fill('1h')
    await plan.getByRole('button', { name: 'Save contract plan' }).click()
    // Both fields of a priority, or neither: the form says so before sending.
    await expect(
      plan.getByText('Give both targets, or leave both empty to use the global ones.'),
    ).toBeVisible()
    await plan.getByLabel('Normal resolution').fill('2d')
    await plan.getByRole('button', { name: 'Save contract plan' }).click()
    await expect(admin.getByText('Contract plan saved: 1 open ticket has new due times.')).toBeVisible({
      timeout: 20_000,
    })

    const agent = await portalAs(AGENT, `/portal/helpdesk/${ticket?.id}`)
    // 09:00 plus the plan's hour.
    expect(await dueOnPage(agent, 'First response due')).toBe('2020-03-02T08:00:00.000Z')

    // Monday closed: the hour runs on Tuesday from 08:00.
    const closed = admin.getByRole('form', { name: 'Add a closed day' })
    await closed.getByLabel('Day').fill(CLOSED_DAY)
    await closed.getByLabel('What it is').fill('E2E shutdown')
    await closed.getByRole('button', { name: 'Add closed day' }).click()
    await expect(
      admin.getByText(/^Closed day 2020-03-02 added: \d+ open tickets? (has|have) new due times\.$/),
    ).toBeVisible({
      timeout: 20_000,
    })
    await expect(admin.getByRole('listitem').filter({ hasText: 'E2E shutdown' })).toBeVisible()
    await agent.reload()
    expect(await dueOnPage(agent, 'First response due')).toBe('2020-03-03T07:00:00.000Z')

    await admin.getByRole('button', { name: `Remove closed day ${CLOSED_DAY}` }).click()
    await expect(
      admin.getByText(/^Closed day 2020-03-02 removed: \d+ open tickets? (has|have) new due times\.$/),
    ).toBeVisible({
      timeout: 20_000,
    })
    await expect(admin.getByRole('listitem').filter({ hasText: 'E2E shutdown' })).toHaveCount(0)
    await agent.reload()
    expect(await dueOnPage(agent, 'First response due')).toBe('2020-03-02T08:00:00.000Z')

    // A year of public holidays, with the Sunday rule.
    await admin.goto(url('/portal/helpdesk/admin/sla?year=2026#holidays'))
    const holidays = admin.getByRole('region', { name: 'Public holidays 2026' })
    await expect(holidays.getByRole('row').filter({ hasText: "National Women's Day (for" })).toContainText(
      'Public Holidays Act',
    )
    await holidays.getByRole('link', { name: '2027' }).click()
    await expect(admin.getByRole('heading', { name: 'Public holidays 2027' })).toBeVisible()
    // The screen has no serious or critical accessibility violation.
    expect(await axeBlocking(admin)).toEqual([])
  } finally {
    await service(request, 'delete', `closed_days?day=eq.${CLOSED_DAY}`)
    await service(request, 'patch', `tickets?id=eq.${ticket?.id}`, {
      status: 'closed',
      close_reason: 'confirmed',
    })
  }
})

test('an agent keeps a personal canned reply and shares another with the team; another agent sees only the team’s', async ({
  portalAs,
  request,
}) => {
  const word = unique()
  const personal = `E2E mine ${word}`
  const team = `E2E ours ${word}`
  const agent = await portalAs(AGENT, '/portal/helpdesk/canned-replies')

  const add = agent.getByRole('form', { name: 'Add a canned reply' })
  await add.getByLabel('Title').fill(personal)
  await add.getByLabel('Reply').fill('Hello {{requester_name}}, first draft.')
  await add.getByLabel('Shared with').selectOption('personal')
  await add.getByRole('button', { name: 'Add canned reply' }).click()
  await expect(agent.getByText(`Added “${personal}”.`)).toBeVisible({ timeout: 20_000 })

  // Edited in place.
  const item = agent.getByRole('listitem').filter({ has: agent.getByRole('heading', { name: personal }) })
  await expect(item).toContainText('Personal')
  await item.getByText(`Edit ${personal}`).click()
  const edit = item.getByRole('form', { name: `Edit ${personal}` })
  await edit.getByLabel('Reply').fill('Hello {{requester_name}}, I am looking at {{reference}} now.')
  await edit.getByRole('button', { name: 'Save changes' }).click()
  await expect(agent.getByText(`Saved “${personal}”.`)).toBeVisible({ timeout: 20_000 })
  await expect(item).toContainText('I am looking at {{reference}} now.')

  await add.getByLabel('Title').fill(team)
  await add.getByLabel('Reply').fill('Thanks {{requester_name}}, the whole team has {{reference}}.')
  await add.getByLabel('Shared with').selectOption('team')
  await add.getByRole('button', { name: 'Add canned reply' }).click()
  await expect(agent.getByText(`Added “${team}”.`)).toBeVisible({ timeout: 20_000 })

  // The filter: personal ones only.
  await agent
    .getByRole('navigation', { name: 'Show replies' })
    .getByRole('link', { name: 'Personal' })
    .click()
  await expect(agent).toHaveURL(url('/portal/helpdesk/canned-replies?show=personal'))
  await expect(agent.getByRole('heading', { name: personal })).toBeVisible()
  await expect(agent.getByRole('heading', { name: team })).toHaveCount(0)

  // Both in the reply box, each in its group, filled in for the ticket.
  const ticket = await createTicketAs(request, THABO, { summary: `Canned ${word}` })
  await agent.goto(url(`/portal/helpdesk/${ticket.id}`))
  const reply = new HelpdeskPage(agent).replyForm
  const picker = reply.getByLabel('Insert a canned reply')
  await expect(
    picker.locator('optgroup[label="Your personal replies"] option', { hasText: personal }),
  ).toHaveCount(1)
  await expect(picker.locator('optgroup[label="Team replies"] option', { hasText: team })).toHaveCount(1)
  await picker.selectOption({ label: personal })
  const body = reply.getByLabel('Message')
  await expect(body).toHaveValue(`Hello Thabo Molefe, I am looking at ${ticket.tracking_ref} now.`)
  await picker.selectOption({ label: team })
  await expect(body).toHaveValue(
    new RegExp(`Thanks Thabo Molefe, the whole team has ${ticket.tracking_ref}\\.`),
  )

  // Another agent: the team's reply, not the first agent's personal one.
  const other = await newStaffMember(request, 'agent')
  const second = await portalAs(other.email, '/portal/helpdesk/canned-replies')
  await expect(second.getByRole('heading', { name: team })).toBeVisible()
  await expect(second.getByRole('heading', { name: personal })).toHaveCount(0)
  await second.goto(url(`/portal/helpdesk/${ticket.id}`))
  const theirPicker = new HelpdeskPage(second).replyForm.getByLabel('Insert a canned reply')
  await expect(theirPicker.locator('option', { hasText: team })).toHaveCount(1)
  await expect(theirPicker.locator('option', { hasText: personal })).toHaveCount(0)
})
