// Ticket emails (not a test): how long a staff reply takes to reach the customer's mailbox
// through the outbox, how many notification mails the worker sends a second, and how long a
// customer's reply by email takes from their SMTP server to the ticket (mailbox → signed webhook →
// inbound-email → database), and the same both ways on WhatsApp (Graph API stand-in → signed
// webhook → whatsapp-webhook → database; an agent's reply → outbox → Graph API).
//
//   npm run perf:outbox -w @siyakha/backend      # throwaway stack on random ports
//   PERF_REPLIES=30 PERF_BURST=1000 npm run perf:outbox -w @siyakha/backend
import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { ANON_KEY, SERVICE_ROLE_KEY } from '@siyakha/local-supabase'
import nodemailer from 'nodemailer'
import pg from 'pg'
import { client, percentile, startStackProcess } from './harness'

const REPLIES = Number(process.env.PERF_REPLIES ?? 20)
const BURST = Number(process.env.PERF_BURST ?? 500)

/** The Reply-To address of the newest mail to `to`. */
async function replyAddressOf(mailbox: string, to: string): Promise<string> {
  const list = (await (await fetch(`${mailbox}/api/v1/messages?to=${encodeURIComponent(to)}`)).json()) as {
    messages: { ID: string }[]
  }
  const headers = (await (
    await fetch(`${mailbox}/api/v1/message/${list.messages[0]?.ID}/headers`)
  ).json()) as Record<string, string[]>
  const replyTo = headers['Reply-To']?.[0] ?? ''
  return /<([^>]+)>/.exec(replyTo)?.[1] ?? replyTo
}

