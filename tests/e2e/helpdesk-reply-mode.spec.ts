import type { APIRequestContext, Locator } from '@playwright/test'
import { AGENT, THABO } from './fixtures/demo'
import { expect, test } from './fixtures/index'
import { type Mail, mailTo } from './fixtures/mailbox'
import { asService, createTicketAs, SUPABASE_URL } from './fixtures/stack'
import { unique } from './fixtures/visitor'
import { HelpdeskPage } from './pages/helpdesk-page'
import { MAILBOX_URL } from './site'

// What staff see is what they send (issue 43, A1): the checked radio, the box's colour, the line
// saying who will read it and the button's words are one mode, and a send keeps that mode. Before,
// the radio went back to "public" after a note while the box stayed amber, and the next "note" was
// mailed to the customer.

test.describe.configure({ timeout: 90_000 })

const MODES = {
  internal: {
    radio: 'Internal note (staff only)',
    button: 'Add internal note',
    hint: 'Internal note: only staff will see this.',
    frame: /border-amber-400/,
  },
  public: {
    radio: 'Public reply (the customer sees it)',
    button: 'Send public reply',
    hint: 'The customer will see this reply, in the portal and by email.',
    frame: /border-brand-300/,
  },
} as const
type Mode = keyof typeof MODES

/** Every part of the box says `mode`, and nothing says the other one. */
async function expectMode(form: Locator, mode: Mode) {
  const other: Mode = mode === 'internal' ? 'public' : 'internal'
  await expect(form.getByLabel(MODES[mode].radio)).toBeChecked()
  await expect(form.getByLabel(MODES[other].radio)).not.toBeChecked()
  await expect(form).toHaveClass(MODES[mode].frame)
  await expect(form.getByRole('button', { name: MODES[mode].button })).toBeVisible()
  await expect(form.getByRole('button', { name: MODES[other].button })).toHaveCount(0)
  await expect(form).toContainText(MODES[mode].hint)
  await expect(form).not.toContainText(MODES[other].hint)
}

/** How the database filed each body on the ticket (past every policy). */
async function directions(request: APIRequestContext, ticketId: string): Promise<Record<string, string>> {
  const answer = await request.get(`${SUPABASE_URL}/rest/v1/ticket_messages`, {
    headers: asService,
    params: { ticket_id: `eq.${ticketId}`, select: 'body,direction' },
  })
  expect(answer.ok(), await answer.text()).toBe(true)
  const rows = (await answer.json()) as { body: string; direction: string }[]
  return Object.fromEntries(rows.map((row) => [row.body, row.direction]))
}

test('two notes in a row, a note after a reply and a reply after a note go as the box says', async ({
  portalAs,
  request,
}) => {
  const word = unique()
  const ticket = await createTicketAs(request, THABO, { summary: `Reply mode ${word}` })
  const agent = await portalAs(AGENT, `/portal/helpdesk/${ticket.id}`)
  const helpdesk = new HelpdeskPage(agent)
  const form = helpdesk.replyForm
  const body = form.getByLabel('Message')
  await expectMode(form, 'public')

  // Each step: the mode chosen (or left as it was), the mode the box must then be in, the text.
  const steps: { choose?: Mode; mode: Mode; text: string }[] = [
    { choose: 'internal', mode: 'internal', text: `First note ${word}` },
    { mode: 'internal', text: `Second note ${word}` },
    { choose: 'public', mode: 'public', text: `First reply ${word}` },
    { choose: 'internal', mode: 'internal', text: `Note after a reply ${word}` },
    { choose: 'public', mode: 'public', text: `Reply after a note ${word}` },
    { mode: 'public', text: `Second reply ${word}` },
  ]
  for (const step of steps) {
    if (step.choose) await form.getByLabel(MODES[step.choose].radio).check()
    await expectMode(form, step.mode)
    await body.fill(step.text)
    await form.getByRole('button', { name: MODES[step.mode].button }).click()
    await expect(helpdesk.conversation).toContainText(step.text)
    await expect(body).toHaveValue('')
    // After the send the box keeps the mode it had.
    await expectMode(form, step.mode)
  }

  const filed = await directions(request, ticket.id)
  for (const step of steps)
    expect(filed[step.text], step.text).toBe(step.mode === 'internal' ? 'internal' : 'outbound')

  // The customer's mailbox has every public reply and no note. The outbox keeps one ticket's mails
  // for one address in order, so once the last reply has arrived, a note sent earlier would have too.
  const replies = steps.filter((step) => step.mode === 'public')
  for (const reply of replies)
    await mailTo(request, THABO, new RegExp(ticket.tracking_ref), (mail) => mail.Text.includes(reply.text))
  const mails = await mailsAbout(request, THABO, ticket.tracking_ref)
  for (const note of steps.filter((step) => step.mode === 'internal'))
    expect(
      mails.some((mail) => mail.Text.includes(note.text)),
      `"${note.text}" was mailed`,
    ).toBe(false)
})

/** Every mail to `to` whose subject names the ticket, with its text. */
async function mailsAbout(request: APIRequestContext, to: string, reference: string): Promise<Mail[]> {
  const answer = await request.get(`${MAILBOX_URL}/api/v1/messages`, { params: { to } })
  const { messages } = (await answer.json()) as { messages: { ID: string; Subject: string }[] }
  const mine = messages.filter((message) => message.Subject.includes(reference))
  return Promise.all(
    mine.map(
      async (message) =>
        (await (await request.get(`${MAILBOX_URL}/api/v1/message/${message.ID}`)).json()) as Mail,
    ),
  )
}
