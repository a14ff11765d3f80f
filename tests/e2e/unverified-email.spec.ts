import { axeBlocking } from './axe'
import { AGENT, THABO } from './fixtures/demo'
import { expect, test } from './fixtures/index'
import { sendMail } from './fixtures/mailbox'
import { createTicketAs } from './fixtures/stack'
import { unique } from './fixtures/visitor'
import { HelpdeskPage } from './pages/helpdesk-page'

// Email whose sender nothing proves (issue 43 item 4; messaging-contract.md §3.4): anyone can put
// the customer's address in From and the ticket's tag in the subject. Such mail waits for staff as
// an unverified item the customer never sees; staff accept it as the customer's or discard it.

test.describe.configure({ timeout: 60_000 })

test('staff accept an unverified email as the customer’s message and discard another; the customer sees only the accepted one', async ({
  portalAs,
  request,
}) => {
  const ticket = await createTicketAs(request, THABO, { summary: `Unverified mail ${unique()}` })
  const genuine = `Please also check the printer on the second floor ${unique()}`
  const forged = `Wire the deposit to account 123456 today ${unique()}`
  for (const text of [genuine, forged]) {
    // Plain SMTP to the support inbox with only the subject tag: From proves nothing.
    await sendMail({
      from: `Thabo Molefe <${THABO}>`,
      to: 'support@siyakha.example',
      subject: `Re: [${ticket.tracking_ref}] anything`,
      text,
    })
  }

  const agent = await portalAs(AGENT, `/portal/helpdesk/${ticket.id}`)
  const helpdesk = new HelpdeskPage(agent)
  const entry = (text: string) => helpdesk.conversation.getByRole('listitem').filter({ hasText: text })
  await expect(async () => {
    await agent.reload()
    await expect(entry(forged)).toBeVisible({ timeout: 1_000 })
    await expect(entry(genuine)).toBeVisible({ timeout: 1_000 })
  }).toPass({ timeout: 20_000 })
  for (const text of [genuine, forged]) {
    await expect(entry(text)).toContainText(`Unverified email from ${THABO}`)
    await expect(entry(text)).toContainText('Unverified (staff only)')
    await expect(entry(text)).not.toContainText('Thabo Molefe')
  }
  expect(await axeBlocking(agent)).toEqual([])

  const customer = await portalAs(THABO, `/portal/tickets/${ticket.id}`)
  const theirs = customer.getByRole('region', { name: 'Conversation' })
  await expect(theirs).not.toContainText(genuine)
  await expect(theirs).not.toContainText(forged)

  await entry(genuine)
    .getByRole('button', { name: /^Accept as the requester's message/ })
    .click()
  // The page comes back with the item turned into the customer's message (its buttons gone with it).
  await expect(entry(genuine)).toContainText('Thabo Molefe')
  await expect(entry(genuine)).not.toContainText('Unverified')
  // …and says so, although the form that sent the decision left the page with the item.
  await expect(agent.getByText("Accepted: the email is now the requester's message.")).toBeVisible()

  await entry(forged)
    .getByRole('button', { name: /^Discard/ })
    .click()
  await expect(entry(forged)).toHaveCount(0)
  await expect(agent.getByText('Email discarded.')).toBeVisible()

  await customer.reload()
  await expect(theirs.getByRole('listitem').filter({ hasText: genuine })).toContainText('You')
  await expect(theirs).not.toContainText(forged)
})
