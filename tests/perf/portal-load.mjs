#!/usr/bin/env node
// Portal server response with a big tickets table (docs/performance.md: "Ticket list and ticket
// page server response, 1,000,000 tickets in the database, p95 ≤ 50 ms"). Not a test.
//
// Start the product first (`npm start`: stack, site, portal), then:
//   npm run perf:portal -w tests [-- --tickets 1000000 --connections 10 --seconds 15]
// It adds generated tickets to the running stack's database once (topping up to --tickets) and a
// signed-in customer who owns some of them, then loads the customer's "My Tickets", its second page
// (by cursor) and one ticket page with autocannon from this process, and reports latency
// percentiles of every response; then, as the demo agent, the helpdesk queue (three views) and a
// ticket's workspace. With `--customers 50`, then, on the same database, create ticket +
// WhatsApp intent for that many concurrent customers (supabase/tests/perf/ticket-load.ts against
// the running stack). Off by default: signing 50 customers in at once trips the auth server's
// sign-in rate limit of `npm start`'s stack (429); `npm run perf:tickets -w @siyakha/backend` runs
// the same flow on a throwaway stack.
//
// Last, it opens My Tickets and the queue in Chromium (`--visits`, 5 each, a fresh cache every
// time) and reports what a visit asks of the portal: its requests (the page, its assets, and any
// page the browser fetches ahead) and, when the portal runs on this machine, the CPU its Next
// server spent on them. autocannon loads the page alone and would not see the rest.
import { execFileSync, spawn } from 'node:child_process'
import { once } from 'node:events'
import { readdirSync, readFileSync, readlinkSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { chromium } from '@playwright/test'
import autocannon from 'autocannon'
import pg from 'pg'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.mjs'
import { DEMO_PASSWORD, sessionCookie, signIn } from './local-session.mjs'

const { values } = parseArgs({
  options: {
    portal: { type: 'string', default: 'http://localhost:3001' },
    supabase: { type: 'string', default: 'http://127.0.0.1:54321' },
    db: { type: 'string', default: 'postgresql://postgres:postgres@127.0.0.1:54322/postgres' },
    tickets: { type: 'string', default: '1000000' },
    connections: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '15' },
    customers: { type: 'string', default: '0' },
    rounds: { type: 'string', default: '10' },
    visits: { type: 'string', default: '5' },
  },
})

// The local stack's well-known service key (packages/local-supabase/src/config/keys.ts).
const SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU'
const EMAIL = 'portal-perf@example.com'
const OTHER_USERS = 1000
const SUMMARY = 'Portal perf ticket'

const target = Number(values.tickets)
const db = new pg.Client({ connectionString: values.db })
await db.connect()

/** The perf customer (created once through the admin API, so the password works). */
async function customerId() {
  const existing = await db.query('select id from auth.users where email = $1', [EMAIL])
  if (existing.rows[0]) return existing.rows[0].id
  const answer = await fetch(`${values.supabase}/auth/v1/admin/users`, {
    method: 'POST',
    headers: {
      apikey: SERVICE_ROLE_KEY,
      Authorization: `Bearer ${SERVICE_ROLE_KEY}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ email: EMAIL, password: DEMO_PASSWORD, email_confirm: true }),
  })
  if (!answer.ok) throw new Error(`create the perf customer: ${answer.status} ${await answer.text()}`)
  return (await answer.json()).id
}

/** Tops the generated tickets up to the target: 1 in 5,000 for the perf customer, the rest spread over others. */
async function seed(customer) {
  await db.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
       raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_sso_user, is_anonymous)
     select '00000000-0000-0000-0000-000000000000', ('cccccccc-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid,
       'authenticated', 'authenticated', 'portal-perf-' || g || '@example.com', '', now(), '{}', '{}', now(), now(), false, false
     from generate_series(1, ${OTHER_USERS}) g
     on conflict do nothing`,
  )
  const { rows } = await db.query('select count(*)::int as n from public.tickets where summary like $1', [
    `${SUMMARY}%`,
  ])
  const have = rows[0].n
  if (have >= target) return have
  const started = Date.now()
  // Generated history: nobody is notified about it (private.notifications_off).
  await db.query(`set siyakha.notifications = 'off'`)
  await db.query(
    `insert into public.tickets (created_by_user_id, summary, details, status, close_reason, priority, created_at)
     select case when g % 5000 = 0 then $1::uuid
                 else ('cccccccc-0000-4000-8000-' || lpad((1 + g % ${OTHER_USERS})::text, 12, '0'))::uuid end,
       '${SUMMARY} ' || g, 'Generated for the portal load benchmark.',
       (array['new','open','waiting_on_customer','on_hold','resolved','closed'])[1 + g % 6]::public.ticket_status,
       case when g % 6 = 5 then 'confirmed'::public.close_reason end,
       (array['low','normal','high','urgent'])[1 + g % 4]::public.ticket_priority,
       now() - (g * interval '30 seconds')
     from generate_series($2::int + 1, $3::int) g`,
    [customer, have, target],
  )
  await db.query('analyze public.tickets')
  console.log(`Added ${target - have} tickets in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  return target
}

const percentile = (xs, p) => {
  const sorted = [...xs].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN
}

/** Create ticket + intent, as the portal's action does it, for many customers at once. */
async function createTickets() {
  const child = spawn('npm', ['run', 'perf:tickets', '-w', '@siyakha/backend'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      PERF_API_URL: values.supabase,
      PERF_CUSTOMERS: values.customers,
      PERF_ROUNDS: values.rounds,
    },
  })
  const [code] = await once(child, 'exit')
  if (code !== 0) throw new Error(`perf:tickets exited with ${code}`)
}

/** autocannon against one page; every response's time is kept for exact percentiles. */
async function load(label, path, cookie) {
  const url = `${values.portal}${path}`
  const check = await fetch(url, { headers: { cookie }, redirect: 'manual' })
  const html = await check.text()
  if (check.status !== 200 || !html.includes(SUMMARY)) {
    throw new Error(`${path} answered ${check.status} without the customer's tickets: not signed in?`)
  }
  const times = []
  const instance = autocannon({
    url,
    connections: Number(values.connections),
    duration: Number(values.seconds),
    headers: { cookie },
  })
  instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime))
  const result = await instance
  return {
    label,
    requests: result.requests.total,
    'req/s': Math.round(result.requests.average),
    non2xx: result.non2xx,
    errors: result.errors,
    p50: Math.round(percentile(times, 50)),
    p95: Math.round(percentile(times, 95)),
    p99: Math.round(percentile(times, 99)),
  }
}

