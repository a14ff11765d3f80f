// RLS cost of the portal's ticket list at scale (not a test): 100,000 tickets over 200 customers
// and 20 companies, then EXPLAIN (ANALYZE, BUFFERS) of the query the portal sends for "My Tickets"
// (myTicketsQuery: the user's own tickets, plus their companies' for a company admin) as each
// caller and, side by side, the same query as the service role (no RLS), with median times.
//
//   npm run perf:rls -w @siyakha/backend            # throwaway stack on random ports
//   PERF_TICKETS=1000000 npm run perf:rls …         # the performance.md scale
//   PERF_DB_URL=postgresql://… npm run perf:rls …   # an existing database (adds data to it!)
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { type RunningStack, silentLogger, startStack } from '@siyakha/local-supabase'
import pg from 'pg'

const TICKETS = Number(process.env.PERF_TICKETS ?? 100_000)
const USERS = 200
const COMPANIES = 20
const RUNS = 15

const COLUMNS = 'id, summary, status, created_at, tracking_ref, priority'
/** What PostgREST runs for myTicketsQuery (limit 20), with the scope it sends. */
const listQuery = (where: string) =>
  `select ${COLUMNS} from public.tickets where ${where} order by created_at desc limit 20`
/** The unscoped list: what staff's helpdesk reads. */
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
from generate_series(1, ${TICKETS}) g, lateral (select 1 + (g * 7919) % ${USERS} as u) pick;

analyze auth.users; analyze public.companies; analyze public.company_members; analyze public.tickets;
`

const user = (n: number) => `aaaaaaaa-0000-4000-8000-${String(n).padStart(12, '0')}`

interface Case {
  label: string
  role: 'authenticated' | 'service_role'
  sub?: string
  query: string
}

async function explain(db: pg.Client, c: Case): Promise<{ plan: string; times: number[] }> {
  const times: number[] = []
  let plan = ''
  for (let i = 0; i < RUNS; i++) {
    await db.query('begin')
    try {
      await db.query(`set local role ${c.role}`)
      if (c.sub) {
        await db.query(`select set_config('request.jwt.claims', $1, true)`, [
          JSON.stringify({ sub: c.sub, role: 'authenticated' }),
        ])
      }
      const { rows } = await db.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${c.query}`)
      plan = rows.map((r) => r['QUERY PLAN']).join('\n')
      const match = /Execution Time: ([\d.]+) ms/.exec(plan)
      if (match) times.push(Number(match[1]))
    } finally {
      await db.query('rollback')
    }
  }
  return { plan, times }
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
      ports: { api: base + 1, db: base + 2, mailbox: base + 4, smtp: base + 5 },
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
    await db.query(
      `insert into public.user_roles (user_id, role) values ($1, 'agent') on conflict do nothing`,
      [user(199)],
    )
    const company = (n: number) => `bbbbbbbb-0000-4000-8000-${String(n).padStart(12, '0')}`
    const customerScope = listQuery(`created_by_user_id = '${customer}'`)
    const adminScope = listQuery(
      `(created_by_user_id = '${companyAdmin}' or company_id in ('${company(3)}'))`,
    )
    const staffScope = listQuery(`created_by_user_id = '${user(199)}'`)
    // Pairs: the same query as the caller (RLS) and as the service role.
    const pairs: [string, Case, Case][] = [
      [
        'customer: My Tickets',
        { label: 'customer', role: 'authenticated', sub: customer, query: customerScope },
        { label: 'service_role', role: 'service_role', query: customerScope },
      ],
      [
        'company admin: My Tickets',
        { label: 'company admin', role: 'authenticated', sub: companyAdmin, query: adminScope },
        { label: 'service_role', role: 'service_role', query: adminScope },
      ],
      [
        'staff: My Tickets',
        { label: 'staff agent', role: 'authenticated', sub: user(199), query: staffScope },
        { label: 'service_role', role: 'service_role', query: staffScope },
      ],
      [
        'staff: helpdesk (all tickets)',
        { label: 'staff agent', role: 'authenticated', sub: user(199), query: ALL_QUERY },
        { label: 'service_role', role: 'service_role', query: ALL_QUERY },
      ],
      [
        'customer: unscoped list (RLS alone)',
        { label: 'customer', role: 'authenticated', sub: customer, query: ALL_QUERY },
        { label: 'service_role', role: 'service_role', query: ALL_QUERY },
      ],
    ]
    const summary: [string, number, number][] = []
    for (const [label, asCaller, asService] of pairs) {
      const caller = await explain(db, asCaller)
      const baseline = await explain(db, asService)
      console.log(`=== ${label}, as ${asCaller.label} ===\n${caller.plan}\n`)
      summary.push([label, median(caller.times), median(baseline.times)])
    }
    console.log(`Median execution time over ${RUNS} runs, ${TICKETS} tickets (same query as service_role):`)
    for (const [label, ms, base] of summary) {
      console.log(
        `  ${label.padEnd(38)} ${ms.toFixed(3).padStart(8)} ms  vs ${base.toFixed(3).padStart(8)} ms   x${(ms / base).toFixed(2)}`,
      )
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
