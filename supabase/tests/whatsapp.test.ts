// WhatsApp Cloud API both ways (issue 12, part 7; messaging-contract.md §5–§7, checks W1–W10), end
// to end on the local stack: the Graph API stand-in plays Meta (it records sends and posts signed
// webhook events), whatsapp-webhook stores what comes in, the outbox worker sends agents' replies.
import { afterEach, describe, expect, it } from 'vitest'
import { callFunction, mailsTo, supportRequest } from './functions-helpers'
import { newCustomer, signInAs, sql, urls, withPg } from './helpers'

const graph = (path: string, init?: RequestInit) => fetch(`${urls.graph}${path}`, init)
const postJson = async (path: string, body: unknown, method = 'POST') =>
  (
    await graph(path, { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
  ).json()

afterEach(async () => {
  await postJson('/_local/config', { reset: true }, 'PUT')
})

/** A South African mobile number nobody else in the run has. */
const newNumber = () => `+2782${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`

/** A client's ticket logged by the agent, with the client's WhatsApp number on it. */
async function clientTicket(phone: string, summary = `Router keeps rebooting ${Date.now()}`) {
  const agent = await signInAs('agent')
  const { data } = await agent.supabase
    .rpc('log_ticket_for_client', {
      p_email: `wa-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.net`,
      p_full_name: 'Lerato Dube',
      p_phone: phone,
      p_channel: 'whatsapp',
      p_summary: summary,
      p_details: 'Since the storm.',
      p_priority: 'normal',
    })
    .single()
    .throwOnError()
  return { agent, ticket: data as { ticket_id: string; tracking_ref: string } }
}

const inbound = (from: string, text: string, extra: Record<string, unknown> = {}) =>
  postJson('/_local/inbound', { from, text, name: 'Lerato', ...extra }) as Promise<{
    wamid: string
    statuses: number[]
  }>

async function messagesOn(ticketId: string) {
  return sql<{
    direction: string
    body: string
    status: string
    external_id: string | null
    metadata: Record<string, unknown>
  }>(
    "select direction, body, status, external_id, metadata from ticket_messages where ticket_id = $1 and channel = 'whatsapp' order by created_at",
    [ticketId],
  )
}

async function sentTo(phone: string) {
  const { sent } = (await (await graph('/_local/sent')).json()) as {
    sent: {
      body: { to: string; type: string; text?: { body: string }; template?: { name: string } }
      wamid: string
    }[]
  }
  return sent.filter((s) => s.body.to === phone.slice(1))
}

describe('the webhook’s checks (W1, W2)', () => {
  it('answers the handshake only with the verify token', async () => {
    expect(await postJson('/_local/verify', { token: 'local-whatsapp-verify-token' })).toEqual({
      status: 200,
      body: '1158201444',
    })
    expect((await postJson('/_local/verify', { token: 'wrong' })).status).toBe(403)
    expect((await postJson('/_local/verify', {})).status).toBe(400)
  })

  it('accepts events only with a valid signature, over the escaped or the raw body', async () => {
    const body = '{"object":"whatsapp_business_account","entry":[]}'
    expect((await postJson('/_local/raw', { body, signature: 'none' })).status).toBe(401)
    expect((await postJson('/_local/raw', { body, signature: 'invalid' })).status).toBe(401)
    expect((await postJson('/_local/raw', { body })).status).toBe(200)
    const phone = newNumber()
    const { ticket } = await clientTicket(phone)
    // The stand-in sends Meta's escaped form for this one ...
    const escaped = await inbound(phone, `Dankie, dit werk weer 👍 é ${ticket.tracking_ref}`)
    expect(escaped.statuses).toEqual([200])
    // ... and raw UTF-8, signed over the escaped form, for this one.
    const raw = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '1',
          changes: [
            {
              field: 'messages',
              value: {
                metadata: { phone_number_id: '100000000000001' },
                contacts: [{ profile: { name: 'Lerato' }, wa_id: phone.slice(1) }],
                messages: [
                  {
                    from: phone.slice(1),
                    id: `wamid.raw${Date.now()}`,
                    timestamp: String(Math.floor(Date.now() / 1000)),
                    type: 'text',
                    text: { body: 'Café 😀 still fine' },
                  },
                ],
              },
            },
          ],
        },
      ],
    })
    expect((await postJson('/_local/raw', { body: raw })).status).toBe(200)
    await expect
      .poll(async () => (await messagesOn(ticket.ticket_id)).map((m) => m.body).sort())
      .toEqual(['Café 😀 still fine', `Dankie, dit werk weer 👍 é ${ticket.tracking_ref}`])
  })
})

