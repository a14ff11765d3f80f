import type { Page } from '@playwright/test'
import { axeBlocking } from './axe'
import { ACME_STAFF, PASSWORD, THABO, THABOS_TICKET } from './fixtures/demo'
import { markDocument, sameDocument } from './fixtures/document'
import { expect, fakeWhatsApp, test } from './fixtures/index'
import { mailLink } from './fixtures/mailbox'
import { uniqueEmail } from './fixtures/visitor'
import { AuthPage } from './pages/auth-page'
import { TicketsPage } from './pages/tickets-page'
import { PORTAL_ORIGIN } from './site'

// The portal against the local Supabase stack (seed.sql loaded). Each test that signs up uses its
// own address, so the tests can run in parallel and again on the same database.
const REF = /Ref: (TCK-[A-Z0-9]{6})$/

// Sign-up and recovery wait on emails; under a parallel run they need more than the default 30 s.
test.describe.configure({ timeout: 60_000 })

const url = (path: string) => `${PORTAL_ORIGIN}${path}`

/** A new account confirmed through the emailed link; leaves the page signed in on /portal/tickets. */
async function signUpConfirmed(page: Page, email: string) {
  await page.goto(url('/auth?mode=signup'))
  await expect(page.getByRole('heading', { name: 'Sign Up' })).toBeVisible()
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(page.getByText('Confirm your email to continue.')).toBeVisible()
  await page.goto(await mailLink(page.request, email, /confirm/i))
  await expect(page).toHaveURL(url('/portal/tickets'))
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible()
}

test('sign up, confirm by email, log a ticket, send it on WhatsApp and mark it as sent', async ({
  page,
  context,
}) => {
  await fakeWhatsApp(context)
  await signUpConfirmed(page, uniqueEmail('signup'))
  await expect(page.getByText('You have no tickets yet.')).toBeVisible()
  expect(await axeBlocking(page)).toEqual([])

  const tickets = new TicketsPage(page)
  await tickets.fillTicket('Boardroom screen will not mirror')
  const popupOpened = context.waitForEvent('page')
  await tickets.createButton.click()
  const popup = await popupOpened
  await popup.waitForURL(/^https:\/\/wa\.me\//)
  const opened = new URL(popup.url())
  // The chat opens with the company's WhatsApp (CMS settings, studio/seed: +27820000000), not the
  // customer's own number, which the ticket keeps for the helpdesk's answers.
  expect(opened.pathname).toBe('/27820000000')
  const text = opened.searchParams.get('text') ?? ''
  expect(text.startsWith('Boardroom screen will not mirror. Please call me back.\n\nRef: TCK-')).toBe(true)
  const ref = text.match(REF)?.[1] as string
  expect(ref).toBeTruthy()

  await expect(page.getByText('After sending, mark as sent.')).toBeVisible()
  await expect(page).toHaveURL(/\/portal\/tickets\/[0-9a-f-]{36}$/)
  await expect(page.getByRole('heading', { name: 'Boardroom screen will not mirror' })).toBeVisible()
  await expect(page.getByText(ref, { exact: true })).toBeVisible()
  await expect(page.getByText('Received')).toBeVisible()

  const conversation = tickets.conversation
  await expect(conversation.getByText('Not sent yet')).toBeVisible()
  await page.getByRole('button', { name: 'Mark as sent' }).click()
  await expect(page.getByText('Logged to the timeline.')).toBeVisible()
  await expect(conversation.getByText('Sent', { exact: true })).toBeVisible()
  await expect(conversation.getByText(`Ref: ${ref}`)).toBeVisible()
  expect(await axeBlocking(page)).toEqual([])
  await expect(page.getByRole('button', { name: 'Mark as sent' })).toBeHidden()

  await page.goto(url('/portal/my-tickets'))
  const row = page.getByRole('listitem').filter({ hasText: `[${ref}]` })
  await expect(row).toContainText('Boardroom screen will not mirror')
  await expect(row).toContainText('Received')
  await row.getByRole('link', { name: /Open/ }).click()
  await expect(page.getByRole('heading', { name: 'Boardroom screen will not mirror' })).toBeVisible()
})

test('confirming a sign-up on a second device says it worked, and signing in there continues', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('second-device')
  await page.goto(url('/auth?mode=signup'))
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(page.getByText('Confirm your email to continue.')).toBeVisible()
  const link = await mailLink(page.request, email, /confirm/i)

  // The phone: another browser, without the sign-up's cookies.
  const phone = await browser.newContext()
  try {
    const other = await phone.newPage()
    await other.goto(link)
    await expect(
      other.getByRole('status').filter({ hasText: 'Your email is confirmed. Sign in to continue.' }),
    ).toBeVisible()
    await expect(other.getByText('That link is invalid or has expired')).toHaveCount(0)
    await new AuthPage(other).signIn(email)
    await expect(other).toHaveURL(url('/portal/tickets'))
  } finally {
    await phone.close()
  }
})

