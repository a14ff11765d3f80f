import type { APIRequestContext } from '@playwright/test'
import { axeBlocking } from './axe'
import { ACME_TICKET, ADMIN, AGENT, PASSWORD } from './fixtures/demo'
import { expect, test } from './fixtures/index'
import { ANON_KEY, asService, createTicketAs, SUPABASE_URL } from './fixtures/stack'
import { newStaffMember } from './fixtures/staff'
import { unique, uniqueEmail } from './fixtures/visitor'
import { AuthPage } from './pages/auth-page'
import { MAILBOX_URL, PORTAL_ORIGIN } from './site'

// The provider admin's staff and company screens and the admin log (issue 46, part 3), on the
// production build: an invitation accepted from the mailbox, a role change, a deactivation with
// its open tickets reassigned, a company with a domain, a site, notes and an invited member, the
// company card beside that company's ticket, and the log of it all. Agents find none of it.

test.describe.configure({ timeout: 90_000 })

const url = (path: string) => `${PORTAL_ORIGIN}${path}`
const SIPHO = 'Sipho Dlamini'

/** The link of the newest invitation to `to`, from the mail's HTML (it goes to /auth/confirm). */
async function invitationLink(request: APIRequestContext, to: string): Promise<string> {
  let link: string | undefined
  await expect
    .poll(
      async () => {
        const answer = await request.get(`${MAILBOX_URL}/api/v1/messages`, { params: { to } })
        const { messages } = (await answer.json()) as { messages: { ID: string; Subject: string }[] }
        const invite = messages.find((m) => /invited/i.test(m.Subject))
        if (!invite) return false
        const mail = (await (await request.get(`${MAILBOX_URL}/api/v1/message/${invite.ID}`)).json()) as {
          HTML: string
        }
        link = /href="([^"]*\/auth\/confirm\?[^"]*)"/.exec(mail.HTML)?.[1]?.replaceAll('&amp;', '&')
        return Boolean(link)
      },
      { timeout: 15_000, message: `an invitation to ${to}` },
    )
    .toBe(true)
  return link as string
}

test('an admin invites an agent, who accepts from the mailbox, sets a password and lands in the helpdesk', async ({
  portalAs,
  browser,
}) => {
  const admin = await portalAs(ADMIN, '/portal/helpdesk/admin/staff')
  const email = uniqueEmail('invited-agent')
  const invite = admin.getByRole('form', { name: 'Invite staff' })
  await invite.getByLabel('Email').fill(email)
  await invite.getByLabel('Role').selectOption('agent')
  await invite.getByRole('button', { name: 'Send invitation' }).click()
  await expect(admin.getByText(`Invitation sent to ${email} (Agent).`).first()).toBeVisible()
  await expect(admin.getByText(`${email} · Agent · Invited, not yet signed in`)).toBeVisible()

  // The invitee, in a browser of their own.
  const context = await browser.newContext()
  const invitee = await context.newPage()
  const link = await invitationLink(invitee.request, email)
  expect(link.startsWith(url('/auth/confirm?'))).toBe(true)
  await invitee.goto(link)
  await expect(invitee).toHaveURL(url('/auth?type=recovery&invited=1'))
  await expect(invitee.getByRole('heading', { name: 'Welcome to the portal' })).toBeVisible()
  await invitee.getByLabel('New password').fill('Inv1ted-Password!')
  await invitee.getByRole('button', { name: 'Update Password' }).click()
  // The portal's front door sends staff on to the queue: two redirects on a busy machine.
  await expect(invitee).toHaveURL(url('/portal/helpdesk'), { timeout: 15_000 })
  await expect(invitee.getByRole('heading', { name: 'Helpdesk', exact: true })).toBeVisible()
  await context.close()

  await admin.reload()
  await expect(admin.getByText(`${email} · Agent · Active`)).toBeVisible()
})

