// Reply by email (issue 12, part 5; messaging-contract.md §3–§4 and acceptance checks E3–E7), end
// to end on the local stack: mail goes in through the mailbox's SMTP port, the mailbox plays the
// inbound provider (stores it, posts the signed email.received webhook, serves the content), and
// the inbound-email function puts the reply on its ticket. Plus the pure parts: the signature
// (the contract's test vector) and the quote stripping (the contract's table).
import nodemailer, { type SendMailOptions } from 'nodemailer'
import { afterAll, describe, expect, it } from 'vitest'
import { visibleReply } from '../functions/_shared/email-reply'
import { svixSignature, verifySvix } from '../functions/_shared/signatures'
import { mailCount, mailsTo, newUser, urls } from './functions-helpers'
import { DEMO, signInAs, sql, versionOf } from './helpers'

const VECTOR_SECRET = 'whsec_bG9jYWwtaW5ib3VuZC13ZWJob29rLXNlY3JldC1kZXY='
const VECTOR_BODY =
  '{"type":"email.received","created_at":"2025-11-24T16:00:00.000Z","data":{"email_id":"00000000-0000-4000-8000-000000000001"}}'

describe('the webhook signature', () => {
  it('matches the contract’s test vector', async () => {
    expect(await svixSignature(VECTOR_SECRET, 'msg_local_0001', '1764000000', VECTOR_BODY)).toBe(
      'v1,6+ymsRaCFrKPb3to1NKForpMiNArlCCBrilyvpkdEGA=',
    )
  })

  it('is refused when stale, missing or over another body; any of several signatures may match', async () => {
    const headers = {
      id: 'msg_local_0001',
      timestamp: '1764000000',
      signature: 'v1,6+ymsRaCFrKPb3to1NKForpMiNArlCCBrilyvpkdEGA=',
    }
    expect(await verifySvix(VECTOR_SECRET, headers, VECTOR_BODY, 1764000000 + 299)).toBe(true)
    expect(await verifySvix(VECTOR_SECRET, headers, VECTOR_BODY, 1764000000 + 301)).toBe(false)
    expect(await verifySvix(VECTOR_SECRET, headers, `${VECTOR_BODY} `, 1764000000)).toBe(false)
    expect(await verifySvix(VECTOR_SECRET, { ...headers, id: null }, VECTOR_BODY, 1764000000)).toBe(false)
    expect(
      await verifySvix(
        VECTOR_SECRET,
        { ...headers, signature: `v1,AAAA ${headers.signature}` },
        VECTOR_BODY,
        1764000000,
      ),
    ).toBe(true)
  })
})

describe('the visible reply', () => {
  it.each([
    [
      'Thanks, it is quiet now\n\nOn Monday, Siyakha Support wrote:\n> We have re-seated the cable',
      'Thanks, it is quiet now',
    ],
    ['Still broken.\n\nRegards,\nLindiwe\n____\nFrom: Siyakha Support\nSent: Monday', 'Still broken.'],
    ['Done!\n\n-- Reply above this line to add to TCK-7Q4M2A --\nWe have re-seated the cable', 'Done!'],
    ['> Did it work?\nYes it did.\n> Anything else?\nNo.', 'Yes it did.\nNo.'],
    [
      'Dankie, dit werk.\r\n\r\nOp Ma. 24 Nov. 2026 om 10:00 het Siyakha Support geskryf:\r\n> Probeer weer',
      'Dankie, dit werk.',
    ],
    [
      'It works\n\nOn Mon, 24 Nov 2026 at 10:00, Siyakha Support <support@siyakha.example> wrote:\n> -- Reply above this line to add to TCK-7Q4M2A --\n> Restart it',
      'It works',
    ],
  ])('%j → %j', (text, expected) => {
    expect(visibleReply({ text })?.body).toBe(expected)
  })

  it('reads HTML-only mail up to the quoted part, names attachments of an empty reply, truncates long ones', () => {
    expect(
      visibleReply({
        html: '<div>Fixed, thanks<img src="cid:logo"></div><div class="gmail_quote">On Monday wrote:<blockquote>old</blockquote></div>',
      })?.body,
    ).toBe('Fixed, thanks')
    expect(visibleReply({ text: '> only a quote' })).toBeNull()
    expect(visibleReply({ text: '' }, ['wifi.png'])?.body).toBe('(attachment: wifi.png)')
    const long = visibleReply({ text: 'a'.repeat(5000) })
    expect(long?.truncated).toBe(true)
    expect(long?.body).toBe(`${'a'.repeat(4000)}… (truncated)`)
  })
})