describe('inbound messages (W3–W5)', () => {
  it('a message with Ref: from the client’s number lands on the ticket, opens the window and the ticket', async () => {
    const phone = newNumber()
    const { agent, ticket } = await clientTicket(phone)
    await sql("update tickets set status = 'waiting_on_customer' where id = $1", [ticket.ticket_id])
    const { statuses } = await inbound(phone, `Still no signal. Ref: ${ticket.tracking_ref}`)
    expect(statuses).toEqual([200])
    const [stored] = await messagesOn(ticket.ticket_id)
    expect(stored).toMatchObject({
      direction: 'inbound',
      body: `Still no signal. Ref: ${ticket.tracking_ref}`,
      status: 'delivered',
    })
    const [row] = await sql<{ status: string }>('select status from tickets where id = $1', [
      ticket.ticket_id,
    ])
    expect(row?.status).toBe('open')
    const { data: window } = await agent.supabase
      .rpc('ticket_whatsapp', { p_ticket: ticket.ticket_id })
      .single()
      .throwOnError()
    expect(window).toMatchObject({ phone, may_template: true })
    expect(
      new Date(String((window as { window_open_until: string }).window_open_until)).getTime(),
    ).toBeGreaterThan(Date.now() + 23 * 3600 * 1000)
  })

  it('a re-delivered message is stored once; two messages in one event are both stored', async () => {
    const phone = newNumber()
    const { ticket } = await clientTicket(phone)
    expect((await inbound(phone, `Twice? ${ticket.tracking_ref}`, { times: 2 })).statuses).toEqual([200, 200])
    const change = (id: string, text: string) => ({
      field: 'messages',
      value: {
        metadata: { phone_number_id: '100000000000001' },
        messages: [
          {
            from: phone.slice(1),
            id,
            timestamp: String(Math.floor(Date.now() / 1000)),
            type: 'text',
            text: { body: text },
          },
        ],
      },
    })
    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        { id: '1', changes: [change(`wamid.a${Date.now()}`, 'First of two')] },
        { id: '1', changes: [change(`wamid.b${Date.now()}`, 'Second of two')] },
      ],
    })
    expect((await postJson('/_local/raw', { body })).status).toBe(200)
    // WhatsApp timestamps are whole seconds, so messages of the same second have no order between them.
    expect((await messagesOn(ticket.ticket_id)).map((m) => m.body).sort()).toEqual([
      'First of two',
      'Second of two',
      `Twice? ${ticket.tracking_ref}`,
    ])
  })

  it('a customer’s own hand-off arriving is their message delivered, not a second copy', async () => {
    const phone = newNumber()
    const customer = await newCustomer('wa-handoff')
    const { data: ticket } = await customer.supabase
      .from('tickets')
      .insert({ created_by_user_id: customer.id, summary: 'Laptop fan is loud', contact_phone: phone })
      .select('id, tracking_ref, whatsapp_opt_in_at')
      .single()
      .throwOnError()
    // A typed number is a claim, not consent: that comes when the number writes to us.
    expect(ticket.whatsapp_opt_in_at).toBeNull()
    const text = `The fan is loud.\n\nRef: ${ticket.tracking_ref}`
    await customer.supabase
      .from('ticket_messages')
      .insert({
        ticket_id: ticket.id,
        direction: 'outbound',
        channel: 'whatsapp',
        to_from: '+27820000000',
        body: text,
        status: 'queued',
        created_by: customer.id,
        metadata: { tracking_ref: ticket.tracking_ref },
      })
      .throwOnError()
    const { wamid } = await inbound(phone, text)
    const messages = await messagesOn(ticket.id)
    expect(messages.map((m) => [m.direction, m.status, m.external_id])).toEqual([
      ['outbound', 'delivered', wamid],
    ])
    const [consent] = await sql<{ whatsapp_opt_in_at: Date | null }>(
      'select whatsapp_opt_in_at from tickets where id = $1',
      [ticket.id],
    )
    expect(consent?.whatsapp_opt_in_at).not.toBeNull()
    // Their number is where the helpdesk answers.
    const agent = await signInAs('agent')
    const { data: window } = await agent.supabase
      .rpc('ticket_whatsapp', { p_ticket: ticket.id })
      .single()
      .throwOnError()
    expect((window as { phone: string }).phone).toBe(phone)
  })

  it('a reference from a number the ticket does not know becomes an internal note only', async () => {
    const { ticket } = await clientTicket(newNumber())
    const stranger = newNumber()
    await inbound(stranger, `Let me in. Ref: ${ticket.tracking_ref}`)
    const rows = await sql<{ direction: string; body: string }>(
      'select direction, body from ticket_messages where ticket_id = $1',
      [ticket.ticket_id],
    )
    expect(rows).toEqual([
      {
        direction: 'internal',
        body: `Unverified WhatsApp from ${stranger}: Let me in. Ref: ${ticket.tracking_ref}`,
      },
    ])
  })
})