const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString())

/**
 * CPU time (ms) the portal's Next server has used so far: its `next-server` processes (their
 * working directory is apps/portal). Undefined when none runs here (a portal elsewhere).
 */
function portalCpuMs() {
  let ticks
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let stat
    try {
      if (!readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('next-server')) continue
      if (!readlinkSync(`/proc/${pid}/cwd`).endsWith('/apps/portal')) continue
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    } catch (error) {
      // Another process that ended, or one not ours to read, while the list was walked.
      if (error.code === 'ENOENT' || error.code === 'EACCES' || error.code === 'ESRCH') continue
      throw error
    }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    ticks = (ticks ?? 0) + Number(fields[11]) + Number(fields[12])
  }
  return ticks === undefined ? undefined : (ticks * 1000) / CLOCK_TICKS
}

/** Opens a page in Chromium `values.visits` times, each in a fresh context, after one warm-up. */
async function visits(browser, label, path, session) {
  const runs = []
  for (let i = 0; i <= Number(values.visits); i++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    try {
      await context.addCookies([{ ...session, url: values.portal }])
      const page = await context.newPage()
      let requests = 0
      let pages = 0
      page.on('request', (request) => {
        if (!request.url().startsWith(values.portal)) return
        requests++
        if (request.resourceType() === 'document' || new URL(request.url()).searchParams.has('_rsc')) pages++
      })
      const before = portalCpuMs()
      await page.goto(`${values.portal}${path}`, { waitUntil: 'networkidle' })
      const after = portalCpuMs()
      if (i > 0) runs.push({ requests, pages, cpu: after === undefined ? undefined : after - before })
    } finally {
      await context.close()
    }
  }
  const median = (xs) => percentile(xs, 50)
  return {
    label,
    requests: median(runs.map((r) => r.requests)),
    'pages rendered': median(runs.map((r) => r.pages)),
    'server CPU ms': runs[0].cpu === undefined ? 'n/a' : Math.round(median(runs.map((r) => r.cpu))),
  }
}

try {
  const customer = await customerId()
  const total = await seed(customer)
  const { rows } = await db.query(
    `select id, to_json(created_at) #>> '{}' as created_at from public.tickets
     where created_by_user_id = $1 order by created_at desc, id desc limit 50`,
    [customer],
  )
  // The second page of My Tickets starts below the 50th ticket (the portal's "Older tickets" link).
  const fiftieth = rows.at(-1)
  const olderHref = `/portal/my-tickets?after=${encodeURIComponent(`${fiftieth.created_at}_${fiftieth.id}`)}`
  const { name, value } = sessionCookie(values.supabase, await signIn(values.supabase, EMAIL))
  const cookie = `${name}=${value}`
  console.log(
    `${total} generated tickets (${total / 5000} the customer's); ${values.connections} connections, ${values.seconds} s per page`,
  )
  // The helpdesk as an agent sees it: the queue's default view, two other sorts, a ticket.
  const agent = await signIn(values.supabase, 'agent@siyakha.example')
  const agentCookie = (({ name, value }) => `${name}=${value}`)(sessionCookie(values.supabase, agent))
  const results = [
    await load('My Tickets', '/portal/my-tickets', cookie),
    await load('My Tickets, older', olderHref, cookie),
    await load('ticket page', `/portal/tickets/${rows[0].id}`, cookie),
    await load('helpdesk queue', '/portal/helpdesk', agentCookie),
    await load('queue, all by last activity', '/portal/helpdesk?status=all&sort=activity', agentCookie),
    await load('queue, by SLA due', '/portal/helpdesk?sort=sla', agentCookie),
    await load('helpdesk ticket', `/portal/helpdesk/${rows[0].id}`, agentCookie),
  ]
  console.table(Object.fromEntries(results.map(({ label, ...row }) => [label, row])))
  if (Number(values.visits) > 0) {
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
    try {
      const agentSession = sessionCookie(values.supabase, agent)
      const seen = [
        await visits(browser, 'My Tickets', '/portal/my-tickets', { name, value }),
        await visits(browser, 'helpdesk queue', '/portal/helpdesk', agentSession),
      ]
      console.log(`Browser visits, a fresh cache each (median of ${values.visits}):`)
      console.table(Object.fromEntries(seen.map(({ label, ...row }) => [label, row])))
    } finally {
      await browser.close()
    }
  }
  if (Number(values.customers) > 0) await createTickets()
} finally {
  await db.end()
}