test('a signed-out visitor is sent to sign in and returned to the page they asked for', async ({ page }) => {
  await page.goto(url('/portal/my-tickets'))
  await expect(page).toHaveURL(url('/auth?from=%2Fportal%2Fmy-tickets'))
  await expect(page).toHaveTitle('Sign In | Siyakha Tech Portal')
  expect(await axeBlocking(page)).toEqual([])

  const auth = new AuthPage(page)
  await auth.signIn(THABO, 'not-the-password')
  await expect(page.getByText('Sign in failed')).toBeVisible()

  await auth.signIn(THABO)
  await expect(page).toHaveURL(url('/portal/my-tickets'))
  await expect(page).toHaveTitle('My Tickets | Siyakha Tech Portal')
  await expect(page.getByText('[TCK-7Q4M2A]')).toBeVisible()
  expect(await axeBlocking(page)).toEqual([])

  // Signed in, /auth sends them on; an off-site `from` is ignored.
  await page.goto(url('/auth?from=%2F%2Fevil.example'))
  await expect(page).toHaveURL(url('/portal/tickets'))

  await page.getByRole('button', { name: 'Sign Out' }).click()
  await expect(page).toHaveURL(url('/auth'))
  await page.goto(url('/portal/tickets'))
  await expect(page).toHaveURL(url('/auth?from=%2Fportal%2Ftickets'))
})

test("a customer cannot open another customer's ticket", async ({ page }) => {
  const auth = new AuthPage(page)
  await auth.gotoFrom(`/portal/tickets/${THABOS_TICKET}`)
  await auth.signIn(ACME_STAFF)
  await expect(page).toHaveURL(url(`/portal/tickets/${THABOS_TICKET}`))
  await expect(page.getByText('Not found or access denied.')).toBeVisible()
  await expect(page.getByText('TCK-7Q4M2A')).toHaveCount(0)

  await page.goto(url('/portal/tickets/not-a-uuid'))
  await expect(page.getByText('Not found or access denied.')).toBeVisible()
})

test('portal links open pages without a page load, fetched ahead on hover, not on sight', async ({
  page,
}) => {
  await new AuthPage(page).signInTo('/portal/my-tickets', THABO)
  const fetched: string[] = []
  page.on('request', (request) => {
    const address = new URL(request.url())
    if (address.searchParams.has('_rsc')) fetched.push(address.pathname)
  })
  await page.goto(url('/portal/my-tickets'))
  const open = page.getByRole('link', { name: /\[TCK-7Q4M2A\]/ })
  await expect(open).toBeVisible()
  await page.waitForLoadState('networkidle')
  // next/link asked the server for every ticket in view: a render for each row, for each visit.
  expect(fetched).toEqual([])
  await markDocument(page)
  await open.hover()
  await expect.poll(() => fetched.includes(`/portal/tickets/${THABOS_TICKET}`)).toBe(true)
  await open.click()
  await expect(page).toHaveURL(url(`/portal/tickets/${THABOS_TICKET}`))
  await expect(page.getByText('TCK-7Q4M2A').first()).toBeVisible()
  expect(await sameDocument(page)).toBe(true)
})

test('password recovery through the emailed link', async ({ page }) => {
  const email = uniqueEmail('recover')
  await signUpConfirmed(page, email)
  await page.getByRole('button', { name: 'Sign Out' }).click()
  await expect(page).toHaveURL(url('/auth'))

  await page.getByRole('button', { name: 'Forgot password?' }).click()
  await expect(page.getByText("We'll send a password reset link.")).toBeVisible()

  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Forgot password?' }).click()
  await expect(page.getByText("We've sent a password reset link.")).toBeVisible()

  await page.goto(await mailLink(page.request, email, /reset/i))
  await expect(page).toHaveURL(url('/auth?type=recovery'))
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible()
  await page.getByRole('button', { name: 'Update Password' }).click()
  await expect(page.getByText('Please provide a new password to continue.')).toBeVisible()

  await page.getByLabel('New password').fill('N3w-Password!')
  await page.getByRole('button', { name: 'Update Password' }).click()
  await expect(page.getByText('Your password has been updated. Redirecting...')).toBeVisible()
  await expect(page).toHaveURL(url('/portal/tickets'))

  await page.getByRole('button', { name: 'Sign Out' }).click()
  await new AuthPage(page).signIn(email, 'N3w-Password!')
  await expect(page).toHaveURL(url('/portal/tickets'))
})

test('a blocked popup copies the message instead', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: PORTAL_ORIGIN })
  await new AuthPage(page).signInTo('/portal/tickets', THABO)

  const tickets = new TicketsPage(page)
  await tickets.createButton.click()
  await expect(page.getByText('Summary, phone and message are required.')).toBeVisible()

  await tickets.fillTicket('Scanner not saving to the shared folder')
  await page.getByLabel('Your WhatsApp number').fill('082 123 4567')
  await tickets.createButton.click()
  await expect(page.getByText(/E\.164 format, e\.g\. \+27821234567$/).last()).toBeVisible()
  await expect(page.getByLabel('Your WhatsApp number')).toHaveAttribute('aria-invalid', 'true')

  await page.getByLabel('Your WhatsApp number').fill('+27821234567')
  await page.evaluate(() => {
    window.open = () => null
  })
  await tickets.createButton.click()
  await expect(page.getByText('We copied the message. Paste it into WhatsApp.')).toBeVisible()
  await expect(page).toHaveURL(/\/portal\/tickets\/[0-9a-f-]{36}$/)
  const copied = await page.evaluate(() => navigator.clipboard.readText())
  expect(copied).toMatch(
    /^Scanner not saving to the shared folder\. Please call me back\.\n\nRef: TCK-[A-Z0-9]{6}$/,
  )
  await expect(page.getByRole('button', { name: 'Mark as sent' })).toBeVisible()
})