test('an admin changes a role, deactivates an agent and reassigns their open tickets in one click', async ({
  portalAs,
  request,
}) => {
  const leaving = await newStaffMember(request, 'agent')
  const name = leaving.email.split('@')[0] as string
  const ticket = await createTicketAs(request, 'thabo@example.co.za', { summary: `Deactivation ${unique()}` })
  const assigned = await request.patch(`${SUPABASE_URL}/rest/v1/tickets?id=eq.${ticket.id}`, {
    headers: asService,
    data: { assigned_to: leaving.id },
  })
  expect(assigned.ok(), await assigned.text()).toBe(true)

  const admin = await portalAs(ADMIN, '/portal/helpdesk/admin/staff')
  const row = admin.getByRole('region', { name, exact: true })
  await row
    .getByRole('form', { name: `Role of ${name}` })
    .getByLabel('Role')
    .selectOption('siyakha_admin')
  await row.getByRole('button', { name: 'Change role' }).click()
  await expect(row.getByText(`${leaving.email} · Admin · Active`)).toBeVisible()
  await row
    .getByRole('form', { name: `Role of ${name}` })
    .getByLabel('Role')
    .selectOption('agent')
  await row.getByRole('button', { name: 'Change role' }).click()
  await expect(row.getByText(`${leaving.email} · Agent · Active`)).toBeVisible()

  // The row becomes the deactivated one (its form, and the toast with it, is replaced by Reactivate).
  await row.getByRole('button', { name: 'Deactivate' }).click()
  await expect(row.getByText(`${leaving.email} · Agent · Deactivated`)).toBeVisible()
  await expect(row.getByRole('button', { name: 'Reactivate' })).toBeVisible()
  const open = admin.getByRole('region', { name: 'Open tickets of deactivated staff' })
  await expect(open.getByRole('link', { name: ticket.tracking_ref })).toBeVisible()
  const reassign = open.getByRole('form', { name: `Reassign ${name}'s tickets` })
  await reassign.getByLabel('To').selectOption({ label: SIPHO })
  await reassign.getByRole('button', { name: 'Reassign 1 ticket' }).click()
  await expect(reassign).toHaveCount(0)
  await expect(row.getByText('Two-factor sign-in off · 0 open tickets')).toBeVisible()

  // They cannot sign in any more.
  const signIn = await request.post(`${SUPABASE_URL}/auth/v1/token?grant_type=password`, {
    headers: { apikey: ANON_KEY },
    data: { email: leaving.email, password: PASSWORD },
  })
  expect(signIn.status()).toBe(400)
  expect(await signIn.text()).toContain('user_banned')

  await admin.goto(url(`/portal/helpdesk/${ticket.id}`))
  await expect(admin.getByText(SIPHO).first()).toBeVisible()
})

test('an admin creates a company with a domain, a site and notes, invites a member, and the log shows it', async ({
  portalAs,
  request,
}) => {
  const word = unique()
  const companyName = `Karoo Dental ${word}`
  const domain = `karoo-${word}.example`
  const admin = await portalAs(ADMIN, '/portal/helpdesk/admin/companies')
  const create = admin.getByRole('form', { name: 'New company' })
  await create.getByLabel('Name').fill(companyName)
  await create.getByLabel('Notes for agents').fill(`Alarm code is with the practice manager ${word}`)
  await create.getByLabel('Account manager').selectOption({ label: SIPHO })
  await create.getByRole('button', { name: 'Create company' }).click()
  await expect(admin.getByRole('heading', { name: companyName, level: 1 })).toBeVisible()
  const companyPath = new URL(admin.url()).pathname

  // A free email service is refused with the database's words; the real domain is added.
  const domains = admin.getByRole('form', { name: 'Add a domain' })
  await domains.getByLabel('Domain').fill('gmail.com')
  await domains.getByRole('button', { name: 'Add domain' }).click()
  await expect(
    admin
      .getByText(
        'gmail.com is a free email service: anyone can have an address there, so it cannot be a company domain',
      )
      .first(),
  ).toBeVisible()
  await expect(domains.getByLabel('Domain')).toHaveValue('gmail.com')
  await domains.getByLabel('Domain').fill(domain)
  await domains.getByRole('button', { name: 'Add domain' }).click()
  await expect(admin.getByRole('form', { name: `Remove ${domain}` })).toBeVisible()

  const site = admin.getByRole('form', { name: 'Add a site' })
  await site.getByLabel('Site name').fill('Oudtshoorn surgery')
  await site.getByLabel('Address').fill('7 Baron van Reede Street, Oudtshoorn')
  await site.getByLabel('Site notes').fill('Server in the x-ray room')
  await site.getByRole('button', { name: 'Add site' }).click()
  await expect(admin.getByText('Oudtshoorn surgery').first()).toBeVisible()

  // A member with an account is added at once.
  const memberEmail = uniqueEmail('karoo-member')
  const created = await request.post(`${SUPABASE_URL}/auth/v1/admin/users`, {
    headers: asService,
    data: { email: memberEmail, password: PASSWORD, email_confirm: true },
  })
  expect(created.ok()).toBe(true)
  const invite = admin.getByRole('form', { name: 'Invite a member' })
  await invite.getByLabel('Email').fill(memberEmail)
  await invite.getByLabel('Role').selectOption('company_admin')
  await invite.getByRole('button', { name: 'Invite' }).click()
  await expect(admin.getByText(`${memberEmail} · Company admin`)).toBeVisible()

  // The member's ticket is the company's, and the agent sees the company card beside it.
  const ticket = await createTicketAs(request, memberEmail, { summary: `Karoo printer ${word}` })
  const agent = await portalAs(AGENT, `/portal/helpdesk/${ticket.id}`)
  const card = agent.getByRole('region', { name: companyName })
  await expect(card.getByText(`Alarm code is with the practice manager ${word}`)).toBeVisible()
  await expect(card.getByText('Oudtshoorn surgery')).toBeVisible()
  await expect(card.getByText('7 Baron van Reede Street, Oudtshoorn')).toBeVisible()
  await expect(card.getByText('Account manager: agent@siyakha.example')).toBeVisible()

  // The admin log: the company, filtered by table, with the changed fields.
  await admin.goto(url('/portal/helpdesk/admin/log?table=company_domains'))
  const log = admin.getByRole('list', { name: 'Admin changes' })
  await expect(log.getByText(domain).first()).toBeVisible()
  await admin.goto(url('/portal/helpdesk/admin/log'))
  await expect(
    admin.getByRole('list', { name: 'Admin changes' }).getByText(companyName).first(),
  ).toBeVisible()
  expect(companyPath.startsWith('/portal/helpdesk/admin/companies/')).toBe(true)
})

