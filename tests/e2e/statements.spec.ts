import { readFile } from 'node:fs/promises'
import { axeBlocking } from './axe'
import { ACME_OWNER, ACME_STAFF, ADMIN, AGENT } from './fixtures/demo'
import { expect, test } from './fixtures/index'
import { asService, SUPABASE_URL } from './fixtures/stack'
import { unique } from './fixtures/visitor'
import { PORTAL_ORIGIN } from './site'

// Contracts and monthly statements (issue 46, part 2) on the production build: an admin adds a
// contract (and is told when it would overlap another), an agent reads a company's statement and
// downloads it as CSV, Acme Clinic's owner reads the portal statement without internal detail.
// The seeded demo month (supabase/seed.sql) has Acme Clinic over its retainer this month.

test.describe.configure({ timeout: 60_000 })

const url = (path: string) => `${PORTAL_ORIGIN}${path}`
const ACME_CLINIC_ID = '00000000-0000-4000-8000-0000000000c1'

/** This month in Africa/Johannesburg, as the statements pick it. */
function thisMonth(): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Africa/Johannesburg',
    year: 'numeric',
    month: '2-digit',
  }).formatToParts(new Date())
  return `${parts.find((p) => p.type === 'year')?.value}-${parts.find((p) => p.type === 'month')?.value}`
}

test('an admin adds a contract; one that overlaps it is refused with its name, and what was typed stays', async ({
  portalAs,
  request,
}) => {
  const name = `E2E Logistics ${unique()}`
  const created = await request.post(`${SUPABASE_URL}/rest/v1/companies`, {
    headers: { ...asService, Prefer: 'return=representation' },
    data: { name },
  })
  expect(created.status(), await created.text()).toBe(201)

  const admin = await portalAs(ADMIN, '/portal/helpdesk/admin')
  await admin.getByRole('link', { name: 'Contracts' }).click()
  await expect(admin).toHaveURL(url('/portal/helpdesk/admin/contracts'))
  expect(await axeBlocking(admin)).toEqual([])
  const form = admin.getByRole('form', { name: 'Add a contract' })
  await form.getByLabel('Company').selectOption({ label: name })
  await form.getByLabel('Name').fill('Support retainer')
  await form.getByLabel('Hours a month').fill('12.5')
  await form.getByLabel('Hourly rate').fill('R 950')
  await form.getByLabel('Starts on').fill('2026-01-01')
  await form.getByLabel(/Unused hours roll over/).check()
  await form.getByRole('button', { name: 'Add contract' }).click()
  // A server action's answer: give a loaded machine time.
  await expect(admin.getByText('Added “Support retainer”.')).toBeVisible({ timeout: 20_000 })
  const company = admin.locator('section', { has: admin.getByRole('heading', { name }) })
  await expect(company.getByRole('link', { name: 'Support retainer' })).toBeVisible()
  await expect(company).toContainText('12.5 h/month, rollover, R 950.00/h beyond')
  await expect(company).toContainText('2026-01-01 to no end date')

  // The same company again, pay as you go from March: it would overlap the retainer.
  await form.getByLabel('Company').selectOption({ label: name })
  await form.getByLabel('Name').fill('Project work')
  await form.getByLabel('Kind').selectOption('pay_as_you_go')
  await form.getByLabel('Hourly rate').fill('650,00')
  await form.getByLabel('Starts on').fill('2026-03-01')
  await form.getByRole('button', { name: 'Add contract' }).click()
  await expect(form.getByRole('alert')).toContainText(
    'This contract overlaps "Support retainer" (2026-01-01 to no end date)',
    { timeout: 20_000 },
  )
  await expect(form.getByLabel('Name')).toHaveValue('Project work')
  await expect(form.getByLabel('Hourly rate')).toHaveValue('650,00')

  // The contract's page: its SLA plan is one click away, and a change is saved.
  await company.getByRole('link', { name: 'Support retainer' }).click()
  await expect(admin.getByRole('link', { name: 'SLA plan of this contract' })).toHaveAttribute(
    'href',
    /\/portal\/helpdesk\/admin\/sla\?contract=[0-9a-f-]{36}$/,
  )
  const edit = admin.getByRole('form', { name: 'Edit the contract' })
  await expect(edit.getByLabel('Hourly rate')).toHaveValue('950.00')
  await edit.getByLabel('Ends on').fill('2026-02-28')
  await edit.getByRole('button', { name: 'Save contract' }).click()
  await expect(admin.getByText('Saved “Support retainer”.')).toBeVisible({ timeout: 20_000 })
})

