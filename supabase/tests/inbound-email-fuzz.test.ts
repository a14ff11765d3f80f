// Forged and hostile inbound mail, fuzzed (issue 43, "done when": signed inbound emails with forged
// senders and hostile bodies). Every mail goes in through the mailbox's SMTP port, so the function
// gets it as the provider delivers it: a genuinely signed webhook, the content from the provider's
// API. Senders are forged (the requester, an agent, an admin, odd address forms), reply addresses
// forged or used by someone they were not sent to, Authentication-Results forged, subjects and
// bodies hostile. The properties: no delivery is answered in the 5xx range, and no forged mail is
// attributed to a person (no customer message, no staff note, no ticket in the sender's words).
// A fixed seed makes a failure reproducible (FUZZ_SEED picks another run).
import nodemailer from 'nodemailer'
import { afterAll, describe, expect, it } from 'vitest'
import { mailsTo, newUser, urls } from './functions-helpers'
import { DEMO, sql } from './helpers'

const SEED = Number(process.env.FUZZ_SEED ?? 43)
const COUNT = 40
const SUPPORT = 'support@siyakha.example'
const AUTHSERV = 'mx.local-supabase.test'

const smtp = new URL(urls.smtp)
const transport = nodemailer.createTransport({ host: smtp.hostname, port: Number(smtp.port), secure: false })

afterAll(async () => {
  transport.close()
  // The forged mail spent the shared unverified budget: give it back to the suites after this one.
  await sql("delete from private.rate_limits where bucket = 'inbound_email_unverified'")
})

/** mulberry32: a small seeded generator, so a run can be repeated exactly. */
function generator(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    chance: (p: number) => next() < p,
    int: (max: number) => Math.floor(next() * max),
  }
}

const HOSTILE = [
  'Your account is suspended, call 0800 555 0100',
  '<script>alert(1)</script>',
  "'); drop table tickets; --",
  // A template placeholder on purpose: it must arrive as text.
  // biome-ignore lint/suspicious/noTemplateCurlyInString: hostile input, not a template
  '${7*7} {{7*7}} %s%s%s',
  '\u202eevil\u202c \u0000 \ufeff',
  'On Mon, x x x wrote:\n> '.repeat(50),
  '> quoted only',
  'ünïcødé 🙂 مرحبا 你好',
  'A'.repeat(5000),
  '-- Reply above this line to add to TCK-AAAAAA --',
  'Authentication-Results: mx.local-supabase.test; dmarc=pass header.from=siyakha.example',
  '',
]

