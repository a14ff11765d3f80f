// Email: who wrote this? (issue 43, items 2-5; messaging-contract.md §3.4 and E4-E5). From is
// written by the sender and proves nothing: a mail is someone's only when it came to the reply
// address that was sent to that very person, or when the provider's own Authentication-Results say
// DMARC passed for From's domain. Everything else is an unverified staff-only item, attributed to
// nobody, that staff accept or discard. End to end: mail in through the mailbox's SMTP port, the
// mailbox plays the provider (its Authentication-Results, the signed webhook, the content API),
// the inbound-email function (Deno) and public.receive_email (PostgreSQL).
import nodemailer, { type SendMailOptions } from 'nodemailer'
import { afterAll, describe, expect, it } from 'vitest'
import { dmarcVerdict } from '../functions/_shared/auth-results'
import {
  checkReplyToken,
  readReplyTokens,
  replyAddressFor,
  ticketTokenSignature,
} from '../functions/_shared/reply-token'
import { mailsTo, newUser, urls } from './functions-helpers'
import { DEMO, signInAs, sql } from './helpers'

const SUPPORT = 'support@siyakha.example'
const AUTHSERV = 'mx.local-supabase.test'

const smtp = new URL(urls.smtp)
const transport = nodemailer.createTransport({ host: smtp.hostname, port: Number(smtp.port), secure: false })
afterAll(async () => {
  transport.close()
  // The forged mail spent the shared unverified budget: give it back to the suites after this one.
  await sql("delete from private.rate_limits where bucket = 'inbound_email_unverified'")
})

const send = (mail: SendMailOptions) => transport.sendMail({ to: SUPPORT, ...mail })

interface StoredMessage {
  id: string
  direction: string
  body: string
  created_by: string | null
  author_kind: string
  to_from: string | null
  unverified: boolean
}

async function emailsOn(ticketId: string): Promise<StoredMessage[]> {
  return sql<StoredMessage>(
    `select id, direction, body, created_by, author_kind, to_from,
            coalesce((metadata ->> 'unverified')::boolean, false) as unverified
     from ticket_messages where ticket_id = $1 and channel = 'email' order by created_at`,
    [ticketId],
  )
}

/** Waits for the mail's event to be handled, by a word only that mail has; answers its outcome and ticket. */
async function handled(sender: string, count = 1): Promise<{ outcome: string; ticket_id: string | null }[]> {
  const read = () =>
    sql<{ outcome: string | null; ticket_id: string | null }>(
      "select outcome, ticket_id from private.inbound_events where provider = 'resend' and detail ->> 'from' = $1 order by received_at",
      [sender.toLowerCase()],
    )
  await expect
    .poll(async () => (await read()).filter((r) => r.outcome !== null).length, { timeout: 15_000 })
    .toBe(count)
  return (await read()) as { outcome: string; ticket_id: string | null }[]
}

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

/**
 * A customer's ticket waiting on them (an agent answered): its acknowledgement to the customer and
 * the new-ticket alert to the agent each carry that person's own reply address.
 */
async function waitingTicket(label: string) {
  const customer = await newUser(label)
  const { data: ticket } = await customer.supabase
    .from('tickets')
    .insert({ created_by_user_id: customer.id, summary: `${label} ${Date.now()}`, details: 'It is broken.' })
    .select('id, tracking_ref')
    .single()
    .throwOnError()
  await sql("update tickets set status = 'waiting_on_customer' where id = $1", [ticket.id])
  const [ack] = await mailsTo(customer.email, `[${ticket.tracking_ref}]`, 10_000)
  const [alert] = await mailsTo(DEMO.agent.email, `[${ticket.tracking_ref}]`, 10_000)
  const [agent] = await sql<{ id: string }>('select id from auth.users where email = $1', [DEMO.agent.email])
  return {
    customer,
    ticket,
    agentId: agent?.id as string,
    customerAddress: await replyAddressOf(ack?.ID ?? ''),
    agentAddress: await replyAddressOf(alert?.ID ?? ''),
  }
}