/** An agent's reply to a client who last wrote two days ago (the window is shut; consent given). */
async function replyOutsideWindow(body: string) {
  const phone = newNumber()
  const { agent, ticket } = await clientTicket(phone)
  await inbound(phone, `Hello. Ref: ${ticket.tracking_ref}`)
  await sql(
    "update whatsapp_contacts set last_inbound_at = now() - interval '2 days' where phone_e164 = $1",
    [phone],
  )
  const { data: messageId } = await agent.supabase
    .rpc('send_whatsapp_reply', { p_ticket: ticket.ticket_id, p_body: body })
    .throwOnError()
  return { phone, messageId: messageId as string }
}

describe('agents’ replies (W6–W10)', () => {
  it('inside the window: sent as text, then delivered and read; a late “delivered” does not undo “read” (W6)', async () => {
    const phone = newNumber()
    const { agent, ticket } = await clientTicket(phone)
    const asked = await inbound(phone, `Any news? Ref: ${ticket.tracking_ref}`)
    const reply = `We are sending a technician at 14:00. ${Date.now()}`
    const { data: messageId } = await agent.supabase
      .rpc('send_whatsapp_reply', { p_ticket: ticket.ticket_id, p_body: reply })
      .throwOnError()
    await expect
      .poll(async () => (await sentTo(phone)).map((s) => s.body.text?.body), { timeout: 10_000 })
      .toEqual([reply])
    const status = async () =>
      (await sql<{ status: string }>('select status from ticket_messages where id = $1', [messageId]))[0]
        ?.status
    await expect.poll(status, { timeout: 10_000 }).toBe('delivered')
    // Answering marks the client's message read (their blue ticks).
    const { sent } = (await (await graph('/_local/sent')).json()) as {
      sent: { body: Record<string, unknown> }[]
    }
    expect(sent.some((s) => s.body.status === 'read' && s.body.message_id === asked.wamid)).toBe(true)
    const [send] = await sentTo(phone)
    await postJson('/_local/status', { wamid: send?.wamid, status: 'read' })
    expect(await status()).toBe('read')
    await postJson('/_local/status', { wamid: send?.wamid, status: 'delivered' })
    expect(await status()).toBe('read')
  })

  it('outside the window: the template goes, the reply waits and follows when the client writes (W7)', async () => {
    const reply = `Your new router has arrived. ${Date.now()}`
    const { phone, messageId } = await replyOutsideWindow(reply)
    await expect
      .poll(async () => (await sentTo(phone)).map((s) => s.body.type), { timeout: 10_000 })
      .toEqual(['template'])
    expect((await sentTo(phone))[0]?.body.template?.name).toBe('ticket_update')
    const [waiting] = await sql<{ status: string; metadata: { awaiting_window?: boolean } }>(
      'select status, metadata from ticket_messages where id = $1',
      [messageId],
    )
    expect(waiting?.status).toBe('queued')
    expect(waiting?.metadata.awaiting_window).toBe(true)

    await inbound(phone, 'Hi, what is the update?')
    await expect
      .poll(async () => (await sentTo(phone)).map((s) => s.body.type).sort(), { timeout: 10_000 })
      .toEqual(['template', 'text'])
    await expect
      .poll(
        async () =>
          (await sql<{ status: string }>('select status from ticket_messages where id = $1', [messageId]))[0]
            ?.status,
        {
          timeout: 10_000,
        },
      )
      .not.toBe('queued')
  })

  it('a parked reply whose customer never writes back fails after 7 days', async () => {
    const { messageId } = await replyOutsideWindow('Still there?')
    const state = async () =>
      (
        await sql<{ state: string; next: string }>(
          'select state, next_attempt_at::text as next from private.notification_outbox where ticket_message_id = $1',
          [messageId],
        )
      )[0]
    await expect.poll(async () => (await state())?.next, { timeout: 10_000 }).toBe('infinity')
    await sql(
      "update private.notification_outbox set created_at = now() - interval '8 days' where ticket_message_id = $1",
      [messageId],
    )
    await expect.poll(async () => (await state())?.state, { timeout: 10_000 }).toBe('failed')
    const [message] = await sql<{ status: string; metadata: { error?: string } }>(
      'select status, metadata from ticket_messages where id = $1',
      [messageId],
    )
    expect(message?.status).toBe('failed')
    expect(message?.metadata.error).toMatch(/^window_never_opened/)
  })

  it('outside the window without consent: the reply fails and says why (W8)', async () => {
    const phone = newNumber()
    const { agent, ticket } = await clientTicket(phone)
    // The number proved itself two days ago, and the consent it gave was withdrawn since.
    await inbound(phone, `Hello. Ref: ${ticket.tracking_ref}`)
    await sql(
      "update whatsapp_contacts set last_inbound_at = now() - interval '2 days' where phone_e164 = $1",
      [phone],
    )
    await sql('update tickets set whatsapp_opt_in_at = null where id = $1', [ticket.ticket_id])
    const { data: messageId } = await agent.supabase
      .rpc('send_whatsapp_reply', { p_ticket: ticket.ticket_id, p_body: 'Are you there?' })
      .throwOnError()
    await expect
      .poll(
        async () =>
          (await sql<{ status: string }>('select status from ticket_messages where id = $1', [messageId]))[0]
            ?.status,
        {
          timeout: 10_000,
        },
      )
      .toBe('failed')
    const [failed] = await sql<{ metadata: { error?: string } }>(
      'select metadata from ticket_messages where id = $1',
      [messageId],
    )
    expect(failed?.metadata.error).toMatch(/^outside_window/)
    expect(await sentTo(phone)).toEqual([])
  })

  it('Graph API down, then rate-limited: retried, and sent once after recovery (W9)', async () => {
    const phone = newNumber()
    const { agent, ticket } = await clientTicket(phone)
    await inbound(phone, `Ref: ${ticket.tracking_ref} hello`)
    await postJson('/_local/config', { down: true }, 'PUT')
    const { data: messageId } = await agent.supabase
      .rpc('send_whatsapp_reply', { p_ticket: ticket.ticket_id, p_body: 'Retried reply' })
      .throwOnError()
    const lastError = async () =>
      (
        await sql<{ last_error: string | null }>(
          'select last_error from private.notification_outbox where ticket_message_id = $1',
          [messageId],
        )
      )[0]?.last_error ?? ''
    await expect.poll(lastError, { timeout: 10_000 }).toMatch(/^503/)
    // Back up, but the next send meets the pair rate limit (~1 message per 6 s per user).
    await postJson('/_local/config', { down: false, failNext: { http: 400, code: 131056, times: 1 } }, 'PUT')
    await expect.poll(lastError, { timeout: 10_000 }).toMatch(/131056/)
    await expect.poll(async () => (await sentTo(phone)).length, { timeout: 20_000 }).toBe(1)
    await new Promise((resolve) => setTimeout(resolve, 2500))
    expect((await sentTo(phone)).length).toBe(1)
  })

  it('an unknown wamid’s status is ignored; “failed” after “sent” fails the message and keeps the error (W10)', async () => {
    expect(
      (
        await postJson('/_local/status', {
          wamid: 'wamid.unknown',
          status: 'delivered',
          recipient: '27820000000',
        })
      ).status,
    ).toBe(200)
    const phone = newNumber()
    const { agent, ticket } = await clientTicket(phone)
    await inbound(phone, `Ref: ${ticket.tracking_ref}`)
    await postJson('/_local/config', { autoStatuses: false }, 'PUT')
    const { data: messageId } = await agent.supabase
      .rpc('send_whatsapp_reply', { p_ticket: ticket.ticket_id, p_body: 'This one will bounce' })
      .throwOnError()
    await expect.poll(async () => (await sentTo(phone)).length, { timeout: 10_000 }).toBe(1)
    const [send] = await sentTo(phone)
    await postJson('/_local/status', {
      wamid: send?.wamid,
      status: 'failed',
      errors: [{ code: 131026, title: 'Message undeliverable' }],
    })
    const [failed] = await sql<{ status: string; metadata: { error?: { code: number } } }>(
      'select status, metadata from ticket_messages where id = $1',
      [messageId],
    )
    expect(failed?.status).toBe('failed')
    expect(failed?.metadata.error?.code).toBe(131026)
  })
})

