import { ADMIN, AGENT, THABO } from './fixtures/demo'
import { expect, test } from './fixtures/index'
import { createTicketAs, replyAs } from './fixtures/stack'
import { unique } from './fixtures/visitor'
import { HelpdeskPage } from './pages/helpdesk-page'

// The live helpdesk (issue 13, part 5) in real browsers: the queue and an open ticket change
// without a reload when the database does (Supabase Realtime through the local stack), and
// agents see who else is on a ticket and who is typing.

test.describe.configure({ timeout: 60_000 })

test('a new ticket appears in the open queue, and a reply on an open ticket, without a reload', async ({
  portalAs,
  request,
}) => {
  const word = `live${unique().replace(/\W/g, '')}`
  const agent = await portalAs(AGENT, `/portal/helpdesk?q=${word}`)
  await expect(agent.getByText('Live: changes appear without a reload')).toBeVisible()
  await expect(agent.getByText('No tickets match these filters.')).toBeVisible()

  const started = Date.now()
  const ticket = await createTicketAs(request, THABO, { summary: `${word} printer offline` })
  const row = new HelpdeskPage(agent).table.getByRole('row').filter({ hasText: ticket.tracking_ref })
  await expect(row).toBeVisible({ timeout: 5000 })
  console.log(`live: a new ticket reached the open queue ${Date.now() - started} ms after it was created`)

  await row.getByRole('link', { name: ticket.tracking_ref }).click()
  await expect(agent.getByText('Live: changes appear without a reload')).toBeVisible()
  const reply = agent.getByLabel('Message')
  await reply.fill('Half-typed answer')
  const answered = Date.now()
  await replyAs(request, THABO, ticket.id, 'It came back on by itself.')
  await expect(new HelpdeskPage(agent).conversation.getByText('It came back on by itself.')).toBeVisible({
    timeout: 5000,
  })
  console.log(
    `live: the customer's reply reached the open ticket ${Date.now() - answered} ms after it was sent`,
  )
  // The refresh keeps what the agent was typing.
  await expect(reply).toHaveValue('Half-typed answer')
})

test('agents on the same ticket see each other, and who is typing', async ({ portalAs, request }) => {
  const ticket = await createTicketAs(request, THABO, { summary: `Presence ${unique()}` })
  const path = `/portal/helpdesk/${ticket.id}`
  const [agent, admin] = await Promise.all([portalAs(AGENT, path), portalAs(ADMIN, path)])
  await expect(admin.getByText('Sipho Dlamini is viewing this ticket.')).toBeVisible({ timeout: 10_000 })
  await expect(agent.getByText('Naledi Mokoena is viewing this ticket.')).toBeVisible({ timeout: 10_000 })

  await agent.getByLabel('Message').pressSequentially('Looking at it now', { delay: 20 })
  await expect(admin.getByText('Sipho Dlamini is typing a reply.')).toBeVisible({ timeout: 5000 })

  await agent.close()
  await expect(admin.getByText('Sipho Dlamini is viewing this ticket.')).toHaveCount(0, { timeout: 10_000 })
})
