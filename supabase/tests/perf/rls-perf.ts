// RLS cost of the portal's queries at scale (not a test): 100,000 tickets over 200 customers and
// 20 companies, then EXPLAIN (ANALYZE, BUFFERS) of every statement the portal sends for My Tickets
// (myTicketsQuery, also its next page), the ticket page, the helpdesk list (each filter, page 20 by
// OFFSET and by cursor), the helpdesk queue function (sorts, filters, search, a deep page) and
// create ticket + WhatsApp intent, as each caller and, side by side, the same statement as the
// service role (no RLS): median execution time, the statement's round trip (planned every time, and
// prepared as PostgREST sends it), buffers and the scan used. PERF_PLANS=1 prints the callers'
// plans; PERF_ONLY=<text> picks cases.
//
//   npm run perf:rls -w @siyakha/backend            # throwaway stack on random ports
//   PERF_TICKETS=1000000 npm run perf:rls …         # the performance.md scale
//   PERF_DB_URL=postgresql://… npm run perf:rls …   # an existing database (adds data to it!)
//   PERF_THEN=<file.sql> npm run perf:rls …         # before and after a migration not yet in place
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { type RunningStack, SERVICE_ROLE_KEY, silentLogger, startStack } from '@siyakha/local-supabase'
import pg from 'pg'

const TICKETS = Number(process.env.PERF_TICKETS ?? 100_000)
const USERS = 200
const COMPANIES = 20
const RUNS = 15

const COLUMNS = 'id, summary, status, created_at, tracking_ref, priority'
/** What PostgREST runs for myTicketsQuery (limit 20), with the scope it sends. */
const listQuery = (where: string) =>
  `select ${COLUMNS} from public.tickets where ${where} order by created_at desc, id desc limit 51`
const HELPDESK_COLUMNS = 'id, summary, status, priority, created_at, tracking_ref, assigned_to'
const TICKET_COLUMNS = 'id, summary, status, created_at, tracking_ref'
const TIMELINE_COLUMNS = 'id, direction, channel, to_from, subject, body, status, created_at, metadata'
/** The unscoped list: a caller's whole view through RLS alone. */
const ALL_QUERY = `select ${COLUMNS} from public.tickets order by created_at desc limit 20`

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')

// Users 1..200 (uuid prefix 'aaaaaaaa'); companies 1..20, each with 10 users: user n belongs to
// company ((n - 1) % 20) + 1, and users 1..20 are those companies' admins. Users 101..200 file
// every ticket privately; users 1..100 file half of theirs under their company.
const SEED = `
insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_sso_user, is_anonymous)
select '00000000-0000-0000-0000-000000000000', ('aaaaaaaa-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid,
  'authenticated', 'authenticated', 'perf-' || g || '@example.com', '', now(), '{}', '{}', now(), now(), false, false
from generate_series(1, ${USERS}) g;

insert into public.companies (id, name)
select ('bbbbbbbb-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid, 'Perf Company ' || g
from generate_series(1, ${COMPANIES}) g;

insert into public.company_members (company_id, user_id, role)
select ('bbbbbbbb-0000-4000-8000-' || lpad((((g - 1) % ${COMPANIES}) + 1)::text, 12, '0'))::uuid,
  ('aaaaaaaa-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid,
  case when g <= ${COMPANIES} then 'company_admin'::public.company_role else 'member' end
from generate_series(1, 100) g;

-- Generated history: no notifications (private.notifications_off).
set siyakha.notifications = 'off';
insert into public.tickets (created_by_user_id, company_id, summary, details, status, close_reason, priority,
  tracking_ref, created_at)
select ('aaaaaaaa-0000-4000-8000-' || lpad(u::text, 12, '0'))::uuid,
  case when u <= 100 and g % 2 = 0
    then ('bbbbbbbb-0000-4000-8000-' || lpad((((u - 1) % ${COMPANIES}) + 1)::text, 12, '0'))::uuid end,
  'Perf ticket ' || g, 'Generated for the RLS benchmark.',
  (array['new','open','waiting_on_customer','on_hold','resolved','closed'])[1 + g % 6]::public.ticket_status,
  case when g % 6 = 5 then 'confirmed'::public.close_reason end,
  (array['low','normal','high','urgent'])[1 + g % 4]::public.ticket_priority,
  'TCK-' || upper(lpad(to_hex(g), 6, '0')),
  now() - (g * interval '3 minutes')
from generate_series(1, ${TICKETS}) g, lateral (select 1 + (g::bigint * 7919) % ${USERS} as u) pick;

-- Time logged on two tickets in three (up to 10 h each), straight into the totals the time
-- entries' trigger keeps: the queue's time sort reads only these.
update public.ticket_time_totals tt set minutes = x.m, billable_minutes = x.m / 2
from (select t.id, abs(hashtext(t.id::text)) as h, abs(hashtext(t.id::text)) % 600 + 1 as m from public.tickets t) x
where x.id = tt.ticket_id and x.h % 3 > 0;

analyze auth.users; analyze public.companies; analyze public.company_members; analyze public.tickets;
analyze public.ticket_time_totals;
`

