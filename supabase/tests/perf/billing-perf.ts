// What billing costs at scale (issue 46; not a test): 1,000,000 tickets and 5,000,000 time entries
// over two years, 200 companies of skewed size (company k holds about 1/k of the work, so the
// largest has ~13%), each on a retainer. Measured as the caller and, in turns, as the service role
// (medians and p95 of repeated prepared calls, as PostgREST sends them): the largest company's
// monthly statement (summary and lines) as its company admin and as an agent, one ticket's time
// total, and an agent's read of the company's month straight from time_entries (row-level security
// on the table itself). PERF_PLANS=1 prints EXPLAIN ANALYZE of the statement's queries.
//
//   npm run perf:billing -w @siyakha/backend                 # throwaway stack on random ports
//   PERF_TICKETS=100000 PERF_ENTRIES=500000 npm run perf:billing …   # a quicker, smaller run
//   PERF_DB_URL=postgresql://… npm run perf:billing …        # an existing database (adds data to it!)
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { type RunningStack, SERVICE_ROLE_KEY, silentLogger, startStack } from '@siyakha/local-supabase'
import pg from 'pg'
import { percentile } from './harness'

const TICKETS = Number(process.env.PERF_TICKETS ?? 1_000_000)
const ENTRIES = Number(process.env.PERF_ENTRIES ?? 5_000_000)
const COMPANIES = 200
const AGENTS = 20
const RUNS = Number(process.env.PERF_RUNS ?? 30)

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const uuid = (prefix: string, n: number | string) => `${prefix}-0000-4000-8000-${String(n).padStart(12, '0')}`
const COMPANY = (n: number) => uuid('bbbbbbbb', n)
const AGENT = (n: number) => uuid('aaaaaaaa', n)
/** Company 1's admin (a customer account). */
const COMPANY_ADMIN = uuid('aaaaaaaa', 9001)

// The company of ticket n: log-uniform over 1..200 (P(k) ~ 1/k), from a fixed hash of n; one
// ticket in ten is a private customer's without a company.
const companyOf = (n: string) =>
  `case when ${n} % 10 = 0 then null else least(${COMPANIES}, greatest(1, floor(exp(((${n}::bigint * 7919) % 1000003) / 1000003.0 * ln(${COMPANIES + 1})))))::int end`

