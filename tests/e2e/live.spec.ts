import { ADMIN, AGENT, THABO } from './fixtures/demo'
import { expect, test } from './fixtures/index'
import { ANON_KEY, createTicketAs, passwordSession, SUPABASE_URL } from './fixtures/stack'
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
  // When each change frame reaches the browser, by the text it carries.
  const frames: { at: number; text: string }[] = []
  agent.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => {
      const text = String(payload)
      if (text.includes('postgres_changes')) frames.push({ at: Date.now(), text })
    }),
  )
  const frameWith = (words: string) => frames.find((frame) => frame.text.includes(words))?.at
  // The page opened before the listener: open it again so its socket is watched from the start.
  await agent.reload()
  await expect(agent.getByText('Live: changes appear without a reload')).toBeVisible()
  await expect(agent.getByText('No tickets match these filters.')).toBeVisible()

  // Signed in beforehand, so the times below are the change's alone: from the moment the
  // database answered the write to the moment the browser shows it.
  const thabo = await passwordSession(request, THABO)
  const headers = {
    apikey: ANON_KEY,
    Authorization: `Bearer ${thabo.access_token}`,
    Prefer: 'return=representation',
  }
  const created = await request.post(`${SUPABASE_URL}/rest/v1/tickets?select=id,tracking_ref`, {
    headers,
    data: { summary: `${word} printer offline` },
  })
  expect(created.status()).toBe(201)
  const written = Date.now()
  const [ticket] = (await created.json()) as { id: string; tracking_ref: string }[]
  const row = new HelpdeskPage(agent).table
    .getByRole('row')
    .filter({ hasText: ticket?.tracking_ref as string })
  await expect(row).toBeVisible({ timeout: 5000 })
  console.log(
    `live: a new ticket's event reached the browser ${(frameWith(ticket?.tracking_ref as string) ?? Number.NaN) - written} ms after it was written; the queue showed it after ${Date.now() - written} ms`,
  )

  await row.getByRole('link', { name: ticket?.tracking_ref }).click()
  await expect(agent.getByText('Live: changes appear without a reload')).toBeVisible()
  const reply = agent.getByLabel('Message')
  await reply.fill('Half-typed answer')
  const answer = await request.post(`${SUPABASE_URL}/rest/v1/ticket_messages`, {
    headers,
    data: {
      ticket_id: ticket?.id,
      direction: 'inbound',
      channel: 'portal',
      body: 'It came back on by itself.',
      created_by: (thabo.user as { id: string }).id,
    },
  })
  expect(answer.status()).toBe(201)
  const answered = Date.now()
  await expect(new HelpdeskPage(agent).conversation.getByText('It came back on by itself.')).toBeVisible({
    timeout: 5000,
  })
  console.log(
    `live: the reply's event reached the browser ${(frameWith('It came back on by itself.') ?? Number.NaN) - answered} ms after it was written; the ticket showed it after ${Date.now() - answered} ms`,
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
