import { axeBlocking } from './axe'
import { AGENT, THABO } from './fixtures/demo'
import { expect, test } from './fixtures/index'
import { mailTo, replyAddressOf, sendMail } from './fixtures/mailbox'
import { createTicketAs, GRAPH_URL, logTicketForClient } from './fixtures/stack'
import { unique, useOwnAddress } from './fixtures/visitor'
import { HelpdeskPage } from './pages/helpdesk-page'
import { SupportForm } from './pages/site-forms'
import { PORTAL_ORIGIN } from './site'

// A ticket as a conversation between a customer and an agent (issue 12), both in Chromium against
// the local stack. Each test makes its own ticket, so the tests run in parallel.

test.describe.configure({ timeout: 60_000 })

const url = (path: string) => `${PORTAL_ORIGIN}${path}`

test('customer and agent talk on the ticket; a resolved ticket is rated, and a reply reopens it', async ({
  portalAs,
  request,
}) => {
  const details = `The boardroom screen shows "No signal" since the move ${unique()}`
  const ticket = await createTicketAs(request, THABO, { summary: 'Boardroom screen has no signal', details })
  const question = `Which cable did you use, HDMI or USB-C? ${unique()}`
  const answer = `HDMI, the one that came with the screen. ${unique()}`

  const agent = await portalAs(AGENT, `/portal/helpdesk/${ticket.id}`)
  const helpdesk = new HelpdeskPage(agent)
  await helpdesk.addToConversation('Public reply (the customer sees it)', question)
  await expect(helpdesk.conversation.getByRole('listitem').filter({ hasText: question })).toContainText('You')

  // The customer reads the thread: their own words first, then the agent's reply under the agent's name.
  const customer = await portalAs(THABO, `/portal/tickets/${ticket.id}`)
  const conversation = customer.getByRole('region', { name: 'Conversation' })
  const entries = conversation.getByRole('listitem')
  await expect(entries.first()).toContainText('You')
  await expect(entries.first()).toContainText(details)
  await expect(entries.filter({ hasText: question })).toContainText('Sipho Dlamini')
  expect(await axeBlocking(customer)).toEqual([])

  // An empty reply is refused in the browser with the form's words; a real one joins the thread.
  const reply = customer.getByRole('region', { name: 'Reply' })
  await reply.getByRole('button', { name: 'Send reply' }).click()
  await expect(reply.getByText('Write your reply first.')).toBeVisible()
  await expect(reply.getByLabel('Your reply')).toHaveAttribute('aria-invalid', 'true')
  await reply.getByLabel('Your reply').fill(answer)
  await reply.getByRole('button', { name: 'Send reply' }).click()
  await expect(customer.getByText('Reply sent. We will let you know when we answer.')).toBeVisible()
  await expect(entries.filter({ hasText: answer })).toContainText('You')
  await expect(reply.getByLabel('Your reply')).toHaveValue('')

  // The agent sees the answer under the customer's name, resolves the ticket.
  await agent.reload()
  await expect(helpdesk.conversation.getByRole('listitem').filter({ hasText: answer })).toContainText(
    'Thabo Molefe',
  )
  await helpdesk.setStatus('resolved')
  await expect(agent.getByText('(customer sees “Resolved – please confirm”)')).toBeVisible()

  // The customer rates the help; the agent sees the rating.
  await customer.reload()
  const rating = customer.getByRole('region', { name: 'Rate our help' })
  await rating.getByRole('button', { name: 'Save rating' }).click()
  await expect(rating.getByText('Choose a rating from 1 to 5.')).toBeVisible()
  await rating.getByLabel('4 – Good').check()
  await rating.getByLabel('Comment (optional)').fill('Quick, but it took two visits.')
  await rating.getByRole('button', { name: 'Save rating' }).click()
  await expect(customer.getByText('Thank you for rating our help.')).toBeVisible()
  await expect(rating.getByText('You rated this 4 of 5. You can change your rating.')).toBeVisible()
  await expect(rating.getByLabel('4 – Good')).toBeChecked()
  await agent.reload()
  await expect(agent.getByRole('definition').filter({ hasText: '4 of 5' })).toContainText(
    'Quick, but it took two visits.',
  )

  // A reply to the resolved ticket reopens it.
  await expect(reply.getByText('Replying reopens the ticket.')).toBeVisible()
  const again = `It stopped working again this morning. ${unique()}`
  await reply.getByLabel('Your reply').fill(again)
  await reply.getByRole('button', { name: 'Send reply' }).click()
  await expect(customer.getByText('Reply sent. The ticket is open again; we are on it.')).toBeVisible()
  await expect(customer.getByRole('definition').filter({ hasText: 'In progress' })).toBeVisible()
  await expect(rating).toHaveCount(0)
  await agent.reload()
  await expect(agent.getByText('(customer sees “In progress”)')).toBeVisible()
})