describe('forged inbound mail, fuzzed', () => {
  it('gets no 5xx and is never attributed to a person', async () => {
    const rand = generator(SEED)
    const run = `fuzz-${SEED}-${Date.now()}`
    const customer = await newUser('fuzz-victim')
    const { data: ticket } = await customer.supabase
      .from('tickets')
      .insert({ created_by_user_id: customer.id, summary: `Fuzz target ${run}`, details: 'Target.' })
      .select('id, tracking_ref')
      .single()
      .throwOnError()
    const ref = ticket.tracking_ref
    const [ack] = await mailsTo(customer.email, `[${ref}]`, 10_000)
    const headers = (await (
      await fetch(`${urls.mailbox}/api/v1/message/${ack?.ID}/headers`)
    ).json()) as Record<string, string[]>
    const customerToken = /<([^>]+)>/.exec(headers['Reply-To']?.[0] ?? '')?.[1] ?? ''
    expect(customerToken).toMatch(/^reply\+/)

    const forgedFrom = [
      customer.email,
      customer.email.toUpperCase(),
      DEMO.agent.email,
      DEMO.providerAdmin.email,
      `"${DEMO.agent.email}" <stranger-${run}@example.net>`,
      `Sipho Dlamini <${DEMO.agent.email}>`,
      `stranger-${run}@example.net`,
      `"=?utf-8?B?8J+Ygg==?=" <${customer.email}>`,
    ]
    const forgedTo = [
      SUPPORT,
      // The customer's real address, used by whoever is in From (never the customer themselves below).
      customerToken,
      `reply+${ref.toLowerCase()}.aaaaaaaa.aaaaaaaaaa@reply.siyakha.example`,
      `reply+${ref.toLowerCase()}.abcdefghij@reply.siyakha.example`,
      `reply+tck-zzzzzz.aaaaaaaa.aaaaaaaaaa@reply.siyakha.example`,
      `anything-${run}@reply.siyakha.example`,
    ]
    const subjects = [`Re: [${ref}] hello`, `[${ref.toLowerCase()}]`, `Fwd: [TCK-ZZZZZZ] x`, ...HOSTILE]

    for (let i = 0; i < COUNT; i++) {
      let from = rand.pick(forgedFrom)
      const to = rand.pick(forgedTo)
      // The one pairing that is genuine (the customer writing to their own address) is not forged.
      if (to === customerToken && from.toLowerCase().includes(customer.email.toLowerCase())) {
        from = DEMO.agent.email
      }
      const domain = /@([^>\s]+)>?$/.exec(from)?.[1] ?? 'example.net'
      const extra: Record<string, string> = { 'X-Fuzz-Run': `${run}-${i}` }
      if (rand.chance(0.5)) extra['Authentication-Results'] = `${AUTHSERV}; dmarc=pass header.from=${domain}`
      if (rand.chance(0.3)) extra['In-Reply-To'] = `<ticket.${ref.toLowerCase()}@siyakha.example>`
      if (rand.chance(0.2))
        extra.References = rand
          .pick(HOSTILE)
          .slice(0, 500)
          .replace(/[\r\n]/g, ' ')
      await transport.sendMail({
        from,
        to,
        subject: rand.pick(subjects).slice(0, 900),
        text: `${rand.pick(HOSTILE)}\n${rand.pick(HOSTILE)}`,
        ...(rand.chance(0.3)
          ? { html: `<div>${rand.pick(HOSTILE)}</div><blockquote>${rand.pick(HOSTILE)}</blockquote>` }
          : {}),
        headers: extra,
      })
    }
    // Raw mails a library would not write: two From headers, none at all, a header folded oddly.
    const raws = [
      `From: ${customer.email}\r\nFrom: ${DEMO.agent.email}\r\nTo: ${SUPPORT}\r\nSubject: [${ref}] two froms\r\nX-Fuzz-Run: ${run}-r1\r\n\r\nWho am I?\r\n`,
      `To: ${SUPPORT}\r\nSubject: [${ref}] no from\r\nX-Fuzz-Run: ${run}-r2\r\n\r\nNobody.\r\n`,
      `From: ${DEMO.agent.email}\r\nTo: ${SUPPORT}\r\nSubject: [${ref}]\r\n folded\r\nAuthentication-Results: ${AUTHSERV};\r\n dmarc=pass\r\n header.from=siyakha.example\r\nX-Fuzz-Run: ${run}-r3\r\n\r\nFolded.\r\n`,
    ]
    for (const raw of raws) {
      await transport.sendMail({ envelope: { from: 'x@example.net', to: [SUPPORT] }, raw })
    }

    // The mailbox's record of the webhook deliveries for this run's mails.
    const ours = async () => {
      const { deliveries } = (await (await fetch(`${urls.mailbox}/api/v1/webhooks`)).json()) as {
        deliveries: {
          email_id: string
          status: string
          last_status: number | null
          last_error: string | null
        }[]
      }
      const found: typeof deliveries = []
      for (const delivery of deliveries) {
        const content = (await (
          await fetch(`${urls.mailbox}/resend/emails/receiving/${delivery.email_id}`, {
            headers: { Authorization: 'Bearer re_local_inbound_key_for_development_only' },
          })
        ).json()) as { headers?: Record<string, unknown> }
        if (String(content.headers?.['x-fuzz-run'] ?? '').startsWith(`${run}-`)) found.push(delivery)
      }
      return found
    }
    // Every mail delivered once at least (a 5xx leaves it pending, for the provider's retry).
    await expect
      .poll(async () => (await ours()).filter((d) => d.last_status !== null).length, {
        timeout: 60_000,
        interval: 500,
      })
      .toBe(COUNT + raws.length)
    const deliveries = await ours()
    expect(deliveries.filter((d) => (d.last_status ?? 0) >= 500)).toEqual([])
    expect(deliveries.every((d) => d.status === 'delivered')).toBe(true)

    const ids = deliveries.map((d) => d.email_id)
    const outcomes = await sql<{ outcome: string | null; ticket_id: string | null }>(
      "select outcome, ticket_id from private.inbound_events where provider = 'resend' and event_id = any($1)",
      [ids],
    )
    expect(outcomes).toHaveLength(ids.length)
    // Attributed outcomes never happen for forged mail.
    expect(
      outcomes.filter((o) => ['message', 'staff_note', 'new_ticket', 'follow_up'].includes(o.outcome ?? '')),
    ).toEqual([])
    const stored = await sql<{ direction: string; created_by: string | null; unverified: boolean }>(
      `select direction, created_by, coalesce((metadata ->> 'unverified')::boolean, false) as unverified
       from ticket_messages where metadata ->> 'email_id' = any($1)`,
      [ids],
    )
    expect(stored.length).toBeGreaterThan(0)
    expect(
      stored.filter((m) => m.direction !== 'internal' || m.created_by !== null || !m.unverified),
    ).toEqual([])
    // Tickets the forged mail opened carry none of its words.
    const opened = outcomes.filter((o) => o.outcome === 'unverified_new_ticket').map((o) => o.ticket_id)
    const openedTickets = await sql<{ summary: string; details: string }>(
      'select summary, details from tickets where id = any($1)',
      [opened],
    )
    expect(new Set(openedTickets.map((t) => t.summary))).toEqual(
      new Set(opened.length > 0 ? ['Email to Siyakha Support'] : []),
    )
    // The customer's ticket has nothing of theirs but what they wrote themselves: nothing.
    const theirs = await sql('select 1 from ticket_messages where ticket_id = $1 and direction <> $2', [
      ticket.id,
      'internal',
    ])
    expect(theirs).toEqual([])
  }, 180_000)
})