test('agents find the admin screens "not found"', async ({ portalAs }) => {
  const agent = await portalAs(AGENT, '/portal/helpdesk')
  for (const path of [
    '/portal/helpdesk/admin/staff',
    '/portal/helpdesk/admin/companies',
    '/portal/helpdesk/admin/companies/00000000-0000-4000-8000-0000000000c1',
    '/portal/helpdesk/admin/log',
  ]) {
    await agent.goto(url(path))
    await expect(agent.getByText('Not found or access denied.')).toBeVisible()
    await expect(agent.getByRole('heading', { level: 1 })).toHaveCount(0)
  }
})

test('a sign-in after deactivation is refused on the portal page too', async ({ page, request }) => {
  const leaving = await newStaffMember(request, 'agent')
  const session = await request.post(`${SUPABASE_URL}/auth/v1/token?grant_type=password`, {
    headers: { apikey: ANON_KEY },
    data: { email: ADMIN, password: PASSWORD },
  })
  const { access_token } = (await session.json()) as { access_token: string }
  const deactivated = await request.post(`${SUPABASE_URL}/rest/v1/rpc/deactivate_staff`, {
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${access_token}` },
    data: { member: leaving.id },
  })
  expect(deactivated.ok(), await deactivated.text()).toBe(true)
  const auth = new AuthPage(page)
  await auth.gotoFrom('/portal/helpdesk')
  await auth.signIn(leaving.email)
  await expect(page).toHaveURL(/\/auth/)
  await expect(page.getByRole('alert').first()).toBeVisible()
})

test('the admin screens and the company card have no serious or critical violation', async ({ portalAs }) => {
  const admin = await portalAs(ADMIN, '/portal/helpdesk/admin/staff')
  const found: string[] = []
  for (const path of [
    '/portal/helpdesk/admin/staff',
    '/portal/helpdesk/admin/companies',
    '/portal/helpdesk/admin/companies/00000000-0000-4000-8000-0000000000c1',
    '/portal/helpdesk/admin/log',
    `/portal/helpdesk/${ACME_TICKET}`,
  ]) {
    await admin.goto(url(path))
    found.push(...(await axeBlocking(admin)).map((v) => `${path}: ${v}`))
  }
  expect(found).toEqual([])
  // Acme Clinic's seeded sites are beside its ticket.
  await expect(
    admin.getByRole('region', { name: 'Acme Clinic' }).getByText('Rosebank practice'),
  ).toBeVisible()
})
