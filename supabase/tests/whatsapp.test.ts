// WhatsApp Cloud API both ways (issue 12, part 7; messaging-contract.md §5–§7, checks W1–W10), end
// to end on the local stack: the Graph API stand-in plays Meta (it records sends and posts signed
// webhook events), whatsapp-webhook stores what comes in, the outbox worker sends agents' replies.
import { afterEach, describe, expect, it } from 'vitest'
import { newCustomer, signInAs, sql, urls } from './helpers'

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
    // Giving the number on the form is consent to WhatsApp about the ticket.
    expect(ticket.whatsapp_opt_in_at).not.toBeNull()
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

  it('without a reference, a message lands on the latest open ticket of its number or of the account with it', async () => {
    const landsOn = async (ticketId: string, text: string) =>
      expect
        .poll(async () => (await messagesOn(ticketId)).map((m) => `${m.direction}: ${m.body}`), {
          timeout: 10_000,
        })
        .toContain(`inbound: ${text}`)

    // The number the customer gave on the portal's create form.
    const customer = await newCustomer('wa-number')
    const phone = newNumber()
    const { data: given } = await customer.supabase
      .from('tickets')
      .insert({ created_by_user_id: customer.id, summary: 'Router keeps rebooting', contact_phone: phone })
      .select('id')
      .single()
      .throwOnError()
    await inbound(phone, 'Still rebooting every hour')
    await landsOn(given.id, 'Still rebooting every hour')

    // The number on a customer's account (auth keeps it as E.164 digits), on a ticket without one.
    const holder = await newCustomer('wa-account')
    const accountPhone = newNumber()
    await sql('update auth.users set phone = $2 where id = $1', [holder.id, accountPhone.slice(1)])
    const { data: own } = await holder.supabase
      .from('tickets')
      .insert({ created_by_user_id: holder.id, summary: 'Projector will not switch on' })
      .select('id')
      .single()
      .throwOnError()
    await inbound(accountPhone, 'It shows a red light now')
    await landsOn(own.id, 'It shows a red light now')
  })

  it('a number nobody knows gets one answer asking for the reference', async () => {
    const stranger = newNumber()
    await inbound(stranger, 'Hello, my printer is broken')
    await expect
      .poll(async () => (await sentTo(stranger)).map((s) => s.body.type), { timeout: 10_000 })
      .toEqual(['text'])
    expect((await sentTo(stranger))[0]?.body.text?.body).toContain('Ref: TCK-XXXXXX')
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