const SEED = `
insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_sso_user, is_anonymous)
select '00000000-0000-0000-0000-000000000000', ('aaaaaaaa-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid,
  'authenticated', 'authenticated', 'perf-' || g || '@example.com', '', now(), '{}',
  jsonb_build_object('full_name', 'Perf Agent ' || g), now(), now(), false, false
from (select generate_series(1, ${AGENTS}) g union all select 9001) s;
insert into public.user_roles (user_id, role)
select ('aaaaaaaa-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid, 'agent' from generate_series(1, ${AGENTS}) g;

insert into public.companies (id, name)
select ('bbbbbbbb-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid, 'Perf Company ' || g
from generate_series(1, ${COMPANIES}) g;
insert into public.company_members (company_id, user_id, role) values ('${COMPANY(1)}', '${COMPANY_ADMIN}', 'company_admin');

-- A retainer each, in force over the whole history (half roll unused hours over).
insert into public.contracts (id, company_id, name, kind, starts_on, hours_per_month, rollover, hourly_rate_cents)
select ('dddddddd-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid, ('bbbbbbbb-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid,
  'Perf retainer ' || g, 'retainer', current_date - 800, 40, g % 2 = 0, 95000
from generate_series(1, ${COMPANIES}) g;

-- Generated history, loaded without row triggers (session_replication_role = replica): the
-- columns the triggers would fill (tracking_ref; company, contract and author of an entry) are
-- written here, and the per-ticket totals the time triggers keep are built after.
set session_replication_role = replica;
insert into public.tickets (id, created_by_user_id, company_id, summary, status, close_reason, priority, tracking_ref, created_at)
select ('cccccccc-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid, '${COMPANY_ADMIN}',
  ('bbbbbbbb-0000-4000-8000-' || lpad((${companyOf('g')})::text, 12, '0'))::uuid,
  'Perf ticket ' || g,
  (array['new','open','waiting_on_customer','on_hold','resolved','closed'])[1 + g % 6]::public.ticket_status,
  case when g % 6 = 5 then 'confirmed'::public.close_reason end,
  (array['low','normal','high','urgent'])[1 + g % 4]::public.ticket_priority,
  'TCK-' || upper(lpad(to_hex(g), 6, '0')), now() - (g * interval '1 minute')
from generate_series(1, ${TICKETS}) g;

insert into public.time_entries (ticket_id, agent_id, agent_name, company_id, contract_id, work_date, minutes,
  work_type, billable, note, created_at, updated_at)
select ('cccccccc-0000-4000-8000-' || lpad(t::text, 12, '0'))::uuid,
  ('aaaaaaaa-0000-4000-8000-' || lpad((1 + g % ${AGENTS})::text, 12, '0'))::uuid, 'Perf Agent ' || (1 + g % ${AGENTS}),
  ('bbbbbbbb-0000-4000-8000-' || lpad(c::text, 12, '0'))::uuid, ('dddddddd-0000-4000-8000-' || lpad(c::text, 12, '0'))::uuid,
  current_date - ((g::bigint * 31) % 730)::int, 15 + (g % 8) * 15,
  (array['remote','on_site','travel','project'])[1 + g % 4]::public.work_type, g % 5 <> 0,
  case when g % 3 = 0 then 'Perf note ' || g end, now(), now()
from generate_series(1, ${ENTRIES}) g,
  lateral (select 1 + (g::bigint * 104729) % ${TICKETS} as t) pick,
  lateral (select ${companyOf('t')} as c) owner
-- Time is logged as the work is done, so a month's entries sit together in the table.
order by current_date - ((g::bigint * 31) % 730)::int;
set session_replication_role = origin;

insert into public.ticket_time_totals (ticket_id, ticket_created_at, minutes, billable_minutes)
select t.id, t.created_at, coalesce(s.minutes, 0), coalesce(s.billable, 0)
from public.tickets t
left join (select ticket_id, sum(minutes)::int as minutes, (sum(minutes) filter (where billable))::int as billable
           from public.time_entries group by ticket_id) s on s.ticket_id = t.id
where t.id::text like 'cccccccc-%'
on conflict (ticket_id) do update set minutes = excluded.minutes, billable_minutes = excluded.billable_minutes;

`

/** What autovacuum does after a load: statistics, and the visibility map index-only scans rely on. */
const VACUUM = [
  'auth.users',
  'public.companies',
  'public.company_members',
  'public.contracts',
  'public.tickets',
  'public.time_entries',
  'public.ticket_time_totals',
]

const SERVICE_ROLE_CLAIMS = Buffer.from(SERVICE_ROLE_KEY.split('.')[1] ?? '', 'base64url').toString()

/** The claims PostgREST sets for a signed-in user (what Supabase Auth puts in an access token). */
function claimsOf(sub: string): string {
  const iat = Math.floor(Date.now() / 1000)
  return JSON.stringify({
    sub,
    aud: 'authenticated',
    exp: iat + 3600,
    iat,
    role: 'authenticated',
    aal: 'aal1',
    amr: [{ method: 'password', timestamp: iat }],
    app_metadata: { provider: 'email', providers: ['email'] },
    session_id: '5f0c1d2e-3a4b-4c5d-8e9f-0a1b2c3d4e5f',
    is_anonymous: false,
  })
}

async function actAs(db: pg.Client, sub: string | null): Promise<void> {
  const role = sub ? 'authenticated' : 'service_role'
  await db.query(
    `set local role ${role}; select set_config('request.jwt.claims', ${pg.escapeLiteral(sub ? claimsOf(sub) : SERVICE_ROLE_CLAIMS)}, true)`,
  )
}

