// The callers of the row-level security tests: anon and each seeded demo user, signed in through
// supabase-js exactly as the portal signs in (password sign-in against the test stack).
import { beforeAll } from 'vitest'
import {
  anonClient,
  type Client,
  DEMO,
  type DemoUser,
  SEED_TICKET_IDS,
  SEED_TICKETS,
  type SeedTicketId,
  type SignedInUser,
  serviceClient,
  signInAs,
  sql,
} from '../helpers'

export type Caller = 'anon' | DemoUser
export const SIGNED_IN: DemoUser[] = ['thabo', 'companyMember', 'companyAdmin', 'agent', 'providerAdmin']
export const CALLERS: Caller[] = ['anon', ...SIGNED_IN]
export const STAFF: DemoUser[] = ['agent', 'providerAdmin']

export const users = {} as Record<DemoUser, SignedInUser>
export const db = {} as Record<Caller, Client>
export const service: Client = serviceClient()

export const T = (n: string) => `00000000-0000-4000-8000-0000000000${n}` as SeedTicketId

/** Signs every demo user in before the file's tests run. */
export function useCallers(): void {
  beforeAll(async () => {
    db.anon = anonClient()
    for (const user of SIGNED_IN) {
      users[user] = await signInAs(user)
      db[user] = users[user].supabase
    }
  })
}

/** Ids of seeded tickets a caller can read. */
export async function visibleSeedTickets(caller: Caller): Promise<string[]> {
  const { data, error } = await db[caller].from('tickets').select('id').in('id', SEED_TICKET_IDS)
  if (error) throw error
  return data.map((row) => row.id).sort()
}

export const seedTickets = (filter: (t: (typeof SEED_TICKETS)[SeedTicketId]) => boolean) =>
  SEED_TICKET_IDS.filter((id) => filter(SEED_TICKETS[id])).sort()

/** A fresh ticket in the given state, created by `owner` (through SQL, so any state is possible). */
export async function ticketIn(
  status: string,
  owner: DemoUser = 'thabo',
  closeReason: string | null = null,
): Promise<string> {
  const [row] = await sql<{ id: string }>(
    `insert into public.tickets (created_by_user_id, summary, status, close_reason)
     values ($1, 'RLS transition test', $2, $3) returning id`,
    [DEMO[owner].id, status, closeReason],
  )
  return (row as { id: string }).id
}
