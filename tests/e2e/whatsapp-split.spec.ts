import { axeBlocking } from './axe'
import { AGENT } from './fixtures/demo'
import { expect, test } from './fixtures/index'
import { GRAPH_URL, logTicketForClient } from './fixtures/stack'
import { unique } from './fixtures/visitor'
import { HelpdeskPage } from './pages/helpdesk-page'
import { PORTAL_ORIGIN } from './site'

// Issue 43, part C: a client's WhatsApp message about something else moves to a new ticket of its
// own, from a button on the message (a staff-only server action; the database refuses anyone else,
// supabase/tests/whatsapp.test.ts). The new ticket belongs to the same client, and both tickets'
// activity logs say where the message went.

test.describe.configure({ timeout: 60_000 })

test('an agent moves a client’s WhatsApp message to a new ticket', async ({ portalAs, request }) => {
  const phone = `+2784${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`
  const ticket = await logTicketForClient(request, AGENT, {
    email: `split.${unique()}@example.co.za`,
    name: 'Lerato Dube',
    phone,
    summary: `Router keeps rebooting ${unique()}`,
  })
  const say = async (text: string) => {
    const answer = await request.post(`${GRAPH_URL}/_local/inbound`, {
      data: { from: phone.slice(1), text, name: 'Lerato' },
    })
    expect(await answer.json()).toMatchObject({ statuses: [200] })
  }
  // The client proves the number with the reference, then asks about something else.
  await say(`Still rebooting. Ref: ${ticket.tracking_ref}`)
  const other = `Also, the office printer is jammed ${unique()}`
  await say(other)

  const agent = await portalAs(AGENT, `/portal/helpdesk/${ticket.ticket_id}`)
  const helpdesk = new HelpdeskPage(agent)
  const message = helpdesk.conversation.getByRole('listitem').filter({ hasText: other })
  await expect(message).toContainText('Lerato')
  expect(await axeBlocking(agent)).toEqual([])
  await message.getByRole('button', { name: 'Move to a new ticket' }).click()

  // The agent lands on the new ticket: the same client's, opening with the message, its activity
  // log saying where the message came from.
  await expect(agent).not.toHaveURL(new RegExp(`/portal/helpdesk/${ticket.ticket_id}$`))
  await expect(agent).toHaveURL(/\/portal\/helpdesk\/[0-9a-f-]{36}$/)
  await expect(agent.getByRole('heading', { level: 1 })).toHaveText(other)
  // Each log entry is its author, what they did and when, in one list item.
  const moved = agent
    .getByRole('region', { name: 'Activity' })
    .getByRole('listitem')
    .filter({
      hasText: new RegExp(
        `moved a WhatsApp message from ${ticket.tracking_ref} to a new ticket, TCK-[A-Z0-9]{6}`,
      ),
    })
  await expect(moved).toBeVisible()
  const newRef = /to a new ticket, (TCK-[A-Z0-9]{6})/.exec((await moved.textContent()) ?? '')?.[1]
  expect(newRef).toMatch(/^TCK-[A-Z0-9]{6}$/)
  const arrived = new HelpdeskPage(agent)
  await expect(arrived.conversation.getByRole('listitem').filter({ hasText: other }).last()).toContainText(
    'Lerato',
  )
  await expect(agent.getByLabel('Requester details')).toContainText('Lerato Dube')

  // The old ticket no longer has it, and says where it went.
  await agent.goto(`${PORTAL_ORIGIN}/portal/helpdesk/${ticket.ticket_id}`)
  await expect(
    helpdesk.conversation.getByRole('listitem').filter({ hasText: `Still rebooting` }),
  ).toHaveCount(1)
  await expect(helpdesk.conversation.getByRole('listitem').filter({ hasText: other })).toHaveCount(0)
  await expect(
    agent
      .getByRole('region', { name: 'Activity' })
      .getByRole('listitem')
      .filter({ hasText: `moved a WhatsApp message from ${ticket.tracking_ref} to a new ticket, ${newRef}` }),
  ).toBeVisible()
})
