// Shared helpers for tests against the local stack (global-setup.ts): supabase-js clients as anon,
// as each demo user (password sign-in, like the portal), as the service role, and plain SQL as
// postgres. Demo users and ids come from supabase/seed.sql.
import { testClientOptions } from '@siyakha/local-supabase/testing'
import type { Database } from '@siyakha/supabase/types'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import pg from 'pg'
import { inject } from 'vitest'

export const { urls, keys } = inject('stack')

export type Client = SupabaseClient<Database>

export const DEMO_PASSWORD = 'Password123!'

/** The seeded logins (seed.sql), by their role in the tests. */
export const DEMO = {
  providerAdmin: { id: '00000000-0000-4000-8000-000000000001', email: 'admin@siyakha.example' },
  agent: { id: '00000000-0000-4000-8000-000000000002', email: 'agent@siyakha.example' },
  companyAdmin: { id: '00000000-0000-4000-8000-000000000003', email: 'owner@acme-clinic.example' },
  companyMember: { id: '00000000-0000-4000-8000-000000000004', email: 'staff@acme-clinic.example' },
  thabo: { id: '00000000-0000-4000-8000-000000000005', email: 'thabo@example.co.za' },
} as const
export type DemoUser = keyof typeof DEMO

export const ACME_CLINIC_ID = '00000000-0000-4000-8000-0000000000c1'

/** Seeded tickets: id → who created it, whether it is Acme's, its status. */
export const SEED_TICKETS = {
  '00000000-0000-4000-8000-0000000000a1': { by: 'thabo', acme: false, status: 'open' },
  '00000000-0000-4000-8000-0000000000a2': { by: 'thabo', acme: false, status: 'resolved' },
  '00000000-0000-4000-8000-0000000000a3': { by: 'thabo', acme: false, status: 'new' },
  '00000000-0000-4000-8000-0000000000a4': { by: 'thabo', acme: false, status: 'closed' },
  '00000000-0000-4000-8000-0000000000a5': { by: 'companyAdmin', acme: true, status: 'waiting_on_customer' },
  '00000000-0000-4000-8000-0000000000a6': { by: 'companyAdmin', acme: true, status: 'closed' },
  '00000000-0000-4000-8000-0000000000a7': { by: 'companyAdmin', acme: true, status: 'resolved' },
  '00000000-0000-4000-8000-0000000000a8': { by: 'companyMember', acme: true, status: 'on_hold' },
  '00000000-0000-4000-8000-0000000000a9': { by: 'companyMember', acme: true, status: 'new' },
  '00000000-0000-4000-8000-0000000000aa': { by: 'companyMember', acme: false, status: 'open' },
  '00000000-0000-4000-8000-0000000000ab': { by: 'thabo', acme: false, status: 'closed' },
} as const satisfies Record<string, { by: DemoUser; acme: boolean; status: string }>
export type SeedTicketId = keyof typeof SEED_TICKETS
export const SEED_TICKET_IDS = Object.keys(SEED_TICKETS) as SeedTicketId[]

/** The one place test clients are built (see testClientOptions). */
export function client(key: string = keys.anonKey): Client {
  return createClient<Database>(urls.api, key, testClientOptions())
}

export const anonClient = (): Client => client(keys.anonKey)
export const serviceClient = (): Client => client(keys.serviceRoleKey)

export interface SignedInUser {
  id: string
  email: string
  supabase: Client
  accessToken: string
}

/** Password sign-in, as the portal does it. */
export async function signIn(email: string, password = DEMO_PASSWORD): Promise<SignedInUser> {
  const supabase = client()
  const { data, error } = await supabase.auth.signInWithPassword({ email, password })
  if (error) throw error
  return { id: data.user.id, email, supabase, accessToken: data.session.access_token }
}

export const signInAs = (user: DemoUser): Promise<SignedInUser> => signIn(DEMO[user].email)

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`
}

/** A fresh confirmed customer with no company and no role, signed in. */
export async function newCustomer(prefix = 'customer'): Promise<SignedInUser> {
  const email = uniqueEmail(prefix)
  const { error } = await serviceClient().auth.admin.createUser({
    email,
    password: DEMO_PASSWORD,
    email_confirm: true,
  })
  if (error) throw error
  return signIn(email)
}

/** One query as postgres (superuser: no RLS, trusted by the ticket trigger). */
export async function sql<T extends pg.QueryResultRow = pg.QueryResultRow>(
  text: string,
  params: unknown[] = [],
): Promise<T[]> {
  return withPg(async (db) => (await db.query<T>(text, params)).rows)
}

/** A postgres connection for several statements (transactions, `set local role`). */
export async function withPg<T>(run: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: urls.db })
  await db.connect()
  try {
    return await run(db)
  } finally {
    await db.end()
  }
}

/**
 * `run` as a signed-in caller through SQL (no Auth server involved), in a transaction rolled back:
 * `claims` as PostgREST sets them, the `authenticated` role. `prepare` runs first as postgres, for
 * settings only a superuser may change (track_functions).
 */
export async function asCaller<T>(
  claims: Record<string, unknown>,
  run: (db: pg.Client) => Promise<T>,
  prepare?: (db: pg.Client) => Promise<unknown>,
): Promise<T> {
  return withPg(async (db) => {
    await db.query('begin')
    try {
      await prepare?.(db)
      await db.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)])
      await db.query('set local role authenticated')
      return await run(db)
    } finally {
      await db.query('rollback')
    }
  })
}

/** The PostgREST error code of a refused request (42501: privilege or row-level security). */
export function errorCode(result: { error: { code?: string } | null }): string | undefined {
  return result.error?.code
}

/**
 * The version a ticket is at now: what a staff change sends as `expected_version` (the database
 * refuses a staff change without it, private.check_ticket_version).
 */
export async function versionOf(ticketId: string): Promise<number> {
  const [row] = await sql<{ version: number }>('select version from public.tickets where id = $1', [ticketId])
  if (!row) throw new Error(`no ticket ${ticketId}`)
  return row.version
}