describe('the reply address', () => {
  const settings = { replyDomain: 'reply.siyakha.example', replyTokenSecret: 'test-secret' }
  const ticket = { id: '00000000-0000-4000-8000-00000000aaaa', trackingRef: 'TCK-7Q4M2A' }

  it('is each recipient’s own: it proves the sender only when From is that recipient', async () => {
    const mine = await replyAddressFor(ticket, 'Thabo@Example.co.za', settings)
    const theirs = await replyAddressFor(ticket, 'agent@siyakha.example', settings)
    expect(mine).toMatch(/^reply\+tck-7q4m2a\.[a-z2-7]{8}\.[a-z2-7]{10}@reply\.siyakha\.example$/)
    expect(mine).not.toBe(theirs)
    const [token] = readReplyTokens([mine], settings.replyDomain)
    expect(token?.ref).toBe('TCK-7Q4M2A')
    const check = (sender: string, id = ticket.id) =>
      checkReplyToken(token as NonNullable<typeof token>, id, sender, settings.replyTokenSecret)
    expect(await check('thabo@example.co.za')).toBe('recipient')
    // Someone else using it (forwarded, or a forged From): the ticket, but nobody's identity.
    expect(await check('agent@siyakha.example')).toBe('ticket')
    // Another ticket's id: the signature is over this ticket.
    expect(await check('thabo@example.co.za', '00000000-0000-4000-8000-00000000bbbb')).toBe('invalid')
    // The first form (ticket only, in mails sent before recipients had their own) still finds the
    // ticket, and proves nobody.
    const first = `reply+tck-7q4m2a.${await ticketTokenSignature(ticket.id, 'test-secret')}@reply.siyakha.example`
    const [old] = readReplyTokens([first], settings.replyDomain)
    expect(old?.recipient).toBeNull()
    expect(
      await checkReplyToken(old as NonNullable<typeof old>, ticket.id, 'thabo@example.co.za', 'test-secret'),
    ).toBe('ticket')
    const forged = mine.replace(/\.[a-z2-7]{10}@/, '.aaaaaaaaaa@')
    const [bad] = readReplyTokens([forged], settings.replyDomain)
    expect(
      await checkReplyToken(bad as NonNullable<typeof bad>, ticket.id, 'thabo@example.co.za', 'test-secret'),
    ).toBe('invalid')
  })
})

describe('the provider’s verdict (Authentication-Results)', () => {
  it('counts only the topmost header with our authserv-id, and only a DMARC pass for From’s own domain', () => {
    const ours = (result: string, domain = 'example.co.za') =>
      `${AUTHSERV}; spf=pass smtp.mailfrom=x@${domain}; dkim=pass header.d=${domain}; dmarc=${result} (p=reject) header.from=${domain}`
    expect(dmarcVerdict([ours('pass')], AUTHSERV, 'example.co.za')).toBe('pass')
    expect(dmarcVerdict([ours('pass')], AUTHSERV, 'Example.CO.za')).toBe('pass')
    // The provider's own is on top; a pass the sender wrote underneath counts for nothing.
    expect(dmarcVerdict([ours('none'), ours('pass')], AUTHSERV, 'example.co.za')).toBe('none')
    expect(dmarcVerdict([ours('fail'), ours('pass')], AUTHSERV, 'example.co.za')).toBe('fail')
    // Another server's verdict, or one for another domain, or no configured id: nothing.
    expect(dmarcVerdict([ours('pass').replace(AUTHSERV, 'mx.evil.example')], AUTHSERV, 'example.co.za')).toBe(
      'none',
    )
    expect(dmarcVerdict([ours('pass', 'evil.example')], AUTHSERV, 'example.co.za')).toBe('none')
    expect(dmarcVerdict([ours('pass')], undefined, 'example.co.za')).toBe('none')
    // Comments and a version number are read as RFC 8601 writes them.
    expect(
      dmarcVerdict(
        [`${AUTHSERV} 1; (checked (twice)) dmarc=pass (p=none; dis=none) header.from="example.co.za"`],
        AUTHSERV,
        'example.co.za',
      ),
    ).toBe('pass')
    // A comment cannot smuggle a verdict in.
    expect(
      dmarcVerdict(
        [`${AUTHSERV}; dmarc=none (dmarc=pass header.from=example.co.za)`],
        AUTHSERV,
        'example.co.za',
      ),
    ).toBe('none')
  })
})