const user = (n: number) => `aaaaaaaa-0000-4000-8000-${String(n).padStart(12, '0')}`

interface Case {
  label: string
  role: 'authenticated' | 'service_role'
  sub?: string
  /** How the caller signed in: 'aal2' with a second factor (staff's recommended setup). */
  aal?: 'aal1' | 'aal2'
  query: string
}

/** Who runs a case's statement. */
type Caller = Pick<Case, 'role' | 'sub' | 'aal'>

const SERVICE_ROLE_CLAIMS = Buffer.from(SERVICE_ROLE_KEY.split('.')[1] ?? '', 'base64url').toString()

/**
 * The token's claims as PostgREST sets them: a user's are what Supabase Auth puts in an access token
 * (the policies parse them, and their size is part of that cost), the service role's what its key
 * carries.
 */
function claimsOf(c: Case): string {
  if (!c.sub) return SERVICE_ROLE_CLAIMS
  const iat = Math.floor(Date.now() / 1000)
  const aal = c.aal ?? 'aal1'
  return JSON.stringify({
    iss: 'http://127.0.0.1:54321/auth/v1',
    sub: c.sub,
    aud: 'authenticated',
    exp: iat + 3600,
    iat,
    email: `${c.sub.slice(-4)}@perf.example`,
    phone: '',
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: { full_name: 'Perf User', email_verified: true },
    role: c.role,
    aal,
    amr:
      aal === 'aal2'
        ? [
            { method: 'totp', timestamp: iat },
            { method: 'password', timestamp: iat },
          ]
        : [{ method: 'password', timestamp: iat }],
    session_id: '5f0c1d2e-3a4b-4c5d-8e9f-0a1b2c3d4e5f',
    is_anonymous: false,
  })
}