test('the customer answers the agent’s mail from their mail client: the answer shows on the ticket without the quoted history', async ({
  portalAs,
  request,
}) => {
  const summary = `Reply by email test ${unique()}`
  const ticket = await createTicketAs(request, THABO, { summary })
  const ref = ticket.tracking_ref
  const question = `Does the laptop connect when it is next to the router? ${unique()}`
  const answer = `Yes, next to the router it stays connected. ${unique()}`

  const agent = await portalAs(AGENT, `/portal/helpdesk/${ticket.id}`)
  const helpdesk = new HelpdeskPage(agent)
  await helpdesk.addToConversation('Public reply (the customer sees it)', question)
  const mail = await mailTo(request, THABO, new RegExp(`^Re: \\[${ref}\\]`), (m) => m.Text.includes(question))

  // The customer presses Reply: their words on top, the agent's mail quoted underneath.
  const quoted = mail.Text.split('\n')
    .map((line) => `> ${line}`)
    .join('\n')
  await sendMail({
    from: `Thabo Molefe <${THABO}>`,
    to: await replyAddressOf(request, mail),
    subject: mail.Subject,
    text: `${answer}\n\nOn Tue, 24 Nov 2026 at 10:02, Siyakha Support <support@siyakha.example> wrote:\n${quoted}`,
  })

  const customer = await portalAs(THABO, `/portal/tickets/${ticket.id}`)
  const entry = customer
    .getByRole('region', { name: 'Conversation' })
    .getByRole('listitem')
    .filter({ hasText: answer })
  await expect(async () => {
    await customer.reload()
    await expect(entry).toBeVisible({ timeout: 1_000 })
  }).toPass({ timeout: 15_000 })
  await expect(entry).toContainText('You')
  await expect(entry).toContainText('Email')
  await expect(entry).not.toContainText('Reply above this line')
  await expect(entry).not.toContainText(question)

  await agent.reload()
  await expect(helpdesk.conversation.getByRole('listitem').filter({ hasText: answer })).toContainText(
    'Thabo Molefe',
  )
})

test('a reply typed in the helpdesk reaches the customer’s mailbox; the customer’s answer in the portal reaches the agent’s', async ({
  portalAs,
  request,
}) => {
  const summary = `Email thread test ${unique()}`
  const ticket = await createTicketAs(request, THABO, { summary })
  const ref = ticket.tracking_ref
  const question = `Is the printer on the same network as your PC? ${unique()}`
  const answer = `Yes, both on the office Wi-Fi. ${unique()}`

  const agent = await portalAs(AGENT, `/portal/helpdesk/${ticket.id}`)
  const helpdesk = new HelpdeskPage(agent)
  await helpdesk.assignee.getByRole('button', { name: 'Assign to me' }).click()
  await expect(helpdesk.assigneeShown()).toHaveText('Sipho Dlamini (you)')
  await helpdesk.addToConversation('Public reply (the customer sees it)', question)

  const toCustomer = await mailTo(request, THABO, new RegExp(`^Re: \\[${ref}\\] ${summary}$`))
  expect(toCustomer.Text).toContain(question)
  expect(toCustomer.Text).toContain(`/portal/tickets/${ticket.id}`)

  const customer = await portalAs(THABO, `/portal/tickets/${ticket.id}`)
  const reply = customer.getByRole('region', { name: 'Reply' })
  await reply.getByLabel('Your reply').fill(answer)
  await reply.getByRole('button', { name: 'Send reply' }).click()
  await expect(customer.getByText('Reply sent. We will let you know when we answer.')).toBeVisible()

  const toAgent = await mailTo(request, AGENT, new RegExp(`\\[${ref}\\]`), (mail) =>
    mail.Text.includes(answer),
  )
  expect(toAgent.Text).toContain(`Thabo Molefe wrote on ${ref}:`)
  expect(toAgent.Text).toContain(`/portal/helpdesk/${ticket.id}`)
})

test('the customer continues on the company’s WhatsApp number with the reference filled in', async ({
  portalAs,
  request,
}) => {
  const ticket = await createTicketAs(request, THABO, { summary: `Phones ring twice ${unique()}` })
  const customer = await portalAs(THABO, `/portal/tickets/${ticket.id}`)
  const link = customer.getByRole('link', { name: 'Continue on WhatsApp' })
  // The number is the CMS settings' (studio/seed: +27820000000), not one the customer typed; the
  // message carries the customer's one-time code, which proves the phone it comes from is theirs.
  await expect(link).toHaveAttribute(
    'href',
    new RegExp(`^https://wa\\.me/27820000000\\?text=Ref%3A%20${ticket.tracking_ref}%20Verify%20\\d{6}%0A$`),
  )
  await expect(link).toHaveAttribute('target', '_blank')
  // The client-number flow is the helpdesk's now.
  await expect(customer.getByRole('region', { name: 'Send Update via WhatsApp' })).toHaveCount(0)
})