describe('the local provider (the mailbox)', () => {
  it('heads every received mail with its own Authentication-Results: none by default, pass or fail by sender or domain', async () => {
    const sender = `ar-${Date.now()}@ar-${Date.now()}.example`
    const domain = sender.split('@')[1] as string
    const results = async (subject: string) => {
      await send({
        from: sender,
        subject,
        text: 'x',
        headers: { 'Authentication-Results': `${AUTHSERV}; dmarc=pass header.from=${domain}` },
      })
      let found: string[] = []
      await expect
        .poll(
          async () => {
            const { deliveries } = (await (await fetch(`${urls.mailbox}/api/v1/webhooks`)).json()) as {
              deliveries: { email_id: string }[]
            }
            for (const { email_id } of deliveries.slice(0, 20)) {
              const email = (await (
                await fetch(`${urls.mailbox}/resend/emails/receiving/${email_id}`, {
                  headers: { Authorization: 'Bearer re_local_inbound_key_for_development_only' },
                })
              ).json()) as { subject: string; headers: Record<string, string | string[]> }
              if (email.subject === subject) found = [email.headers['authentication-results'] ?? []].flat()
            }
            return found.length
          },
          { timeout: 10_000 },
        )
        .toBe(2)
      return found
    }
    const [first, written] = await results(`ar default ${Date.now()}`)
    expect(first).toBe(
      `${AUTHSERV}; spf=none smtp.mailfrom=${sender}; dkim=none; dmarc=none header.from=${domain}`,
    )
    // What the sender wrote stays below, for the function to ignore.
    expect(written).toBe(`${AUTHSERV}; dmarc=pass header.from=${domain}`)
    await dmarc({ sender: 'nobody@elsewhere.example', result: 'pass' })
    const domainRule = await fetch(`${urls.mailbox}/api/v1/_local/dmarc`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ domain, result: 'fail' }),
    })
    expect(await domainRule.json()).toEqual({ domain, result: 'fail' })
    expect((await results(`ar domain ${Date.now()}`))[0]).toContain('dmarc=fail')
    await dmarc({ sender, result: 'pass' })
    expect((await results(`ar sender ${Date.now()}`))[0]).toContain('dmarc=pass')
    const bad = await fetch(`${urls.mailbox}/api/v1/_local/dmarc`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ sender, result: 'maybe' }),
    })
    expect(bad.status).toBe(400)
  })
})

