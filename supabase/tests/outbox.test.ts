// Email notifications through the outbox (issue 12; messaging-contract.md §1-§2), end to end on the
// local stack: the database writes the rows in the change's transaction, the stack's driver runs
// the outbox-worker function, the worker sends through SMTP to the mailbox. OUTBOX_RETRY_BASE_SECONDS
// is 1 here (global-setup.ts).
import { afterEach, describe, expect, it } from 'vitest'
import { callFunction, mailCount, mailsTo, newUser, urls } from './functions-helpers'
import { DEMO, signInAs, sql, versionOf, withPg } from './helpers'

const AGENT_EMAIL = DEMO.agent.email
const ADMIN_EMAIL = DEMO.providerAdmin.email

async function headers(mailId: string): Promise<Record<string, string[]>> {
  return (await fetch(`${urls.mailbox}/api/v1/message/${mailId}/headers`)).json()
}

async function smtpMode(mode: 'ok' | 'tempfail' | 'reject') {
  const answer = await fetch(`${urls.mailbox}/api/v1/_local/smtp`, {
    method: 'PUT',
    body: JSON.stringify({ mode }),
  })
  expect(answer.status).toBe(200)
}

async function outboxRows(ticketId: string) {
  return sql<{
    id: string
    event: string
    recipient: string
    state: string
    last_error: string | null
    attempts: number
  }>(
    'select id, event, recipient, state, last_error, attempts from private.notification_outbox where ticket_id = $1 order by id',
    [ticketId],
  )
}

/** The outbox row of a message's mail: its id, state, attempts and last error. */
async function rowOf(messageId: string) {
  const [row] = await sql<{ id: string; state: string; attempts: number; last_error: string | null }>(
    'select id, state, attempts, last_error from private.notification_outbox where ticket_message_id = $1',
    [messageId],
  )
  return row
}

const header = (all: Record<string, string[]>, name: string) =>
  Object.entries(all).find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1]?.[0]

/** A customer's new ticket, created through the API as the portal does. */
async function customerTicket(summary: string) {
  const customer = await newUser('outbox')
  const { data } = await customer.supabase
    .from('tickets')
    .insert({ created_by_user_id: customer.id, summary, details: 'The label printer prints blank labels.' })
    .select('id, tracking_ref')
    .single()
    .throwOnError()
  return { customer, ticket: data }
}

afterEach(async () => {
  await smtpMode('ok')
})