/** A customer's own portal ticket with a WhatsApp number typed on the form. */
async function portalTicket(
  customer: Awaited<ReturnType<typeof newCustomer>>,
  phone: string,
  summary = 'Printer offline',
) {
  const { data } = await customer.supabase
    .from('tickets')
    .insert({ created_by_user_id: customer.id, summary, contact_phone: phone })
    .select('id, tracking_ref, whatsapp_opt_in_at')
    .single()
    .throwOnError()
  return data
}

/** The ticket's last activity, moved back (the database never moves it back by itself). */
const idleFor = (ticketId: string, hours: number) =>
  withPg(async (db) => {
    await db.query("set session_replication_role = 'replica'")
    await db.query(`update tickets set last_activity_at = now() - make_interval(hours => $2) where id = $1`, [
      ticketId,
      hours,
    ])
  })

/** The tickets the number opened or wrote on, newest first. */
const ticketsOf = (phone: string) =>
  sql<{
    id: string
    channel: string
    summary: string
    requester_name: string | null
    created_by_user_id: string | null
    whatsapp_contact_id: string | null
  }>(
    `select t.id, t.channel, t.summary, t.requester_name, t.created_by_user_id, t.whatsapp_contact_id
     from tickets t
     where t.id in (select ticket_id from ticket_messages where channel = 'whatsapp' and to_from = $1)
        or t.whatsapp_contact_id = (select id from whatsapp_contacts where phone_e164 = $1)
        or t.id in (select ticket_id from private.inbound_events where provider = 'whatsapp' and detail ->> 'from' = $1)
     order by t.created_at desc`,
    [phone],
  )