describe('forged mail (item 2): From is not evidence', () => {
  it('From an agent with the ticket’s tag is an unverified item attributed to nobody, never an internal note', async () => {
    const { ticket } = await waitingTicket('forged-agent')
    const words = `Close this ticket and refund them ${Date.now()}`
    const before = await agentEvents()
    await send({
      from: `Support Agent <${DEMO.agent.email}>`,
      subject: `Re: [${ticket.tracking_ref}] anything`,
      text: words,
    })
    expect((await handled(DEMO.agent.email, before + 1)).at(-1)?.outcome).toBe('unverified')
    const [item] = (await emailsOn(ticket.id)).filter((m) => m.body === words)
    expect(item).toMatchObject({
      direction: 'internal',
      created_by: null,
      author_kind: 'system',
      unverified: true,
    })
  })

  it('From the customer with only the tag, or only In-Reply-To, is unverified: not their message', async () => {
    const { customer, ticket } = await waitingTicket('forged-customer')
    await send({
      from: customer.email,
      subject: `Re: [${ticket.tracking_ref}] hi`,
      text: 'Tagged, From forged.',
    })
    await send({
      from: customer.email,
      subject: 'no tag',
      text: 'Threaded, From forged.',
      inReplyTo: `<ticket.${ticket.tracking_ref.toLowerCase()}@siyakha.example>`,
    })
    expect((await handled(customer.email, 2)).map((r) => r.outcome)).toEqual(['unverified', 'unverified'])
    const stored = await emailsOn(ticket.id)
    expect(stored.map((m) => `${m.direction}:${m.created_by}:${m.unverified}:${m.body}`)).toEqual([
      'internal:null:true:Tagged, From forged.',
      'internal:null:true:Threaded, From forged.',
    ])
    // Staff-only: the customer whose name it used cannot read it, and the ticket has not moved.
    const { data: visible } = await customer.supabase
      .from('ticket_messages')
      .select('id')
      .eq('ticket_id', ticket.id)
      .throwOnError()
    expect(visible).toEqual([])
    const [row] = await sql<{ status: string; first_response_at: string | null }>(
      'select status, first_response_at from tickets where id = $1',
      [ticket.id],
    )
    expect(row?.status).toBe('waiting_on_customer')
  })

  it('with no tag, opens a ticket whose acknowledgement carries none of the sender’s words', async () => {
    const victim = await newUser('relay-victim')
    const subject = `Your account is suspended, call 0800 555 ${Date.now()}`
    const body = `Call +27 800 555 0100 now or lose your data ${Date.now()}`
    await send({ from: victim.email, subject, text: body })
    const [event] = await handled(victim.email)
    expect(event?.outcome).toBe('unverified_new_ticket')
    const [ticket] = await sql<{
      summary: string
      details: string
      tracking_ref: string
      created_by_user_id: string
    }>('select summary, details, tracking_ref, created_by_user_id from tickets where id = $1', [
      event?.ticket_id,
    ])
    expect(ticket?.summary).toBe('Email to Siyakha Support')
    expect(ticket?.created_by_user_id).toBe(victim.id)
    const [ack] = await mailsTo(victim.email, `[${ticket?.tracking_ref}]`, 10_000)
    expect(ack?.Text).toContain(ticket?.tracking_ref)
    for (const forged of [subject, body, 'suspended', '0800 555', '0100']) {
      expect(ack?.Subject).not.toContain(forged)
      expect(ack?.Text).not.toContain(forged)
      // The mailbox stores the HTML part too (Mailpit's shape); the helper's type names only the text.
      expect((ack as unknown as { HTML: string }).HTML).not.toContain(forged)
    }
    // The mail itself waits for staff on that ticket.
    const [item] = await emailsOn(event?.ticket_id as string)
    expect(item).toMatchObject({ direction: 'internal', created_by: null, unverified: true, body })
  })
})

/** How many handled events From the agent there are so far (several tests write as them). */
async function agentEvents(): Promise<number> {
  const [row] = await sql<{ n: number }>(
    "select count(*)::int as n from private.inbound_events where provider = 'resend' and detail ->> 'from' = $1 and outcome is not null",
    [DEMO.agent.email],
  )
  return row?.n ?? 0
}