const smtp = new URL(urls.smtp)
const transport = nodemailer.createTransport({ host: smtp.hostname, port: Number(smtp.port), secure: false })
afterAll(() => transport.close())

const SUPPORT = 'support@siyakha.example'

async function send(mail: SendMailOptions) {
  await transport.sendMail({ to: SUPPORT, ...mail })
}

async function messagesOn(ticketId: string) {
  return sql<{
    direction: string
    channel: string
    body: string
    created_by: string | null
    to_from: string
  }>(
    'select direction, channel, body, created_by, to_from from ticket_messages where ticket_id = $1 and channel = $2 order by created_at',
    [ticketId, 'email'],
  )
}

/** Where the inbound events for mails from `sender` ended: their outcomes, oldest first. */
async function outcomes(sender: string): Promise<string[]> {
  const rows = await sql<{ outcome: string | null }>(
    "select outcome from private.inbound_events where provider = 'resend' and detail ->> 'from' = $1 order by received_at",
    [sender],
  )
  return rows.map((r) => r.outcome ?? 'pending')
}

async function ignoredReasons(subject: string): Promise<string[]> {
  const deliveries = (await (await fetch(`${urls.mailbox}/api/v1/webhooks`)).json()) as {
    deliveries: { email_id: string; status: string }[]
  }
  const ids = deliveries.deliveries.map((d) => d.email_id)
  const rows = await sql<{ event_id: string; outcome: string | null; reason: string | null }>(
    "select event_id, outcome, detail ->> 'reason' as reason from private.inbound_events where provider = 'resend' and event_id = any($1)",
    [ids],
  )
  const wanted = new Set<string>()
  for (const id of ids) {
    const content = (await (
      await fetch(`${urls.mailbox}/resend/emails/receiving/${id}`, {
        headers: { Authorization: 'Bearer re_local_inbound_key_for_development_only' },
      })
    ).json()) as { subject: string }
    if (content.subject === subject) wanted.add(id)
  }
  return rows.filter((r) => wanted.has(r.event_id)).map((r) => `${r.outcome}:${r.reason}`)
}

/** A customer's ticket, acknowledged (so its thread root exists), answered by the agent. */
async function answeredTicket(summary: string) {
  const customer = await newUser('inbound')
  const { data: ticket } = await customer.supabase
    .from('tickets')
    .insert({ created_by_user_id: customer.id, summary, details: 'The Wi-Fi drops every afternoon.' })
    .select('id, tracking_ref')
    .single()
    .throwOnError()
  const agent = await signInAs('agent')
  await agent.supabase
    .from('ticket_messages')
    .insert({
      ticket_id: ticket.id,
      direction: 'outbound',
      channel: 'portal',
      body: 'We re-seated the cable.',
      status: 'sent',
    })
    .throwOnError()
  await agent.supabase
    .from('tickets')
    .update({ status: 'waiting_on_customer', expected_version: await versionOf(ticket.id) })
    .eq('id', ticket.id)
    .throwOnError()
  const [reply] = await mailsTo(customer.email, `Re: [${ticket.tracking_ref}]`, 10_000)
  return { customer, ticket, reply: reply as NonNullable<typeof reply> }
}

/** What the local provider's Authentication-Results say about a sender (the mailbox's /_local/dmarc). */
async function dmarc(rule: { sender: string; result: 'pass' | 'fail' | 'none' }) {
  const answer = await fetch(`${urls.mailbox}/api/v1/_local/dmarc`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(rule),
  })
  expect(answer.status).toBe(200)
}

async function replyAddressOf(mailId: string): Promise<string> {
  const headers = (await (await fetch(`${urls.mailbox}/api/v1/message/${mailId}/headers`)).json()) as Record<
    string,
    string[]
  >
  const replyTo = Object.entries(headers).find(([k]) => k.toLowerCase() === 'reply-to')?.[1]?.[0] ?? ''
  return /<([^>]+)>/.exec(replyTo)?.[1] ?? ''
}