/** RUNS prepared calls as the caller and as the service role, taking turns, in one transaction. */
async function timeBoth(db: pg.Client, id: number, sub: string, query: string, params: unknown[]) {
  const times = { caller: [] as number[], service: [] as number[] }
  let rows = 0
  await db.query('begin')
  try {
    for (let run = 0; run < RUNS + 2; run++) {
      for (const side of run % 2 === 0
        ? (['caller', 'service'] as const)
        : (['service', 'caller'] as const)) {
        await actAs(db, side === 'caller' ? sub : null)
        const started = process.hrtime.bigint()
        const result = await db.query({ name: `${side}-${id}`, text: query, values: params })
        // The first two runs of each side warm the plan cache and the buffers.
        if (run >= 2) times[side].push(Number(process.hrtime.bigint() - started) / 1e6)
        if (side === 'caller') rows = result.rowCount ?? 0
      }
    }
  } finally {
    await db.query('rollback')
  }
  return { times, rows }
}

async function explain(db: pg.Client, query: string, params: unknown[]): Promise<string> {
  const { rows } = await db.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${query}`, params)
  return rows.map((r) => r['QUERY PLAN']).join('\n')
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
    for (const table of VACUUM) await db.query(`vacuum analyze ${table}`)
    console.log(
      `Seeded ${TICKETS} tickets and ${ENTRIES} time entries in ${Math.round((Date.now() - started) / 1000)} s`,
    )
    const {
      rows: [largest],
    } = await db.query<{ company_id: string; entries: number }>(
      `select company_id, count(*)::int as entries from public.time_entries
       where company_id is not null group by company_id order by 2 desc limit 1`,
    )
    if (!largest || largest.company_id !== COMPANY(1)) throw new Error('company 1 should be the largest')
    // The last full month: every day of it has time.
    const {
      rows: [{ month, in_month: inMonth } = { month: '', in_month: 0 }],
    } = await db.query<{ month: string; in_month: number }>(
      `select to_char(m, 'YYYY-MM-DD') as month,
              (select count(*)::int from public.time_entries
               where company_id = $1 and work_date >= m and work_date < m + interval '1 month') as in_month
       from (select (date_trunc('month', current_date) - interval '1 month')::date as m) s`,
      [COMPANY(1)],
    )
    const {
      rows: [busiest],
    } = await db.query<{ ticket_id: string; entries: number }>(
      `select ticket_id, count(*)::int as entries from public.time_entries
       where ticket_id in (select id from public.tickets where company_id = $1 limit 2000)
       group by ticket_id order by 2 desc limit 1`,
      [COMPANY(1)],
    )
    if (!busiest) throw new Error('no time on company 1')
    console.log(
      `Largest company: ${largest.entries} entries in all, ${inMonth} in ${month.slice(0, 7)}; busiest ticket measured: ${busiest.entries} entries\n`,
    )
    const agent = AGENT(7)
    const cases: [string, string, string, unknown[]][] = [
      [
        'company admin: statement summary',
        COMPANY_ADMIN,
        'select * from public.statement_summary($1, $2)',
        [COMPANY(1), month],
      ],
      [
        'company admin: statement lines',
        COMPANY_ADMIN,
        'select * from public.statement_lines($1, $2)',
        [COMPANY(1), month],
      ],
      [
        'agent: statement summary',
        agent,
        'select * from public.statement_summary($1, $2)',
        [COMPANY(1), month],
      ],
      ['agent: statement lines', agent, 'select * from public.statement_lines($1, $2)', [COMPANY(1), month]],
      ['agent: ticket time total', agent, 'select * from public.ticket_time_total($1)', [busiest.ticket_id]],
      [
        'agent: ticket time, summed from time_entries',
        agent,
        'select sum(minutes) as minutes, sum(minutes) filter (where billable) as billable from public.time_entries where ticket_id = $1',
        [busiest.ticket_id],
      ],
      [
        "agent: company's month from time_entries (RLS on the table)",
        agent,
        `select count(*), sum(minutes) from public.time_entries
         where company_id = $1 and work_date between $2::date and ($2::date + interval '1 month - 1 day')::date`,
        [COMPANY(1), month],
      ],
    ]
    const table: string[] = [
      'case | rows | caller median ms | caller p95 ms | service median ms | service p95 ms | ratio (medians)',
    ]
    for (const [index, [label, sub, query, params]] of cases.entries()) {
      const { times, rows } = await timeBoth(db, index, sub, query, params)
      const m = percentile(times.caller, 50)
      const s = percentile(times.service, 50)
      table.push(
        [
          label,
          rows,
          m.toFixed(2),
          percentile(times.caller, 95).toFixed(2),
          s.toFixed(2),
          percentile(times.service, 95).toFixed(2),
          `x${(m / s).toFixed(2)}`,
        ].join(' | '),
      )
    }
    console.log(`Prepared calls, ${RUNS} each side in turns, ${TICKETS} tickets, ${ENTRIES} time entries:`)
    for (const line of table) console.log(line)
    if (process.env.PERF_PLANS) {
      const first = month
      const last = `(date '${month}' + interval '1 month - 1 day')::date`
      console.log(
        `\n=== statement: the month's minutes (private.company_minutes) ===\n${await explain(
          db,
          `select coalesce(sum(te.minutes) filter (where te.billable), 0), coalesce(sum(te.minutes) filter (where not te.billable), 0)
           from public.time_entries te where te.company_id = $1 and te.work_date between $2 and ${last}`,
          [COMPANY(1), first],
        )}`,
      )
      // The body of public.statement_lines as it runs for staff (access = 'staff').
      console.log(
        `\n=== statement_lines' query (staff) ===\n${await explain(
          db,
          `with g as (
             select te.ticket_id, te.agent_id, te.work_type, te.billable, count(*) as entries, sum(te.minutes)::bigint as minutes,
                    min(te.work_date) as first_day, max(te.work_date) as last_day
             from public.time_entries te where te.company_id = $1 and te.work_date between $2 and ${last}
             group by te.ticket_id, te.agent_id, te.work_type, te.billable
           ), n as (
             select te.ticket_id, te.agent_id, te.work_type, te.billable,
                    string_agg(btrim(te.note), E'\\n' order by te.work_date, te.created_at) as notes
             from public.time_entries te where te.company_id = $1 and te.work_date between $2 and ${last}
               and te.note is not null and btrim(te.note) <> ''
             group by te.ticket_id, te.agent_id, te.work_type, te.billable
           ), names as (
             select a.agent_id, private.display_name(a.agent_id) as name
             from (select distinct g.agent_id from g where g.agent_id is not null) a
           )
           select g.ticket_id, t.tracking_ref, t.summary, g.agent_id, names.name, g.work_type, g.billable, g.entries, g.minutes,
                  g.first_day, g.last_day, n.notes
           from g cross join lateral (select tk.tracking_ref, tk.summary from public.tickets tk
                                      where tk.id = g.ticket_id offset 0) t
           left join names on names.agent_id = g.agent_id
           left join n on n.ticket_id = g.ticket_id and n.agent_id is not distinct from g.agent_id
                      and n.work_type = g.work_type and n.billable = g.billable
           order by t.tracking_ref, 5, g.work_type, g.billable desc`,
          [COMPANY(1), first],
        )}`,
      )
      console.log(
        `\n=== statement lines (staff: with notes) ===\n${await explain(
          db,
          `select te.ticket_id, te.agent_id, max(te.agent_name), te.work_type, te.billable, count(*), sum(te.minutes),
                  string_agg(nullif(btrim(te.note), ''), E'\\n' order by te.work_date, te.created_at)
           from public.time_entries te where te.company_id = $1 and te.work_date between $2 and ${last}
           group by te.ticket_id, te.agent_id, te.work_type, te.billable`,
          [COMPANY(1), first],
        )}`,
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