describe('verified mail (item 3)', () => {
  it('the customer’s own reply address makes it their message; From an agent on it is not a staff note', async () => {
    const { customer, ticket, customerAddress } = await waitingTicket('own-token')
    expect(customerAddress).toMatch(
      /^reply\+tck-[a-z0-9]{6}\.[a-z2-7]{8}\.[a-z2-7]{10}@reply\.siyakha\.example$/,
    )
    await send({ from: customer.email, to: customerAddress, subject: 'whatever', text: 'Mine, really.' })
    await handled(customer.email)
    const before = await agentEvents()
    await send({
      from: DEMO.agent.email,
      to: customerAddress,
      subject: 'whatever',
      text: 'Agent via the customer’s address.',
    })
    await handled(DEMO.agent.email, before + 1)
    expect((await emailsOn(ticket.id)).map((m) => `${m.direction}:${m.created_by}:${m.body}`)).toEqual([
      `inbound:${customer.id}:Mine, really.`,
      'internal:null:Agent via the customer’s address.',
    ])
    const [row] = await sql<{ status: string }>('select status from tickets where id = $1', [ticket.id])
    expect(row?.status).toBe('open')
  })

  it('a staff member’s own reply address makes it their internal note; From the customer on it is not the customer’s', async () => {
    const { customer, ticket, agentId, agentAddress } = await waitingTicket('staff-token')
    expect(agentAddress).toMatch(
      /^reply\+tck-[a-z0-9]{6}\.[a-z2-7]{8}\.[a-z2-7]{10}@reply\.siyakha\.example$/,
    )
    const before = await agentEvents()
    await send({ from: DEMO.agent.email, to: agentAddress, subject: 'note', text: 'Checked the switch.' })
    await handled(DEMO.agent.email, before + 1)
    await send({
      from: customer.email,
      to: agentAddress,
      subject: 'x',
      text: 'Customer via the agent’s address.',
    })
    await handled(customer.email)
    expect(
      (await emailsOn(ticket.id)).map((m) => `${m.direction}:${m.created_by}:${m.unverified}:${m.body}`),
    ).toEqual([
      `internal:${agentId}:false:Checked the switch.`,
      'internal:null:true:Customer via the agent’s address.',
    ])
  })

  it('DMARC pass from our provider verifies From; a pass the sender wrote does not', async () => {
    const { customer, ticket } = await waitingTicket('dmarc')
    const forgedResults = `${AUTHSERV}; dmarc=pass (p=reject) header.from=${customer.email.split('@')[1]}`
    await send({
      from: customer.email,
      subject: `Re: [${ticket.tracking_ref}] x`,
      text: 'With a forged pass.',
      headers: { 'Authentication-Results': forgedResults },
    })
    await handled(customer.email)
    await dmarc({ sender: customer.email, result: 'pass' })
    await send({
      from: customer.email,
      subject: `Re: [${ticket.tracking_ref}] x`,
      text: 'Provider says pass.',
    })
    await handled(customer.email, 2)
    await dmarc({ sender: customer.email, result: 'fail' })
    await send({
      from: customer.email,
      subject: `Re: [${ticket.tracking_ref}] x`,
      text: 'Provider says fail.',
    })
    await handled(customer.email, 3)
    expect((await emailsOn(ticket.id)).map((m) => `${m.direction}:${m.created_by}:${m.body}`)).toEqual([
      'internal:null:With a forged pass.',
      `inbound:${customer.id}:Provider says pass.`,
      'internal:null:Provider says fail.',
    ])
  })
})