/** Acts as the case's caller for the rest of the transaction, with the claims PostgREST would set. */
async function asCaller(db: pg.Client, c: Case): Promise<void> {
  await db.query(
    `set local role ${c.role}; select set_config('request.jwt.claims', ${pg.escapeLiteral(claimsOf(c))}, true)`,
  )
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of the statement, RUNS times as the caller and as the service role in
 * turn (each run in its own transaction, rolled back), so both meet the same moment of a shared
 * machine: execution times, and the last plan of each.
 */
async function explainBoth(db: pg.Client, caller: Case, service: Case) {
  const result = { caller: { plan: '', times: [] as number[] }, service: { plan: '', times: [] as number[] } }
  for (let i = 0; i < RUNS; i++) {
    for (const [c, into] of [
      [caller, result.caller],
      [service, result.service],
    ] as const) {
      await db.query('begin')
      try {
        await asCaller(db, c)
        const { rows } = await db.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${c.query}`)
        into.plan = rows.map((r) => r['QUERY PLAN']).join('\n')
        const match = /Execution Time: ([\d.]+) ms/.exec(into.plan)
        if (match) into.times.push(Number(match[1]))
      } finally {
        await db.query('rollback')
      }
    }
  }
  return result
}

/** The top node's shared buffers ("hit=12 read=3"), i.e. the whole query's. */
const buffers = (plan: string) => /Buffers: shared ([^\n]*)/.exec(plan)?.[1]?.trim() ?? '-'
/** The scan that reads the listed table (not a policy's lookups), for the summary. */
const topNode = (plan: string) => {
  const scan = (tables: string) =>
    new RegExp(`(Index Only Scan|Index Scan|Bitmap Heap Scan|Seq Scan) (using \\S+ )?on (${tables})\\b`).exec(
      plan,
    )?.[0]
  return scan('tickets|ticket_messages') ?? scan('company_members|user_roles') ?? '-'
}

/**
 * The statement's round trip from this client: wall time of each of RUNS × 8 runs as the caller
 * and as the service role, taking turns in one transaction (rolled back; two would wait on each
 * other's row locks). EXPLAIN's execution time leaves out planning and the round trip, which a
 * policy also changes; and one side's runs all before the other's would put the machine's drift
 * between them.
 *
 * Sent two ways. As a simple query, planned every time, as the REST stand-in sends it. Prepared
 * (a named statement per side, so each keeps the plan made for its role), as PostgREST sends it: the
 * plan is kept for the connection, and what is left is what the statement and its policies run.
 */
async function roundTripsBoth(db: pg.Client, caller: Case, service: Case, prepared: boolean) {
  const times = { caller: [] as number[], service: [] as number[] }
  await db.query('begin')
  try {
    for (let run = 0; run < RUNS * 8; run++) {
      for (const side of run % 2 === 0
        ? (['caller', 'service'] as const)
        : (['service', 'caller'] as const)) {
        const c = side === 'caller' ? caller : service
        await asCaller(db, c)
        const started = process.hrtime.bigint()
        await db.query(prepared ? { name: `${side}: ${c.label}`, text: c.query } : c.query)
        times[side].push(Number(process.hrtime.bigint() - started) / 1e6)
      }
    }
  } finally {
    await db.query('rollback')
  }
  return times
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)] ?? Number.NaN
}

async function main(): Promise<void> {
  let stack: RunningStack | undefined
  let dataDir: string | undefined
  let url = process.env.PERF_DB_URL
  if (!url) {
    dataDir = mkdtempSync(path.join(tmpdir(), 'siyakha-perf-'))
    const base = 43000 + Math.floor(Math.random() * 400) * 10
    console.log('Starting a throwaway stack…')
    stack = await startStack({
      rootDir: repoRoot,
      dataDir,
      ports: { api: base + 1, db: base + 2, mailbox: base + 4, smtp: base + 5, graph: base + 6 },
      log: silentLogger,
    })
    url = stack.urls.db
  }
  const db = new pg.Client({ connectionString: url })
  await db.connect()
  try {
    const started = Date.now()
    await db.query(SEED)
    console.log(
      `Seeded ${TICKETS} tickets, ${USERS} users, ${COMPANIES} companies in ${Date.now() - started} ms\n`,
    )

    const customer = user(150) // private tickets only
    const companyAdmin = user(3) // admin of company 3, plus own tickets
    const agent = user(199)
    await db.query(
      `insert into public.user_roles (user_id, role) values ($1, 'agent') on conflict do nothing`,
      [agent],
    )
    const company = (n: number) => `bbbbbbbb-0000-4000-8000-${String(n).padStart(12, '0')}`
    // A ticket of the customer's with a timeline (three messages, one an internal note).
    const {
      rows: [ticket],
    } = await db.query<{ id: string; created_at: Date }>(
      `select id, created_at from public.tickets where created_by_user_id = $1 order by created_at desc offset 5 limit 1`,
      [customer],
    )
    if (!ticket) throw new Error('the customer has no tickets')
    await db.query(
      `insert into public.ticket_messages (ticket_id, direction, channel, body, created_by)
       select $1, d::public.message_direction, 'portal', 'Perf message ' || d, $2
       from unnest(array['inbound', 'outbound', 'internal']) d`,
      [ticket.id, customer],
    )
    // Somewhere deep in the helpdesk's "all open work": where page 20 starts.
    const {
      rows: [deep],
    } = await db.query<{ id: string; created_at: Date }>(
      `select id, created_at from public.tickets where status not in ('resolved', 'closed')
       order by created_at desc, id desc offset 950 limit 1`,
    )
    if (!deep) throw new Error('too few tickets for page 20')
    const cursor = `(created_at, id) < ('${deep.created_at.toISOString()}', '${deep.id}')`

    const customerScope = listQuery(`created_by_user_id = '${customer}'`)
    const adminScope = listQuery(
      `(created_by_user_id = '${companyAdmin}' or company_id in ('${company(3)}'))`,
    )
    const staffScope = listQuery(`created_by_user_id = '${agent}'`)
    const active = `status not in ('resolved', 'closed')`
    const helpdesk = (where: string, tail = 'limit 51') =>
      `select ${HELPDESK_COLUMNS} from public.tickets where ${where} order by created_at desc, id desc ${tail}`
    const queue = (args = '') =>
      `select * from public.helpdesk_queue(${args ? `${args}, ` : ''}p_limit := 51)`
    const adminCompanies = (who: string) =>
      `select company_id from public.company_members where user_id = '${who}' and role = 'company_admin'`
    const ticketById = `select ${TICKET_COLUMNS} from public.tickets where id = '${ticket.id}'`
    // As the customer's ticket page asks (timelineQuery with internalNotes: false).
    const timeline = `select ${TIMELINE_COLUMNS} from public.ticket_messages where ticket_id = '${ticket.id}' and internal = false order by created_at`
    const createTicket = (who: string) =>
      `insert into public.tickets (company_id, created_by_user_id, channel, priority, summary, details)
       values (null, '${who}', 'portal', 'normal', 'Perf create', null) returning id, tracking_ref`
    const intent = (who: string) =>
      `insert into public.ticket_messages (ticket_id, direction, channel, to_from, body, created_by, metadata)
       values ('${ticket.id}', 'outbound', 'whatsapp', '+27821234567', 'Perf intent', '${who}', '{}') returning id`

    const as = (sub: string, aal?: Case['aal']): Caller => ({
      role: 'authenticated',
      sub,
      aal,
    })
    // [label, caller, query]: each query once as the caller (RLS) and once as the service role.
    const cases: [string, Caller, string][] = [
      ['customer: admin companies check', as(customer), adminCompanies(customer)],
      ['customer: My Tickets', as(customer), customerScope],
      [
        'customer: My Tickets, next page',
        as(customer),
        listQuery(`created_by_user_id = '${customer}' and ${cursor}`),
      ],
      ['company admin: admin companies check', as(companyAdmin), adminCompanies(companyAdmin)],
      ['company admin: My Tickets', as(companyAdmin), adminScope],
      ['staff: My Tickets', as(agent), staffScope],
      ['customer: ticket page, ticket', as(customer), ticketById],
      ['customer: ticket page, timeline', as(customer), timeline],
      [
        'staff: is staff check',
        as(agent),
        `select role from public.user_roles where user_id = '${agent}' limit 1`,
      ],
      ['staff: helpdesk, all open work', as(agent), helpdesk(active)],
      ['staff: helpdesk, status new', as(agent), helpdesk(`status = 'new'`)],
      ['staff: helpdesk, all tickets', as(agent), helpdesk('true')],
      ['staff: helpdesk, page 20 by offset', as(agent), helpdesk(active, 'limit 51 offset 950')],
      ['staff: helpdesk, page 20 by cursor', as(agent), helpdesk(`${active} and ${cursor}`)],
      ['staff: helpdesk, assigned to me', as(agent), helpdesk(`${active} and assigned_to = '${agent}'`)],
      ['staff: helpdesk ticket', as(agent), ticketById],
      ['staff, signed in with two factors: helpdesk ticket', as(agent, 'aal2'), ticketById],
      // The queue (public.helpdesk_queue, issue 13): one statement per page whatever the sort.
      ['staff: queue, open work, newest', as(agent), queue()],
      ['staff: queue, open work, by SLA due', as(agent), queue(`p_sort := 'sla', p_descending := false`)],
      ['staff: queue, open work, by priority', as(agent), queue(`p_sort := 'priority'`)],
      ['staff: queue, all, by last activity', as(agent), queue(`p_status := 'all', p_sort := 'activity'`)],
      [
        'staff: queue, all, by company',
        as(agent),
        queue(`p_status := 'all', p_sort := 'company', p_descending := false`),
      ],
      [
        'staff: queue, all, by requester',
        as(agent),
        queue(`p_status := 'all', p_sort := 'requester', p_descending := false`),
      ],
      [
        'staff: queue, open work, page 20 by cursor',
        as(agent),
        queue(
          `p_cursor_value := '${deep.created_at.toISOString()}', p_cursor_created_at := '${deep.created_at.toISOString()}', p_cursor_id := '${deep.id}'`,
        ),
      ],
      ['staff: queue, unassigned, urgent', as(agent), queue(`p_assignee := 'none', p_priority := 'urgent'`)],
      [
        'staff: queue, breached',
        as(agent),
        queue(`p_breached := true, p_sort := 'sla', p_descending := false`),
      ],
      ['staff: queue, one company', as(agent), queue(`p_company := '${company(3)}'`)],
      // Time on tickets (issue 46): the queue by time logged, and a ticket's total.
      ['staff: queue, open work, most time', as(agent), queue(`p_sort := 'time'`)],
      [
        'staff: queue, all, least time',
        as(agent),
        queue(`p_status := 'all', p_sort := 'time', p_descending := false`),
      ],
      [
        'staff: queue, one company, most time',
        as(agent),
        queue(`p_company := '${company(3)}', p_sort := 'time'`),
      ],
      ['staff: ticket time total', as(agent), `select * from public.ticket_time_total('${ticket.id}')`],
      ['staff: queue, search', as(agent), queue(`p_status := 'all', p_search := 'Perf ticket 77777'`)],
      ['customer: unscoped list (RLS alone)', as(customer), ALL_QUERY],
      ['customer: create ticket', as(customer), createTicket(customer)],
      ['customer: WhatsApp intent message', as(customer), intent(customer)],
    ]
    const only = process.env.PERF_ONLY
    const suite = async (title: string) => {
      const summary: string[][] = []
      for (const [label, caller, query] of cases) {
        if (only && !label.includes(only)) continue
        const asThem: Case = { label, ...caller, query }
        const asService: Case = { label, role: 'service_role', query }
        const { caller: mine, service: baseline } = await explainBoth(db, asThem, asService)
        if (process.env.PERF_PLANS) console.log(`=== ${label} ===\n${mine.plan}\n`)
        const ms = median(mine.times)
        const base = median(baseline.times)
        const trips = await roundTripsBoth(db, asThem, asService, false)
        const trip = median(trips.caller)
        const baseTrip = median(trips.service)
        const preparedTrips = await roundTripsBoth(db, asThem, asService, true)
        const preparedTrip = median(preparedTrips.caller)
        const preparedBase = median(preparedTrips.service)
        summary.push([
          label,
          ms.toFixed(3),
          base.toFixed(3),
          `x${(ms / base).toFixed(2)}`,
          trip.toFixed(3),
          baseTrip.toFixed(3),
          `x${(trip / baseTrip).toFixed(2)}`,
          preparedTrip.toFixed(3),
          preparedBase.toFixed(3),
          `x${(preparedTrip / preparedBase).toFixed(2)}`,
          buffers(mine.plan),
          buffers(baseline.plan),
          topNode(mine.plan),
        ])
      }
      console.log(
        `${title}Medians, ${TICKETS} tickets, caller vs service_role: EXPLAIN execution time (${RUNS} runs each, in turns), then the statement's round trip from this client (${RUNS * 8} runs each, in turns), as a simple query planned every time (the REST stand-in's way) and prepared (PostgREST's way):`,
      )
      console.log(
        [
          'query',
          'caller ms',
          'service ms',
          'ratio',
          'caller trip ms',
          'service trip ms',
          'trip ratio',
          'caller prepared ms',
          'service prepared ms',
          'prepared ratio',
          'caller buffers',
          'service buffers',
          'plan',
        ].join(' | '),
      )
      for (const row of summary) console.log(row.join(' | '))
    }
    // PERF_THEN=<file.sql>: the suite, then the file applied, then the suite again, on the same data
    // (a migration not yet in supabase/migrations, measured before and after in one run).
    const then = process.env.PERF_THEN
    await suite(then ? 'Before: ' : '')
    if (then) {
      await db.query(readFileSync(path.resolve(then), 'utf8'))
      console.log()
      await suite(`After ${path.basename(then)}: `)
    }
  } finally {
    await db.end()
    await stack?.stop()
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