describe('a reply by email', () => {
  it('lands on its ticket without the quoted history, reopens it and alerts staff (E3)', async () => {
    const { customer, ticket, reply } = await answeredTicket(`Wi-Fi drops ${Date.now()}`)
    const ref = ticket.tracking_ref
    const words = `Thanks, it is quiet now ${Date.now()}`
    await send({
      from: `Test Customer <${customer.email}>`,
      to: await replyAddressOf(reply.ID),
      subject: `Re: [${ref}] Wi-Fi drops`,
      text: `${words}\n\nOn Monday, Siyakha Support wrote:\n> -- Reply above this line to add to ${ref} --\n> We re-seated the cable.`,
      inReplyTo: `<ticket.${ref.toLowerCase()}@siyakha.example>`,
    })
    await expect.poll(async () => (await messagesOn(ticket.id)).length, { timeout: 10_000 }).toBe(1)
    const [stored] = await messagesOn(ticket.id)
    expect(stored).toMatchObject({
      direction: 'inbound',
      body: words,
      created_by: customer.id,
      to_from: customer.email,
    })
    const [row] = await sql<{ status: string }>('select status from tickets where id = $1', [ticket.id])
    expect(row?.status).toBe('open')
    // Unassigned: the agents hear of it, with the reply and not the quote.
    const alerts = async () =>
      (await mailsTo(DEMO.agent.email, `[${ref}]`, 0)).filter((m) => m.Text.includes(words))
    await expect.poll(async () => (await alerts()).length, { timeout: 10_000 }).toBe(1)
    expect((await alerts())[0]?.Text).not.toContain('re-seated')
    expect(reply.Subject).toContain(ref)
  })

  it('finds the ticket by its reply address alone, and by In-Reply-To alone: the second unverified (E4)', async () => {
    const { customer, ticket, reply } = await answeredTicket(`Printer jams ${Date.now()}`)
    const ref = ticket.tracking_ref
    const address = await replyAddressOf(reply.ID)
    expect(address).toMatch(/^reply\+tck-[a-z0-9]{6}\.[a-z2-7]{8}\.[a-z2-7]{10}@reply\.siyakha\.example$/)
    await transport.sendMail({
      from: customer.email,
      to: address,
      subject: 'A different subject altogether',
      text: 'Tray two jams as well.',
    })
    await send({
      from: customer.email,
      subject: 'No tag here',
      text: 'And the toner is low.',
      inReplyTo: `<reply.1.${ref.toLowerCase()}@siyakha.example>`,
    })
    // In-Reply-To is copied from any mail of the thread: it finds the ticket, and proves nobody.
    await expect
      .poll(
        async () =>
          (await messagesOn(ticket.id))
            .map((m) => `${m.direction}:${m.created_by === customer.id}:${m.body}`)
            .sort(),
        { timeout: 10_000 },
      )
      .toEqual(['inbound:true:Tray two jams as well.', 'internal:false:And the toner is low.'])
  })

  it('a forged reply address counts for nothing', async () => {
    const { customer, ticket } = await answeredTicket(`Forged token ${Date.now()}`)
    const sender = customer.email
    await transport.sendMail({
      from: sender,
      to: `reply+${ticket.tracking_ref.toLowerCase()}.aaaaaaaaaa@reply.siyakha.example`,
      subject: 'Please add this',
      text: 'This should open a ticket of its own, not join the forged one.',
    })
    await expect.poll(() => outcomes(sender), { timeout: 10_000 }).toEqual(['unverified_new_ticket'])
    expect(await messagesOn(ticket.id)).toEqual([])
  })

  it('a stranger naming someone’s ticket leaves unverified staff-only items and gets no answer (E5)', async () => {
    const { ticket } = await answeredTicket(`Stranger test ${Date.now()}`)
    const stranger = `stranger-${Date.now()}@example.net`
    for (const text of ['Let me in.', 'Let me in, again.']) {
      await send({ from: stranger, subject: `Re: [${ticket.tracking_ref}] hello`, text })
    }
    await expect.poll(() => outcomes(stranger), { timeout: 10_000 }).toEqual(['unverified', 'unverified'])
    expect((await messagesOn(ticket.id)).map((m) => `${m.direction}:${m.created_by}:${m.body}`)).toEqual([
      'internal:null:Let me in.',
      'internal:null:Let me in, again.',
    ])
    await new Promise((resolve) => setTimeout(resolve, 2500))
    expect(await mailCount(stranger)).toBe(0)
  })

  it('a verified new mail opens a ticket: for an account, or for an unknown sender’s requester contact, acknowledged once', async () => {
    const customer = await newUser('newmail')
    const stranger = `new-client-${Date.now()}@example.net`
    // The provider vouches for both (DMARC pass): their words may open the ticket.
    await dmarc({ sender: customer.email, result: 'pass' })
    await dmarc({ sender: stranger, result: 'pass' })
    await send({
      from: customer.email,
      subject: 'Fwd: Outlook keeps asking for my password',
      text: 'Since this morning.',
    })
    await send({
      from: `Naledi Khumalo <${stranger}>`,
      subject: 'Quote for 12 laptops',
      text: 'Please call me.',
    })
    await expect.poll(() => outcomes(customer.email), { timeout: 10_000 }).toEqual(['new_ticket'])
    await expect.poll(() => outcomes(stranger), { timeout: 10_000 }).toEqual(['new_ticket'])
    const [mine] = await sql<{
      summary: string
      details: string
      created_by_user_id: string
      channel: string
    }>('select summary, details, created_by_user_id, channel from tickets where created_by_user_id = $1', [
      customer.id,
    ])
    expect(mine).toEqual({
      summary: 'Outlook keeps asking for my password',
      details: 'Since this morning.',
      created_by_user_id: customer.id,
      channel: 'email',
    })
    const [theirs] = await sql<{ tracking_ref: string; requester_name: string }>(
      'select t.tracking_ref, t.requester_name from tickets t join requester_contacts c on c.id = t.requester_contact_id where c.email = $1',
      [stranger],
    )
    expect(theirs?.requester_name).toBe('Naledi Khumalo')
    const [ack] = await mailsTo(stranger, `[${theirs?.tracking_ref}]`, 10_000)
    expect(ack?.Text).toContain(`Its reference is ${theirs?.tracking_ref}`)
  })

  it('automatic mail and our own mail are dropped without an answer (E6)', async () => {
    const robot = `robot-${Date.now()}@example.net`
    const subject = `Out of office ${Date.now()}`
    await send({ from: robot, subject, text: 'I am away.', headers: { 'Auto-Submitted': 'auto-replied' } })
    await send({ from: 'Siyakha Tech <no-reply@siyakha.example>', subject, text: 'Our own notice.' })
    await send({ from: `mailer-daemon@example.net`, subject, text: 'Undeliverable.' })
    await expect
      .poll(async () => (await ignoredReasons(subject)).sort(), { timeout: 10_000 })
      .toEqual(['ignored:auto_submitted', 'ignored:own_mail', 'ignored:robot_sender'])
    expect(await mailCount(robot)).toBe(0)
  })

  it('a bounce naming our mail makes it a dead letter and stops mail to that address; it is never answered', async () => {
    const { customer, ticket, reply } = await answeredTicket(`Bounce test ${Date.now()}`)
    const headers = (await (
      await fetch(`${urls.mailbox}/api/v1/message/${reply.ID}/headers`)
    ).json()) as Record<string, string[]>
    const messageId = Object.entries(headers).find(([k]) => k.toLowerCase() === 'message-id')?.[1]?.[0] ?? ''
    const row = /^<(?:reply|status)\.(\d+)\./.exec(messageId)?.[1]
    expect(row).toBeTruthy()
    await send({
      from: 'MAILER-DAEMON@mx.example.net',
      subject: 'Undelivered Mail Returned to Sender',
      text: `This is the mail system.\n\n<${customer.email}>: host mx.example.net said: 550 5.1.1 User unknown\n\nOriginal-Message-ID: ${messageId}`,
    })
    const state = async () =>
      (
        await sql<{ state: string; last_error: string | null }>(
          'select state, last_error from private.notification_outbox where id = $1',
          [row],
        )
      )[0]
    await expect.poll(async () => (await state())?.state, { timeout: 10_000 }).toBe('failed')
    expect((await state())?.last_error).toMatch(/^bounced: mailer-daemon@mx\.example\.net/)
    const suppressed = await sql(
      "select 1 from private.email_suppressions where email_lower = $1 and category = 'all' and reason = 'bounce'",
      [customer.email.toLowerCase()],
    )
    expect(suppressed).toHaveLength(1)
    const { data: deadLetters } = await (await signInAs('agent')).supabase
      .rpc('outbox_dead_letters', {})
      .throwOnError()
    expect((deadLetters as { id: number }[]).map((d) => String(d.id))).toContain(row)
    expect(await mailCount('mailer-daemon@mx.example.net')).toBe(0)
    expect(ticket.tracking_ref).toBeTruthy()
  })

  it('a staff member’s mail to their own reply address becomes their internal note; a closed ticket gets a follow-up', async () => {
    const { customer, ticket, reply } = await answeredTicket(`Staff mail ${Date.now()}`)
    const [alert] = await mailsTo(DEMO.agent.email, `[${ticket.tracking_ref}]`, 10_000)
    await send({
      from: DEMO.agent.email,
      to: await replyAddressOf(alert?.ID ?? ''),
      subject: `Re: [${ticket.tracking_ref}] Staff mail`,
      text: 'Checked the logs.',
    })
    const [agent] = await sql<{ id: string }>('select id from auth.users where email = $1', [
      DEMO.agent.email,
    ])
    await expect
      .poll(
        async () => (await messagesOn(ticket.id)).map((m) => `${m.direction}:${m.created_by}:${m.body}`),
        {
          timeout: 10_000,
        },
      )
      .toEqual([`internal:${agent?.id}:Checked the logs.`])

    await sql("update tickets set status = 'closed', close_reason = 'confirmed' where id = $1", [ticket.id])
    await send({
      from: customer.email,
      to: await replyAddressOf(reply.ID),
      subject: `Re: [${ticket.tracking_ref}] Staff mail`,
      text: 'It is back.',
    })
    await expect
      .poll(
        async () =>
          sql<{ details: string; status: string }>(
            'select details, status from tickets where follow_up_of = $1',
            [ticket.id],
          ),
        { timeout: 10_000 },
      )
      .toEqual([{ details: 'It is back.', status: 'new' }])
  })
})