describe('staff decide on an unverified item (item 4)', () => {
  it('accept makes it the requester’s message and moves the ticket; discard removes it; a customer can do neither', async () => {
    const { customer, ticket } = await waitingTicket('decide')
    await send({ from: customer.email, subject: `Re: [${ticket.tracking_ref}] a`, text: 'Please accept me.' })
    await send({
      from: customer.email,
      subject: `Re: [${ticket.tracking_ref}] b`,
      text: 'Please discard me.',
    })
    await handled(customer.email, 2)
    const [keep, drop] = await emailsOn(ticket.id)
    expect(keep?.body).toBe('Please accept me.')

    // The database refuses the customer (and so anyone calling the API directly).
    for (const fn of ['accept_unverified_email', 'discard_unverified_email'] as const) {
      const { error } = await customer.supabase.rpc(fn, { p_message: keep?.id as string })
      expect(error?.code).toBe('42501')
    }
    expect((await emailsOn(ticket.id)).map((m) => m.direction)).toEqual(['internal', 'internal'])

    const agent = await signInAs('agent')
    const { data: accepted } = await agent.supabase
      .rpc('accept_unverified_email', { p_message: keep?.id as string })
      .throwOnError()
    expect(accepted).toEqual({ outcome: 'message', ticket_id: ticket.id })
    await agent.supabase.rpc('discard_unverified_email', { p_message: drop?.id as string }).throwOnError()
    expect(
      (await emailsOn(ticket.id)).map((m) => `${m.direction}:${m.created_by}:${m.unverified}:${m.body}`),
    ).toEqual([`inbound:${customer.id}:false:Please accept me.`])
    const [row] = await sql<{ status: string }>('select status from tickets where id = $1', [ticket.id])
    expect(row?.status).toBe('open')
    // Now the customer's own words, they see it.
    const { data: visible } = await customer.supabase
      .from('ticket_messages')
      .select('body')
      .eq('ticket_id', ticket.id)
      .throwOnError()
    expect(visible).toEqual([{ body: 'Please accept me.' }])
    // Dealt with: a second decision is refused with a clear answer.
    const { error: again } = await agent.supabase.rpc('discard_unverified_email', {
      p_message: drop?.id as string,
    })
    expect(again?.code).toBe('P0002')
  })

  it('accepting the mail that opened a ticket makes its subject and text the request', async () => {
    const stranger = `walk-in-${Date.now()}@example.net`
    await send({
      from: `Naledi <${stranger}>`,
      subject: 'Quote for 12 laptops',
      text: 'Please call me back.',
    })
    const [event] = await handled(stranger)
    expect(event?.outcome).toBe('unverified_new_ticket')
    // The name in From is a claim as well: the new contact goes by the address until staff accept.
    const [opened] = await sql<{ requester_name: string }>(
      'select requester_name from tickets where id = $1',
      [event?.ticket_id],
    )
    expect(opened?.requester_name).toBe(stranger.split('@')[0])
    const [item] = await emailsOn(event?.ticket_id as string)
    const agent = await signInAs('agent')
    const { data } = await agent.supabase
      .rpc('accept_unverified_email', { p_message: item?.id as string })
      .throwOnError()
    expect(data).toEqual({ outcome: 'opened', ticket_id: event?.ticket_id })
    const [ticket] = await sql<{ summary: string; details: string; requester_name: string }>(
      'select summary, details, requester_name from tickets where id = $1',
      [event?.ticket_id],
    )
    expect(ticket).toEqual({
      summary: 'Quote for 12 laptops',
      details: 'Please call me back.',
      requester_name: 'Naledi',
    })
    expect(await emailsOn(event?.ticket_id as string)).toEqual([])
  })
})

describe('budgets (item 5)', () => {
  it('a flood of mail forged in a customer’s name does not spend their allowance', async () => {
    const { customer, ticket, customerAddress } = await waitingTicket('budget')
    // More than one sender may send in an hour (20): all unverified, so none counts against them.
    for (let i = 0; i < 21; i++) {
      await send({
        from: customer.email,
        subject: `Re: [${ticket.tracking_ref}] spam ${i}`,
        text: `Forged ${i}`,
      })
    }
    await handled(customer.email, 21)
    await send({ from: customer.email, to: customerAddress, subject: 'real', text: 'The real reply.' })
    const events = await handled(customer.email, 22)
    expect(events.at(-1)?.outcome).toBe('message')
    expect((await emailsOn(ticket.id)).filter((m) => m.direction === 'inbound').map((m) => m.body)).toEqual([
      'The real reply.',
    ])
    const [own] = await sql<{ count: number }>(
      "select coalesce(sum(count), 0)::int as count from private.rate_limits where bucket = 'inbound_email' and key = $1",
      [customer.email.toLowerCase()],
    )
    expect(own?.count).toBe(1)
    const [shared] = await sql<{ count: number }>(
      "select coalesce(sum(count), 0)::int as count from private.rate_limits where bucket = 'inbound_email_unverified'",
    )
    expect(shared?.count).toBeGreaterThanOrEqual(21)
  })
})