test('a closed ticket takes no reply and points to a follow-up ticket that links to it', async ({
  portalAs,
  request,
}) => {
  const ticket = await createTicketAs(request, THABO, { summary: `Wrong ticket ${unique()}` })
  const customer = await portalAs(THABO, `/portal/tickets/${ticket.id}`)
  await customer.getByRole('button', { name: 'Cancel ticket' }).click()
  await customer.getByRole('button', { name: 'Yes, cancel the ticket' }).click()
  await expect(customer.getByText('The ticket is cancelled.')).toBeVisible()
  const reply = customer.getByRole('region', { name: 'Reply' })
  await expect(reply.getByRole('textbox')).toHaveCount(0)
  const followUp = reply.getByRole('link', { name: 'open a follow-up ticket' })
  await expect(followUp).toHaveAttribute('href', `/portal/tickets?follow_up=${ticket.id}#new-ticket`)
  await followUp.click()
  await expect(customer.getByText(`A follow-up of ${ticket.tracking_ref}, which is closed`)).toBeVisible()
  // The new ticket's form carries the link (the database checks it again: supabase/tests/ticket-data.test.ts).
  await expect(customer.locator('input[type="hidden"][name="followUpOf"]')).toHaveValue(ticket.id)
  await customer.goBack()
  // A cancelled ticket is not rated.
  await expect(customer.getByRole('region', { name: 'Rate our help' })).toHaveCount(0)
  await customer.goto(url(`/portal/tickets/${ticket.id}`))
  await expect(customer.getByRole('definition').filter({ hasText: 'Closed' })).toBeVisible()
})

test.describe('a web request', () => {
  useOwnAddress()

  test('a /log-it request shows up in the helpdesk queue as a web ticket of someone without an account', async ({
    page,
    portalAs,
  }) => {
    const email = `web.${unique()}@example.co.za`
    const form = new SupportForm(page)
    await form.goto()
    await form.fill(email)
    await form.submitButton.click()
    const shown = page.getByText(/^Your ticket reference is TCK-[A-Z0-9]{6}\./)
    await expect(shown).toBeVisible()
    const reference = /TCK-[A-Z0-9]{6}/.exec((await shown.textContent()) ?? '')?.[0] as string

    const agent = await portalAs(AGENT, '/portal/helpdesk')
    const helpdesk = new HelpdeskPage(agent)
    await helpdesk.filter({ status: 'new', search: reference })
    const row = helpdesk.table.getByRole('row').filter({ hasText: reference })
    await expect(row).toContainText('Network Issue: The office Wi-Fi drops every afternoon after two.')
    await row.getByRole('link', { name: reference }).click()
    const requester = agent.getByRole('region', { name: 'Requester' })
    await expect(requester).toContainText(email)
    await expect(requester).toContainText('Thandi Mokoena')
    await expect(requester).toContainText('(no account yet)')
    await expect(agent.getByRole('definition').filter({ hasText: '011 000 0000' })).toBeVisible()
    const opening = helpdesk.conversation.getByRole('listitem').first()
    await expect(opening).toContainText('Thandi Mokoena')
    await expect(opening).toContainText('Web form')
    await expect(opening).toContainText('The office Wi-Fi drops every afternoon after two.')
  })
})

test('a customer turns reply emails off and on again; staff also choose their helpdesk alerts', async ({
  portalAs,
}) => {
  const customer = await portalAs(THABO, '/portal/notifications')
  await expect(customer.getByRole('heading', { name: 'Email notifications', level: 1 })).toBeVisible()
  const replies = customer.getByLabel('Support replies to one of my tickets')
  await expect(customer.getByLabel('A new ticket arrives (unassigned, or assigned to me)')).toHaveCount(0)
  await replies.setChecked(false)
  await customer.getByRole('button', { name: 'Save' }).click()
  await expect(customer.getByText('Your email settings are saved.')).toBeVisible()
  await customer.reload()
  await expect(replies).not.toBeChecked()
  await replies.setChecked(true)
  await customer.getByRole('button', { name: 'Save' }).click()
  await expect(customer.getByText('Your email settings are saved.')).toBeVisible()
  await customer.reload()
  await expect(replies).toBeChecked()

  const agent = await portalAs(AGENT, '/portal/notifications')
  await expect(agent.getByLabel('A new ticket arrives (unassigned, or assigned to me)')).toBeChecked()
  await expect(agent.getByLabel('Someone assigns a ticket to me')).toBeChecked()
})