describe('the inbound-email webhook', () => {
  const post = (body: string, headers: Record<string, string>) =>
    fetch(`${urls.functions}/inbound-email`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body,
    })

  async function signed(body: string, timestamp = Math.floor(Date.now() / 1000)) {
    const id = `msg_test_${Date.now()}_${Math.random()}`
    return {
      'svix-id': id,
      'svix-timestamp': String(timestamp),
      'svix-signature': await svixSignature(VECTOR_SECRET, id, String(timestamp), body),
    }
  }

  it('refuses unsigned, wrongly signed and stale calls with 401 (E7)', async () => {
    const body = JSON.stringify({ type: 'email.received', data: { email_id: 'nope' } })
    expect((await post(body, {})).status).toBe(401)
    const good = await signed(body)
    expect((await post(body, { ...good, 'svix-signature': 'v1,AAAA' })).status).toBe(401)
    expect((await post(`${body} `, good)).status).toBe(401)
    expect((await post(body, await signed(body, Math.floor(Date.now() / 1000) - 360))).status).toBe(401)
  })

  it('handles a re-delivered event once (E7)', async () => {
    const customer = await newUser('redeliver')
    await send({ from: customer.email, subject: 'Redelivery test', text: 'Only once, please.' })
    await expect.poll(() => outcomes(customer.email), { timeout: 10_000 }).toEqual(['unverified_new_ticket'])
    const [event] = await sql<{ event_id: string }>(
      "select event_id from private.inbound_events where provider = 'resend' and detail ->> 'from' = $1",
      [customer.email],
    )
    const body = JSON.stringify({ type: 'email.received', data: { email_id: event?.event_id } })
    const again = await post(body, await signed(body))
    expect(again.status).toBe(200)
    expect(await again.json()).toEqual({ duplicate: true })
    const tickets = await sql('select 1 from tickets where created_by_user_id = $1', [customer.id])
    expect(tickets).toHaveLength(1)
  })

  it('answers 200 to other event types and to mail the provider no longer has', async () => {
    const other = JSON.stringify({ type: 'email.delivered', data: { email_id: 'x' } })
    expect((await post(other, await signed(other))).status).toBe(200)
    const missing = JSON.stringify({ type: 'email.received', data: { email_id: `missing-${Date.now()}` } })
    const answer = await post(missing, await signed(missing))
    expect(answer.status).toBe(200)
    expect(await answer.json()).toEqual({ outcome: 'content_missing' })
  })
})