describe('notifications', () => {
  it('a new ticket: the requester gets its reference as the thread’s first mail, the staff an alert', async () => {
    const summary = `Label printer prints blank labels ${Date.now()}`
    const { customer, ticket } = await customerTicket(summary)
    const ref = ticket.tracking_ref
    const [ack] = await mailsTo(customer.email, `[${ref}]`, 10_000)
    expect(ack?.Subject).toBe(`[${ref}] ${summary}`)
    expect(ack?.Text).toContain(`-- Reply above this line to add to ${ref} --`)
    expect(ack?.Text).toContain(`Its reference is ${ref}`)
    expect(ack?.Text).toContain(`/portal/tickets/${ticket.id}`)
    const ackHeaders = await headers(ack?.ID as string)
    expect(header(ackHeaders, 'Message-ID')).toBe(`<ticket.${ref.toLowerCase()}@siyakha.example>`)
    expect(header(ackHeaders, 'Reply-To')).toMatch(
      // The requester's own: the ticket, a recipient part, and a signature over both.
      new RegExp(
        `^Siyakha Support <reply\\+${ref.toLowerCase()}\\.[a-z2-7]{8}\\.[a-z2-7]{10}@reply\\.siyakha\\.example>$`,
      ),
    )
    expect(header(ackHeaders, 'Auto-Submitted')).toBe('auto-generated')
    expect(header(ackHeaders, 'Content-Type')).toMatch(/^multipart\/alternative/)
    // Unassigned: every agent and provider admin hears of it, with a link to the helpdesk.
    for (const staff of [AGENT_EMAIL, ADMIN_EMAIL]) {
      const [alert] = await mailsTo(staff, `[${ref}]`, 10_000)
      expect(alert?.Text).toContain(`New ticket ${ref}`)
      expect(alert?.Text).toContain(`/portal/helpdesk/${ticket.id}`)
    }
  })

  it('a public staff reply reaches the requester in the ticket’s thread; an internal note reaches nobody', async () => {
    const { customer, ticket } = await customerTicket(`VPN drops hourly ${Date.now()}`)
    const ref = ticket.tracking_ref
    await mailsTo(customer.email, `[${ref}]`, 10_000)
    const agent = await signInAs('agent')
    const note = `Internal: check the firewall ${Date.now()}`
    const reply = `Please restart the VPN client and tell us if it drops again. ${Date.now()}`
    const { data: noted } = await agent.supabase
      .from('ticket_messages')
      .insert({ ticket_id: ticket.id, direction: 'internal', channel: 'portal', body: note, status: 'sent' })
      .select('id')
      .single()
      .throwOnError()
    await agent.supabase
      .from('ticket_messages')
      .insert({ ticket_id: ticket.id, direction: 'outbound', channel: 'portal', body: reply, status: 'sent' })
      .throwOnError()
    const [mail] = await mailsTo(customer.email, `Re: [${ref}]`, 10_000)
    expect(mail?.Text).toContain('Sipho Dlamini replied to your ticket')
    expect(mail?.Text).toContain(reply)
    const all = await headers(mail?.ID as string)
    expect(header(all, 'From')).toBe('Sipho Dlamini via Siyakha Support <support@siyakha.example>')
    expect(header(all, 'References')).toBe(`<ticket.${ref.toLowerCase()}@siyakha.example>`)
    expect(header(all, 'In-Reply-To')).toBe(`<ticket.${ref.toLowerCase()}@siyakha.example>`)
    expect(header(all, 'Message-ID')).toMatch(
      new RegExp(`^<reply\\.\\d+\\.${ref.toLowerCase()}@siyakha\\.example>$`),
    )
    // A person's reply is not an automatic message.
    expect(header(all, 'Auto-Submitted')).toBeUndefined()
    const everything = await mailsTo(customer.email, ref, 0)
    expect(everything.some((m) => m.Text.includes(note))).toBe(false)
    const forNote = await sql('select 1 from private.notification_outbox where ticket_message_id = $1', [
      noted.id,
    ])
    expect(forNote).toEqual([])
  })

  it('a customer reply alerts the assignee only; resolving tells the customer, their own confirmation does not', async () => {
    const { customer, ticket } = await customerTicket(`Scanner offline ${Date.now()}`)
    const ref = ticket.tracking_ref
    const agent = await signInAs('agent')
    await agent.supabase
      .from('tickets')
      .update({ assigned_to: DEMO.agent.id, expected_version: await versionOf(ticket.id) })
      .eq('id', ticket.id)
      .throwOnError()
    const words = `Still offline after the restart ${Date.now()}`
    await customer.supabase
      .from('ticket_messages')
      .insert({ ticket_id: ticket.id, direction: 'inbound', channel: 'portal', body: words })
      .throwOnError()
    const mentions = async (to: string, text: string) =>
      (await mailsTo(to, `[${ref}]`, 0)).some((m) => m.Text.includes(text))
    await expect.poll(() => mentions(AGENT_EMAIL, words), { timeout: 10_000 }).toBe(true)
    expect(await mentions(ADMIN_EMAIL, words)).toBe(false)

    await agent.supabase
      .from('tickets')
      .update({ status: 'resolved', expected_version: await versionOf(ticket.id) })
      .eq('id', ticket.id)
      .throwOnError()
    await expect
      .poll(() => mentions(customer.email, `We think ${ref} is resolved.`), { timeout: 10_000 })
      .toBe(true)
    await customer.supabase
      .from('tickets')
      .update({ status: 'closed', close_reason: 'confirmed' })
      .eq('id', ticket.id)
      .throwOnError()
    await new Promise((resolve) => setTimeout(resolve, 2500))
    expect((await outboxRows(ticket.id)).map((r) => r.event)).not.toContain('status_closed')
  })

  it('SMTP down, then up: the reply is retried and arrives exactly once', async () => {
    const { customer, ticket } = await customerTicket(`Mail server test ${Date.now()}`)
    const ref = ticket.tracking_ref
    await mailsTo(customer.email, `[${ref}]`, 10_000)
    await smtpMode('tempfail')
    const agent = await signInAs('agent')
    const reply = `Sent while the mail server was down ${Date.now()}`
    const { data: message } = await agent.supabase
      .from('ticket_messages')
      .insert({ ticket_id: ticket.id, direction: 'outbound', channel: 'portal', body: reply, status: 'sent' })
      .select('id')
      .single()
      .throwOnError()
    await expect
      .poll(
        async () =>
          (await outboxRows(ticket.id)).find(
            (r) => r.event === 'staff_reply' && (r.last_error ?? '').includes('451'),
          ),
        { timeout: 10_000 },
      )
      .toBeTruthy()
    expect(await mailCount(customer.email, `Re: [${ref}]`)).toBe(0)
    expect((await rowOf(message.id))?.state).toBe('pending')

    await smtpMode('ok')
    await expect.poll(() => mailCount(customer.email, `Re: [${ref}]`), { timeout: 15_000 }).toBe(1)
    const sent = await rowOf(message.id)
    expect(sent?.state).toBe('sent')
    expect(sent?.attempts).toBeGreaterThan(1)
    // Later runs find nothing left to send: still one mail.
    await new Promise((resolve) => setTimeout(resolve, 2500))
    expect(await mailCount(customer.email, `Re: [${ref}]`)).toBe(1)
  })

  it('a permanent refusal is a dead letter until released, then sent once', async () => {
    const { customer, ticket } = await customerTicket(`Rejected mail test ${Date.now()}`)
    const ref = ticket.tracking_ref
    await mailsTo(customer.email, `[${ref}]`, 10_000)
    await smtpMode('reject')
    const agent = await signInAs('agent')
    const { data: message } = await agent.supabase
      .from('ticket_messages')
      .insert({
        ticket_id: ticket.id,
        direction: 'outbound',
        channel: 'portal',
        body: 'Try now.',
        status: 'sent',
      })
      .select('id')
      .single()
      .throwOnError()
    const row = () => rowOf(message.id)
    await expect.poll(async () => (await row())?.state, { timeout: 10_000 }).toBe('failed')
    expect((await row())?.last_error).toContain('550')
    await smtpMode('ok')
    await new Promise((resolve) => setTimeout(resolve, 2500))
    expect(await mailCount(customer.email, `Re: [${ref}]`)).toBe(0)

    const released = await sql<{ n: number }>('select public.outbox_release(array[$1::bigint]) as n', [
      (await row())?.id,
    ])
    expect(released[0]?.n).toBe(1)
    await expect.poll(() => mailCount(customer.email, `Re: [${ref}]`), { timeout: 10_000 }).toBe(1)
  })

  it('an opted-out category is cancelled, not sent', async () => {
    const { customer, ticket } = await customerTicket(`Opt-out test ${Date.now()}`)
    const ref = ticket.tracking_ref
    await mailsTo(customer.email, `[${ref}]`, 10_000)
    await customer.supabase
      .from('notification_preferences')
      .insert({ category: 'replies', enabled: false })
      .throwOnError()
    const agent = await signInAs('agent')
    const { data: message } = await agent.supabase
      .from('ticket_messages')
      .insert({
        ticket_id: ticket.id,
        direction: 'outbound',
        channel: 'portal',
        body: 'Quiet, please.',
        status: 'sent',
      })
      .select('id')
      .single()
      .throwOnError()
    await expect.poll(async () => (await rowOf(message.id))?.state, { timeout: 10_000 }).toBe('cancelled')
    expect(await mailCount(customer.email, `Re: [${ref}]`)).toBe(0)
  })
})