async function mailCount(mailbox: string, to: string): Promise<number> {
  const answer = await fetch(`${mailbox}/api/v1/messages?to=${encodeURIComponent(to)}`)
  return ((await answer.json()) as { total: number }).total
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'siyakha-outbox-perf-'))
let child: ChildProcess | undefined
try {
  const stack = await startStackProcess(dataDir)
  child = stack.child
  const admin = client(stack.api, SERVICE_ROLE_KEY)
  const email = `outbox-perf-${Date.now()}@example.com`
  const { error: created } = await admin.auth.admin.createUser({
    email,
    password: 'Password123!',
    email_confirm: true,
  })
  if (created) throw created
  const customer = client(stack.api, ANON_KEY)
  const { data: session } = await customer.auth.signInWithPassword({ email, password: 'Password123!' })
  if (!session.user) throw new Error('no customer')
  const agent = client(stack.api, ANON_KEY)
  await agent.auth.signInWithPassword({ email: 'agent@siyakha.example', password: 'Password123!' })

  const { data: ticket } = await customer
    .from('tickets')
    .insert({ summary: 'Outbox benchmark', created_by_user_id: session.user.id })
    .select('id, tracking_ref')
    .single()
    .throwOnError()
  // The acknowledgement: also warms the worker (the first call boots Deno).
  while ((await mailCount(stack.mailbox, email)) < 1) await new Promise((resolve) => setTimeout(resolve, 50))
  // The customer's own reply address (in the acknowledgement): only a reply to it is theirs.
  const replyTo = await replyAddressOf(stack.mailbox, email)

  // 1. A staff reply, from the API's answer to the mail in the customer's mailbox, one at a time.
  const latency: number[] = []
  for (let i = 0; i < REPLIES; i++) {
    const before = await mailCount(stack.mailbox, email)
    const t0 = performance.now()
    await agent
      .from('ticket_messages')
      .insert({
        ticket_id: ticket.id,
        direction: 'outbound',
        channel: 'portal',
        body: `Reply ${i}`,
        status: 'sent',
      })
      .throwOnError()
    while ((await mailCount(stack.mailbox, email)) <= before)
      await new Promise((resolve) => setTimeout(resolve, 10))
    latency.push(performance.now() - t0)
  }

  // 2. A burst: BURST replies on 50 of the customer's tickets (one mail thread each, so the worker
  // may send them side by side), written in one transaction, until the last mail is sent.
  const db = new pg.Client({ connectionString: stack.db })
  await db.connect()
  // The tickets themselves notify nobody: only the burst's replies are measured.
  await db.query('begin')
  await db.query(`set local siyakha.notifications = 'off'`)
  const { rows: threads } = await db.query<{ id: string }>(
    `insert into public.tickets (created_by_user_id, summary)
     select $1, 'Outbox burst ' || g from generate_series(1, 50) g returning id`,
    [session.user.id],
  )
  await db.query('commit')
  const ids = threads.map((row) => row.id)
  const t0 = performance.now()
  await db.query(
    `insert into public.ticket_messages (ticket_id, direction, channel, body, status)
     select ($1::uuid[])[1 + g % 50], 'outbound', 'portal', 'Burst ' || g, 'sent' from generate_series(1, $2::int) g`,
    [ids, BURST],
  )
  for (;;) {
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from private.notification_outbox where ticket_id = any ($1::uuid[]) and state <> 'sent'`,
      [ids],
    )
    if ((rows[0]?.n ?? 1) === 0) break
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  const burstSeconds = (performance.now() - t0) / 1000

  // 3. A customer's reply by email, from their SMTP server's 250 to the message on the ticket.
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: stack.smtpPort, secure: false })
  const inbound: number[] = []
  for (let i = 0; i < REPLIES; i++) {
    const t1 = performance.now()
    await transport.sendMail({
      from: email,
      to: replyTo,
      subject: `Re: [${ticket.tracking_ref}] Outbox benchmark`,
      text: `Answer ${i}\n\nOn Monday, Siyakha Support wrote:\n> Reply ${i}`,
    })
    for (;;) {
      const { rows } = await db.query(
        `select 1 from public.ticket_messages where ticket_id = $1 and channel = 'email' and direction = 'inbound' and body = $2`,
        [ticket.id, `Answer ${i}`],
      )
      if (rows.length > 0) break
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    inbound.push(performance.now() - t1)
  }
  transport.close()

  // 4. WhatsApp: a client's message from Meta's webhook call to its commit (the stand-in's call
  // returns when the function has answered, after the commit), and an agent's reply from the API
  // call to the Graph API's send.
  const { data: waTicket } = await agent
    .rpc('log_ticket_for_client', {
      p_email: `wa-perf-${Date.now()}@example.com`,
      p_full_name: 'Perf Client',
      p_phone: '+27825550199',
      p_channel: 'whatsapp',
      p_summary: 'WhatsApp benchmark',
      p_details: '',
      p_priority: 'normal',
    })
    .single()
    .throwOnError()
  const { ticket_id: waTicketId, tracking_ref: waRef } = waTicket as {
    ticket_id: string
    tracking_ref: string
  }
  const waInbound: number[] = []
  const waOutbound: number[] = []
  const sentCount = async () =>
    ((await (await fetch(`${stack.graph}/_local/sent`)).json()) as { total: number }).total
  for (let i = 0; i < REPLIES; i++) {
    const t2 = performance.now()
    const answer = (await (
      await fetch(`${stack.graph}/_local/inbound`, {
        method: 'POST',
        body: JSON.stringify({ from: '27825550199', text: `Message ${i}. Ref: ${waRef}` }),
      })
    ).json()) as { statuses: number[] }
    if (answer.statuses[0] !== 200) throw new Error(`the webhook answered ${answer.statuses[0]}`)
    waInbound.push(performance.now() - t2)
    const before = await sentCount()
    const t3 = performance.now()
    await agent.rpc('send_whatsapp_reply', { p_ticket: waTicketId, p_body: `Answer ${i}` }).throwOnError()
    while ((await sentCount()) <= before) await new Promise((resolve) => setTimeout(resolve, 5))
    waOutbound.push(performance.now() - t3)
  }
  await db.end()

  const ms = (x: number) => `${Math.round(x)} ms`
  console.table([
    {
      measure: `staff reply → customer's mailbox (${REPLIES} replies, one at a time)`,
      p50: ms(percentile(latency, 50)),
      p95: ms(percentile(latency, 95)),
      max: ms(Math.max(...latency)),
    },
    {
      measure: `customer's reply by email → ticket (${REPLIES} mails, one at a time)`,
      p50: ms(percentile(inbound, 50)),
      p95: ms(percentile(inbound, 95)),
      max: ms(Math.max(...inbound)),
    },
    {
      measure: `client's WhatsApp (signed webhook) → ticket (${REPLIES} messages)`,
      p50: ms(percentile(waInbound, 50)),
      p95: ms(percentile(waInbound, 95)),
      max: ms(Math.max(...waInbound)),
    },
    {
      measure: `agent's WhatsApp reply → Graph API send (${REPLIES} replies)`,
      p50: ms(percentile(waOutbound, 50)),
      p95: ms(percentile(waOutbound, 95)),
      max: ms(Math.max(...waOutbound)),
    },
  ])
  console.log(
    `Outbox throughput: ${BURST} mails in ${burstSeconds.toFixed(1)} s = ${(BURST / burstSeconds).toFixed(0)} mails/s (one worker run at a time, 20 rows a claim, 50 threads)`,
  )
} finally {
  child?.kill('SIGTERM')
  if (child) await new Promise((resolve) => child?.once('exit', resolve))
  rmSync(dataDir, { recursive: true, force: true })
}