test('an agent logs a phone call as a ticket for a new client, who gets its reference by email', async ({
  portalAs,
  request,
}) => {
  const email = `caller.${unique()}@example.co.za`
  const summary = `Called: reception PC will not boot ${unique()}`
  const agent = await portalAs(AGENT, '/portal/helpdesk')
  await agent.getByRole('link', { name: 'Log a ticket for a client' }).click()
  await expect(agent.getByRole('heading', { name: 'Log a ticket for a client', level: 1 })).toBeVisible()

  await agent.getByLabel("Client's name").fill('Sam Phiri')
  await agent.getByLabel('Summary').fill(summary)
  await agent.getByRole('button', { name: 'Log ticket' }).click()
  await expect(
    agent.getByText("Enter the client's email address: the ticket's emails go there."),
  ).toBeVisible()
  await expect(agent.getByLabel("Client's email")).toBeFocused()
  await agent.getByLabel("Client's email").fill(email)
  await agent.getByLabel("Client's phone (optional)").fill('+27825550101')
  await agent.getByLabel('How they reached us').selectOption('phone')
  await agent.getByLabel('Details').fill('Beeps three times on start-up.')
  await agent.getByLabel('Priority').selectOption('high')
  await agent.getByRole('button', { name: 'Log ticket' }).click()

  await expect(agent).toHaveURL(/\/portal\/helpdesk\/[0-9a-f-]{36}$/)
  await expect(agent.getByRole('heading', { name: summary })).toBeVisible()
  const requester = agent.getByRole('region', { name: 'Requester' })
  await expect(requester).toContainText(email)
  await expect(requester).toContainText('Sam Phiri')
  await expect(requester).toContainText('(no account yet)')
  await expect(new HelpdeskPage(agent).assigneeShown()).toHaveText('Sipho Dlamini (you)')
  const opening = new HelpdeskPage(agent).conversation.getByRole('listitem').first()
  await expect(opening).toContainText('Phone call')
  await expect(opening).toContainText('Beeps three times on start-up.')
  // The spec's WhatsApp flow to the client's own number, with the number from the call.
  await expect(agent.getByLabel('Client WhatsApp number')).toHaveValue('+27825550101')

  const ack = await mailTo(request, email, new RegExp(`^\\[TCK-[A-Z0-9]{6}\\] ${summary}$`))
  expect(ack.Text).toContain('Its reference is TCK-')
})

test('a client’s WhatsApp arrives through the signed webhook; the agent answers in the window, and the delivery state follows', async ({
  portalAs,
  request,
}) => {
  const phone = `+2783${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`
  const ticket = await logTicketForClient(request, AGENT, {
    email: `wa.${unique()}@example.co.za`,
    name: 'Lerato Dube',
    phone,
    summary: `WhatsApp loop test ${unique()}`,
  })
  // The client writes on WhatsApp; Meta (here the stand-in) posts the signed event.
  const words = `The router is blinking red. Ref: ${ticket.tracking_ref}`
  const inbound = await request.post(`${GRAPH_URL}/_local/inbound`, {
    data: { from: phone.slice(1), text: words, name: 'Lerato' },
  })
  expect(await inbound.json()).toMatchObject({ statuses: [200] })

  const agent = await portalAs(AGENT, `/portal/helpdesk/${ticket.ticket_id}`)
  const helpdesk = new HelpdeskPage(agent)
  const incoming = helpdesk.conversation.getByRole('listitem').filter({ hasText: words })
  await expect(incoming).toContainText('WhatsApp')
  await expect(incoming).toContainText('Lerato')
  await expect(
    agent.getByText(
      new RegExp(`^Window open until \\d\\d:\\d\\d: sent as a WhatsApp message to \\${phone}\\.$`),
    ),
  ).toBeVisible()

  const answer = `A technician will call you at 14:00. ${unique()}`
  await helpdesk.addToConversation(/^WhatsApp reply to/, answer)
  await expect(
    agent.getByText('WhatsApp reply added to the timeline; it is on its way to the client.'),
  ).toBeVisible()

  // It leaves through the Graph API as text, in reply to the client's message.
  let wamid = ''
  await expect
    .poll(async () => {
      const { sent } = (await (await request.get(`${GRAPH_URL}/_local/sent`)).json()) as {
        sent: { wamid: string; body: { to: string; type: string; text?: { body: string } } }[]
      }
      const mine = sent.find((s) => s.body.to === phone.slice(1) && s.body.text?.body === answer)
      wamid = mine?.wamid ?? ''
      return mine?.body.type
    })
    .toBe('text')

  // Meta's statuses come back: delivered, then (when the client opens it) read.
  const reply = helpdesk.conversation.getByRole('listitem').filter({ hasText: answer })
  await expect(async () => {
    await agent.reload()
    await expect(reply).toContainText('Delivered', { timeout: 1_000 })
  }).toPass({ timeout: 15_000 })
  await request.post(`${GRAPH_URL}/_local/status`, { data: { wamid, status: 'read' } })
  await agent.reload()
  await expect(reply).toContainText('Read')
})