describe('a number belongs to whoever proves it (issue 43, part C)', () => {
  it('a number one customer types on their ticket is not another’s: no consent, no routing, no replies', async () => {
    const a = await newCustomer('wa-a')
    const b = await newCustomer('wa-b')
    const bPhone = newNumber()
    // A puts B's number on A's ticket.
    const aTicket = await portalTicket(a, bPhone, 'Laptop will not charge')
    expect(aTicket.whatsapp_opt_in_at).toBeNull()

    // B writes, about something else: it does not land on A's ticket (A would read it there).
    await inbound(bPhone, 'Hi, my screen is cracked')
    expect(await messagesOn(aTicket.id)).toEqual([])
    const { data: seenByA } = await a.supabase.from('ticket_messages').select('body').throwOnError()
    expect(JSON.stringify(seenByA)).not.toContain('screen is cracked')

    // B's window is open now, yet an agent's WhatsApp reply on A's ticket cannot go to B's phone.
    const agent = await signInAs('agent')
    const { data: number } = await agent.supabase
      .rpc('ticket_whatsapp', { p_ticket: aTicket.id })
      .maybeSingle()
      .throwOnError()
    expect(number).toBeNull()
    const refused = await agent.supabase.rpc('send_whatsapp_reply', {
      p_ticket: aTicket.id,
      p_body: 'Your laptop is ready',
    })
    expect(refused.error?.code).toBe('22023')
    const [outbox] = await sql<{ count: number }>(
      "select count(*)::int as count from private.notification_outbox where channel = 'whatsapp' and ticket_id = $1",
      [aTicket.id],
    )
    expect(outbox?.count).toBe(0)

    // B proves the number on B's own ticket: B's message, B's consent.
    const bTicket = await portalTicket(b, bPhone, 'Screen cracked')
    await inbound(bPhone, `It is the left corner. Ref: ${bTicket.tracking_ref}`)
    expect((await messagesOn(bTicket.id)).map((m) => [m.direction, m.body])).toEqual([
      ['inbound', `It is the left corner. Ref: ${bTicket.tracking_ref}`],
    ])
    const [bRow] = await sql<{ whatsapp_opt_in_at: Date | null }>(
      'select whatsapp_opt_in_at from tickets where id = $1',
      [bTicket.id],
    )
    expect(bRow?.whatsapp_opt_in_at).not.toBeNull()
    const { data: bNumber } = await agent.supabase
      .rpc('ticket_whatsapp', { p_ticket: bTicket.id })
      .single()
      .throwOnError()
    expect((bNumber as { phone: string }).phone).toBe(bPhone)
    // ... and B's next message without a reference follows it there.
    await inbound(bPhone, 'Any news?')
    expect((await messagesOn(bTicket.id)).map((m) => m.body)).toContain('Any news?')

    // B quoting A's reference does not make B's words A's reading: a staff-only note.
    await inbound(bPhone, `What is ${aTicket.tracking_ref}? Ref: ${aTicket.tracking_ref}`)
    expect((await messagesOn(aTicket.id)).map((m) => m.direction)).toEqual(['internal'])
    const { data: aReads } = await a.supabase
      .from('ticket_messages')
      .select('body')
      .eq('ticket_id', aTicket.id)
      .throwOnError()
    expect(aReads).toEqual([])
    const [aRow] = await sql<{ whatsapp_opt_in_at: Date | null }>(
      'select whatsapp_opt_in_at from tickets where id = $1',
      [aTicket.id],
    )
    expect(aRow?.whatsapp_opt_in_at).toBeNull()
    expect(
      (await agent.supabase.rpc('send_whatsapp_reply', { p_ticket: aTicket.id, p_body: 'Hi' })).error?.code,
    ).toBe('22023')
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect((await sentTo(bPhone)).filter((s) => s.body.type !== undefined)).toEqual([])
  })

  it('a number nobody knows opens a ticket in the queue, and no auto-reply goes', async () => {
    const stranger = newNumber()
    const text = `Hello, my printer is broken and shows error E-04 on the little screen every time ${Date.now()}`
    const { statuses } = await inbound(stranger, text, { name: 'Sipho' })
    expect(statuses).toEqual([200])
    const [ticket] = await ticketsOf(stranger)
    expect(ticket).toMatchObject({
      channel: 'whatsapp',
      summary: text.slice(0, 80),
      requester_name: 'Sipho',
      created_by_user_id: null,
      whatsapp_contact_id: expect.any(String),
    })
    const agent = await signInAs('agent')
    // In the queue, unassigned, new, under the sender's WhatsApp name.
    const { data: queue } = await agent.supabase
      .rpc('helpdesk_queue', { p_channel: 'whatsapp', p_search: text.slice(0, 40) })
      .throwOnError()
    expect(queue.map((row) => [row.id, row.status, row.requester_name, row.assigned_to])).toEqual([
      [ticket?.id, 'new', 'Sipho', null],
    ])
    // The agent can answer it on WhatsApp: the number is the ticket's own.
    const { data: number } = await agent.supabase
      .rpc('ticket_whatsapp', { p_ticket: ticket?.id as string })
      .single()
      .throwOnError()
    expect((number as { phone: string }).phone).toBe(stranger)
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(await sentTo(stranger)).toEqual([])
  })

  it('a known number without a reference: its recent ticket within 24 hours, a new ticket after', async () => {
    const customer = await newCustomer('wa-known')
    const phone = newNumber()
    const own = await portalTicket(customer, phone, 'Projector will not switch on')
    await inbound(phone, `Ref: ${own.tracking_ref} it shows a red light`)
    await inbound(phone, 'Now it beeps too')
    expect((await messagesOn(own.id)).map((m) => m.body)).toContain('Now it beeps too')

    await idleFor(own.id, 25)
    await inbound(phone, 'Different thing: the Wi-Fi password')
    expect((await messagesOn(own.id)).map((m) => m.body)).not.toContain('Different thing: the Wi-Fi password')
    const [fresh] = await sql<{ id: string; created_by_user_id: string; channel: string; summary: string }>(
      "select id, created_by_user_id, channel, summary from tickets where created_by_user_id = $1 and channel = 'whatsapp'",
      [customer.id],
    )
    // The number is proven for the customer, so the new ticket is theirs (they read it in the portal).
    expect(fresh).toMatchObject({
      created_by_user_id: customer.id,
      summary: 'Different thing: the Wi-Fi password',
    })
    const { data: mine } = await customer.supabase
      .from('tickets')
      .select('id')
      .eq('id', fresh?.id as string)
      .throwOnError()
    expect(mine).toHaveLength(1)

    // An unknown number's own ticket follows the same rule.
    const stranger = newNumber()
    await inbound(stranger, 'First question')
    await inbound(stranger, 'Second line of it')
    const tickets = await ticketsOf(stranger)
    expect(tickets).toHaveLength(1)
    expect((await messagesOn(tickets[0]?.id as string)).map((m) => m.body)).toEqual(['Second line of it'])
    await idleFor(tickets[0]?.id as string, 25)
    await inbound(stranger, 'A new problem')
    expect(await ticketsOf(stranger)).toHaveLength(2)
  })

  it('staff move a message to a new ticket; a customer cannot', async () => {
    const customer = await newCustomer('wa-split')
    const phone = newNumber()
    const own = await portalTicket(customer, phone, 'Email will not sync')
    await inbound(phone, `Ref: ${own.tracking_ref} still not syncing`)
    await inbound(phone, 'Also the printer jammed')
    const [jam] = await sql<{ id: string }>(
      "select id from ticket_messages where ticket_id = $1 and body = 'Also the printer jammed'",
      [own.id],
    )
    const refused = await customer.supabase.rpc('split_whatsapp_message', { p_message: jam?.id as string })
    expect(refused.error?.code).toBe('42501')

    const agent = await signInAs('agent')
    const { data: split } = await agent.supabase
      .rpc('split_whatsapp_message', { p_message: jam?.id as string })
      .single()
      .throwOnError()
    const created = split as { ticket_id: string; tracking_ref: string }
    const [moved] = await sql<{ ticket_id: string; direction: string }>(
      'select ticket_id, direction from ticket_messages where id = $1',
      [jam?.id],
    )
    expect(moved).toEqual({ ticket_id: created.ticket_id, direction: 'inbound' })
    const [ticket] = await sql<{ created_by_user_id: string; summary: string; channel: string }>(
      'select created_by_user_id, summary, channel from tickets where id = $1',
      [created.ticket_id],
    )
    expect(ticket).toEqual({
      created_by_user_id: customer.id,
      summary: 'Also the printer jammed',
      channel: 'whatsapp',
    })
    const events = await sql<{ ticket_id: string; field: string; from_value: string; to_value: string }>(
      "select ticket_id, field, from_value, to_value from ticket_events where field = 'split' and ticket_id in ($1, $2) order by ticket_id",
      [own.id, created.ticket_id],
    )
    expect(events).toHaveLength(2)
    for (const event of events) {
      expect(event).toMatchObject({ from_value: own.tracking_ref, to_value: created.tracking_ref })
    }
    // The number stays proven on the new ticket: replies there go to it.
    const { data: number } = await agent.supabase
      .rpc('ticket_whatsapp', { p_ticket: created.ticket_id })
      .single()
      .throwOnError()
    expect((number as { phone: string }).phone).toBe(phone)

    // A stranger's unverified note becomes the stranger's own ticket, not the customer's.
    const stranger = newNumber()
    await inbound(stranger, `Hello? Ref: ${own.tracking_ref}`)
    const [note] = await sql<{ id: string }>(
      "select id from ticket_messages where ticket_id = $1 and direction = 'internal'",
      [own.id],
    )
    const { data: theirs } = await agent.supabase
      .rpc('split_whatsapp_message', { p_message: note?.id as string })
      .single()
      .throwOnError()
    const [strangerTicket] = await sql<{
      created_by_user_id: string | null
      whatsapp_contact_id: string | null
    }>('select created_by_user_id, whatsapp_contact_id from tickets where id = $1', [
      (theirs as { ticket_id: string }).ticket_id,
    ])
    expect(strangerTicket?.created_by_user_id).toBeNull()
    expect(strangerTicket?.whatsapp_contact_id).not.toBeNull()
    expect(
      (await messagesOn((theirs as { ticket_id: string }).ticket_id)).map((m) => [m.direction, m.body]),
    ).toEqual([['inbound', `Hello? Ref: ${own.tracking_ref}`]])
  })

  it('forged senders with hostile bodies: never a 5xx, never a message in a person’s name (fuzz)', async () => {
    // A customer whose number is proven, with an agent's reply sent to it (its wamid is a reply
    // context a forger might quote), and one whose typed number never wrote.
    const victim = await newCustomer('wa-victim')
    const victimPhone = newNumber()
    const proven = await portalTicket(victim, victimPhone, 'Server room too hot')
    await inbound(victimPhone, `Ref: ${proven.tracking_ref} it is 35 degrees`)
    const agent = await signInAs('agent')
    await agent.supabase
      .rpc('send_whatsapp_reply', { p_ticket: proven.id, p_body: 'We are on our way.' })
      .throwOnError()
    await expect.poll(async () => (await sentTo(victimPhone)).length, { timeout: 10_000 }).toBe(1)
    const ourWamid = (await sentTo(victimPhone))[0]?.wamid as string
    const typedPhone = newNumber()
    const claimed = await portalTicket(victim, typedPhone, 'Phone line crackles')
    const before = await sql<{ id: string }>('select id from ticket_messages where ticket_id in ($1, $2)', [
      proven.id,
      claimed.id,
    ])

    // A fixed-seed generator, so a failure is reproducible.
    let seed = 20261128
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return seed
    }
    const pick = <T>(items: readonly T[]): T => items[next() % items.length] as T
    const hostile = [
      '',
      ' ',
      'STOP',
      '\u0000\ud800 half a surrogate',
      'é😀'.repeat(1500),
      'x'.repeat(5000),
      '<script>alert(1)</script>',
      "'; drop table tickets; --",
      `Verify ${proven.tracking_ref}`,
      '\n\n\t   Ref:\n',
    ]
    const refs = [
      `Ref: ${proven.tracking_ref}`,
      `Ref: ${claimed.tracking_ref}`,
      proven.tracking_ref.toLowerCase(),
      `ref:${claimed.tracking_ref}`,
      'Ref: TCK-ZZZZZZ',
      '',
    ]
    const forgers = Array.from({ length: 6 }, () => newNumber())
    const answers: number[] = []
    for (let i = 0; i < 60; i++) {
      const from = pick(forgers)
      const text = `${pick(hostile)} ${pick(refs)} ${pick(hostile)}`.slice(0, 9000)
      const context = next() % 3 === 0 ? { context: ourWamid } : {}
      const { statuses } = await inbound(from, text, {
        name: pick(['Victim', 'Siyakha Support', '']),
        ...context,
      })
      answers.push(...statuses)
    }
    expect(answers.filter((status) => status >= 500)).toEqual([])
    expect(new Set(answers)).toEqual(new Set([200]))

    // Nothing a forger sent is on the victim's tickets as theirs, nor proves a forger's number.
    const added = await sql<{ direction: string; created_by: string | null; to_from: string }>(
      'select direction, created_by, to_from from ticket_messages where ticket_id in ($1, $2) and not (id = any($3))',
      [proven.id, claimed.id, before.map((row) => row.id)],
    )
    expect(added.length).toBeGreaterThan(0)
    expect(added.filter((m) => m.direction !== 'internal' || m.created_by !== null)).toEqual([])
    const inNames = await sql<{ count: number }>(
      "select count(*)::int as count from ticket_messages where channel = 'whatsapp' and to_from = any($1) and created_by is not null",
      [forgers],
    )
    expect(inNames[0]?.count).toBe(0)
    const provenForgers = await sql<{ count: number }>(
      'select count(*)::int as count from whatsapp_verified_numbers where phone_e164 = any($1)',
      [forgers],
    )
    expect(provenForgers[0]?.count).toBe(0)
    const [claimedRow] = await sql<{ whatsapp_opt_in_at: Date | null }>(
      'select whatsapp_opt_in_at from tickets where id = $1',
      [claimed.id],
    )
    expect(claimedRow?.whatsapp_opt_in_at).toBeNull()
    // The victim's own replies still go to the victim only.
    const { data: number } = await agent.supabase
      .rpc('ticket_whatsapp', { p_ticket: proven.id })
      .single()
      .throwOnError()
    expect((number as { phone: string }).phone).toBe(victimPhone)
  })

  it('the portal’s one-time code with the Ref proves a number nobody typed; wrong codes are limited', async () => {
    const customer = await newCustomer('wa-code')
    const { data: ticket } = await customer.supabase
      .from('tickets')
      .insert({ created_by_user_id: customer.id, summary: 'Scanner will not scan to email' })
      .select('id, tracking_ref')
      .single()
      .throwOnError()
    const { data: code } = await customer.supabase
      .rpc('whatsapp_verification_code', { p_ticket: ticket.id })
      .throwOnError()
    expect(code).toMatch(/^\d{6}$/)
    // Only the requester is shown it.
    const other = await newCustomer('wa-code-other')
    const agent = await signInAs('agent')
    for (const reader of [other, agent]) {
      const { data } = await reader.supabase
        .rpc('whatsapp_verification_code', { p_ticket: ticket.id })
        .throwOnError()
      expect(data).toBeNull()
    }
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')

    // The Ref alone, or with a wrong code, proves nothing.
    const phone = newNumber()
    await inbound(phone, `Ref: ${ticket.tracking_ref}`)
    await inbound(phone, `Ref: ${ticket.tracking_ref} Verify ${wrong}`)
    expect((await messagesOn(ticket.id)).map((m) => m.direction)).toEqual(['internal', 'internal'])
    // The code the customer was shown does, and consent comes with it.
    await inbound(phone, `Ref: ${ticket.tracking_ref} Verify ${code}`)
    // (WhatsApp times are whole seconds: the message may sort before the notes of the same second.)
    expect(
      (await messagesOn(ticket.id))
        .map((m) => `${m.direction}: ${m.body}`)
        .filter((m) => m.startsWith('inbound')),
    ).toEqual([`inbound: Ref: ${ticket.tracking_ref} Verify ${code}`])
    const [proof] = await sql<{ user_id: string; via: string }>(
      'select user_id, via from whatsapp_verified_numbers where phone_e164 = $1',
      [phone],
    )
    expect(proof).toEqual({ user_id: customer.id, via: 'code' })
    const [row] = await sql<{ whatsapp_opt_in_at: Date | null }>(
      'select whatsapp_opt_in_at from tickets where id = $1',
      [ticket.id],
    )
    expect(row?.whatsapp_opt_in_at).not.toBeNull()

    // Five wrong codes from a number, and it is not listened to for codes for a day.
    const guesser = newNumber()
    for (let i = 1; i <= 5; i++) {
      const guess = String((Number(code) + i) % 1_000_000).padStart(6, '0')
      await inbound(guesser, `Ref: ${ticket.tracking_ref} Verify ${guess}`)
    }
    await inbound(guesser, `Ref: ${ticket.tracking_ref} Verify ${code}`)
    const [guessed] = await sql<{ count: number }>(
      'select count(*)::int as count from whatsapp_verified_numbers where phone_e164 = $1',
      [guesser],
    )
    expect(guessed?.count).toBe(0)
  })

  it('/log-it: agents reply to the WhatsApp number the client gave, never the contact number', async () => {
    const landline = newNumber()
    const whatsapp = newNumber()
    const request = supportRequest({ contact_number: landline, whatsapp_number: whatsapp })
    const { status, body } = await callFunction('log-support-call', { body: request })
    expect(status).toBe(200)
    // The acknowledgement says how the number proves itself.
    const [ack] = await mailsTo(request.email as string, String(body.reference), 10_000)
    expect(ack?.Text).toContain(`send us a message from ${whatsapp} that includes "Ref: ${body.reference}"`)
    const [ticket] = await sql<{ id: string; tracking_ref: string }>(
      'select id, tracking_ref from tickets where tracking_ref = $1',
      [body.reference],
    )
    const agent = await signInAs('agent')
    // The contact number writing with the reference proves nothing about WhatsApp.
    await inbound(landline, `Calling about ${ticket?.tracking_ref}`)
    expect((await messagesOn(ticket?.id as string)).map((m) => m.direction)).toEqual(['internal'])
    const { data: none } = await agent.supabase
      .rpc('ticket_whatsapp', { p_ticket: ticket?.id as string })
      .maybeSingle()
      .throwOnError()
    expect(none).toBeNull()
    // The WhatsApp number the client gave does, once it writes.
    await inbound(whatsapp, `Ref: ${ticket?.tracking_ref} here is my WhatsApp`)
    const { data: number } = await agent.supabase
      .rpc('ticket_whatsapp', { p_ticket: ticket?.id as string })
      .single()
      .throwOnError()
    expect((number as { phone: string }).phone).toBe(whatsapp)
  })
})