describe('one-click unsubscribe', () => {
  it('the List-Unsubscribe link turns that category off with a POST; a GET or a forged link changes nothing', async () => {
    const { customer, ticket } = await customerTicket(`Unsubscribe test ${Date.now()}`)
    const ref = ticket.tracking_ref
    const agent = await signInAs('agent')
    const reply = (body: string) =>
      agent.supabase
        .from('ticket_messages')
        .insert({ ticket_id: ticket.id, direction: 'outbound', channel: 'portal', body, status: 'sent' })
        .select('id')
        .single()
        .throwOnError()
    await reply('First answer.')
    const [mail] = await mailsTo(customer.email, `Re: [${ref}]`, 10_000)
    const all = await headers(mail?.ID as string)
    expect(header(all, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click')
    const link = /^<(.+)>$/.exec(header(all, 'List-Unsubscribe') ?? '')?.[1] as string
    expect(link).toMatch(/\/functions\/v1\/email-unsubscribe\?t=[\w-]+\.[\w-]+$/)

    const preference = async () =>
      (
        await sql<{ enabled: boolean }>(
          `select enabled from public.notification_preferences where user_id = $1 and category = 'replies'`,
          [customer.id],
        )
      )[0]?.enabled
    const get = await fetch(link, { redirect: 'manual' })
    expect(get.status).toBe(303)
    expect(get.headers.get('location')).toBe('http://localhost:3001/portal/notifications')
    expect(await preference()).toBeUndefined()
    const forged = await fetch(link.replace(/\.[\w-]+$/, '.AAAA'), {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
    })
    expect(forged.status).toBe(400)
    expect(await preference()).toBeUndefined()

    const post = await fetch(link, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    })
    expect(post.status).toBe(200)
    expect(await preference()).toBe(false)
    const { data: second } = await reply('Second answer.')
    await expect.poll(async () => (await rowOf(second.id))?.state, { timeout: 10_000 }).toBe('cancelled')
    expect(await mailCount(customer.email, `Re: [${ref}]`)).toBe(1)
  })
})

describe('outbox-worker and the outbox calls', () => {
  it('refuses a caller without the worker secret', async () => {
    const none = await callFunction('outbox-worker', { body: {} })
    expect(none.status).toBe(401)
    const wrong = await callFunction('outbox-worker', { body: {}, headers: { 'X-Worker-Secret': 'guess' } })
    expect(wrong.status).toBe(401)
  })

  it('a claim leases the oldest due row of each thread; younger rows wait behind an unfinished one', async () => {
    // Rows written and claimed in one transaction, rolled back: the stack's own worker never sees them.
    const run = `claim-${Date.now()}`
    const claimed = await withPg(async (db) => {
      await db.query('begin')
      try {
        const row = (thread: string, name: string, state: string, next: string, lockedUntil: string | null) =>
          db.query(
            `insert into private.notification_outbox (idempotency_key, channel, event, recipient, ordering_key, state, next_attempt_at, locked_until)
             values ($1, 'email', 'test', 'claim@example.com', $2, $3, now() + $4::interval, now() + $5::interval)`,
            [`${run}:${name}`, `${run}:${thread}`, state, next, lockedUntil],
          )
        await row('a', 'a1', 'pending', '-1 minute', null)
        await row('a', 'a2', 'pending', '-1 minute', null)
        await row('b', 'b1', 'pending', '1 hour', null) // retried later: b2 waits for it
        await row('b', 'b2', 'pending', '-1 minute', null)
        await row('c', 'c1', 'sending', '-1 minute', '1 minute') // leased to another worker
        await row('c', 'c2', 'pending', '-1 minute', null)
        await row('d', 'd1', 'sent', '-1 minute', null) // finished: d2 may go
        await row('d', 'd2', 'pending', '-1 minute', null)
        await row('e', 'e1', 'sending', '-1 minute', '-1 minute') // a lease that ran out
        await row('e', 'e2', 'pending', '-1 minute', null)
        const ours = async () => {
          const { rows } = await db.query<{ claim: { idempotency_key: string }[] }>(
            `select public.outbox_claim('test-worker', 100) as claim`,
          )
          return (rows[0]?.claim ?? [])
            .map((leased) => leased.idempotency_key)
            .filter((key) => key.startsWith(`${run}:`))
            .map((key) => key.slice(run.length + 1))
        }
        // The second claim finds the first one's rows leased: their threads stay held.
        return [await ours(), await ours()]
      } finally {
        await db.query('rollback')
      }
    })
    expect(claimed).toEqual([['a1', 'd2', 'e1'], []])
  })

  it('the outbox is nobody’s to read or drive through the API', async () => {
    const customer = await newUser('outbox-api')
    for (const call of ['outbox_claim', 'outbox_release', 'outbox_prune'] as const) {
      const args =
        call === 'outbox_claim'
          ? { p_worker: 'x' }
          : call === 'outbox_release'
            ? { p_ids: [1] }
            : { p_days: 1 }
      const result = await customer.supabase.rpc(call, args as never)
      expect(result.error?.code, call).toBe('42501')
    }
  })
})