test('an agent reads Acme Clinic’s statement, over its retainer, and downloads it as CSV', async ({
  portalAs,
}) => {
  const month = thisMonth()
  const agent = await portalAs(AGENT, '/portal/helpdesk')
  await agent.getByRole('link', { name: 'Statements' }).click()
  await expect(agent).toHaveURL(url('/portal/helpdesk/statements'))
  const acme = agent.getByRole('listitem').filter({ has: agent.getByRole('link', { name: 'Acme Clinic' }) })
  await expect(acme).toContainText('Managed IT retainer')
  await expect(acme).toContainText(/% of the retainer used — over/)

  await acme.getByRole('link', { name: 'Acme Clinic' }).click()
  await expect(agent).toHaveURL(url(`/portal/helpdesk/statements/${ACME_CLINIC_ID}?month=${month}`))
  const contract = agent.getByRole('region', { name: 'Contract Managed IT retainer' })
  await expect(contract).toContainText('Carried in3.00')
  await expect(contract).toContainText('Non-billable hours')
  await expect(contract).toContainText('Amount beyond the retainer')
  const lines = agent.getByRole('table', { name: 'Lines' })
  await expect(lines).toContainText('Replaced the Rosebank switch')
  await expect(lines).toContainText('Waiting on the vendor: goodwill, not billed')
  await expect(agent.getByText('Retainer alerts sent')).toBeVisible()
  expect(await axeBlocking(agent)).toEqual([])

  const [download] = await Promise.all([
    agent.waitForEvent('download'),
    agent.getByRole('link', { name: 'Download CSV' }).click(),
  ])
  expect(download.suggestedFilename()).toBe(`statement-acme-clinic-${month}.csv`)
  const csv = await readFile((await download.path()) as string, 'utf8')
  const rows = csv.split('\r\n')
  expect(rows[0]).toBe(`Statement,Acme Clinic,${month}`)
  expect(rows).toContain(
    'Contract,Kind,Currency,Retainer hours,Carried-in hours,Available hours,Billable hours,Non-billable hours,Hours beyond retainer,Hourly rate,Amount',
  )
  expect(csv).toMatch(/\r\nManaged IT retainer,retainer,ZAR,10,3,13,[\d.]+,[\d.]+,[\d.]+,950\.00,[\d.]+\r\n/)
  expect(csv).toContain(',Replaced the Rosebank switch\r\n')
  expect(csv).toContain(`"Rebuilt the reception PC's Outlook profile`)
})

test('the company admin reads the portal statement: billable totals, no notes, no non-billable time', async ({
  portalAs,
}) => {
  const owner = await portalAs(ACME_OWNER, '/portal/my-tickets')
  await owner.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'Statement' }).click()
  await expect(owner).toHaveURL(url('/portal/statement'))
  await expect(owner.getByRole('heading', { level: 1 })).toContainText('Statement — Acme Clinic')
  const contract = owner.getByRole('region', { name: 'Contract Managed IT retainer' })
  await expect(contract).toContainText('Billable hours')
  await expect(contract).toContainText('Amount beyond the retainer')
  await expect(contract).not.toContainText('Non-billable')
  await expect(owner.getByRole('table', { name: 'Lines' })).toBeVisible()
  await expect(owner.getByText('Replaced the Rosebank switch')).toHaveCount(0)
  await expect(owner.getByText('Waiting on the vendor')).toHaveCount(0)
  await expect(owner.getByText('Retainer alerts sent')).toHaveCount(0)
  expect(await axeBlocking(owner)).toEqual([])

  // A member of the company is no company admin: no link, and the page is not there for them.
  const member = await portalAs(ACME_STAFF, '/portal/my-tickets')
  await expect(
    member.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'Statement' }),
  ).toHaveCount(0)
  await member.goto(url('/portal/statement'))
  await expect(member.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible()
})
