import type { TypedSupabaseClient } from './types'

/**
 * The portal's reads (SPEC §7), as plain functions of a client so server components, client
 * components and tests share them. Each returns the query builder: await it for `{ data }`.
 * Row-level security decides what a user sees; these add no access rules of their own.
 */

export const TICKET_LIST_COLUMNS = 'id, summary, status, created_at, tracking_ref, priority'
export const TICKET_COLUMNS = 'id, summary, status, created_at, tracking_ref'
export const TIMELINE_COLUMNS = 'id, direction, channel, to_from, subject, body, status, created_at, metadata'

/** The companies whose tickets the user reads as their company admin (usually none). */
export function adminCompanyIdsQuery(client: TypedSupabaseClient, userId: string) {
  return client
    .from('company_members')
    .select('company_id')
    .eq('user_id', userId)
    .eq('role', 'company_admin')
    .throwOnError()
}

export interface MyTicketsScope {
  /** The signed-in user. */
  userId: string
  /** From `adminCompanyIdsQuery`: their companies' tickets belong on the list too. */
  adminCompanyIds?: readonly string[]
  limit?: number
}

/**
 * "My Tickets", newest first: the tickets the user created and, for a company admin, their
 * companies' tickets (for staff too: the helpdesk lists everyone's). The filter names what row-level
 * security would allow anyway, so Postgres reads the per-user and per-company indexes instead of
 * passing every ticket through the policy (supabase/tests/perf/rls-perf.ts).
 */
export function myTicketsQuery(
  client: TypedSupabaseClient,
  { userId, adminCompanyIds = [], limit = 20 }: MyTicketsScope,
) {
  const query = client.from('tickets').select(TICKET_LIST_COLUMNS)
  const scoped =
    adminCompanyIds.length === 0
      ? query.eq('created_by_user_id', userId)
      : query.or(`created_by_user_id.eq.${userId},company_id.in.(${adminCompanyIds.join(',')})`)
  return scoped.order('created_at', { ascending: false }).limit(limit).throwOnError()
}

/** One ticket; `data` is null when it does not exist or the user may not read it. */
export function ticketQuery(client: TypedSupabaseClient, id: string) {
  return client.from('tickets').select(TICKET_COLUMNS).eq('id', id).maybeSingle().throwOnError()
}

/** The ticket's messages, oldest first (internal notes only reach staff). */
export function timelineQuery(client: TypedSupabaseClient, ticketId: string) {
  return client
    .from('ticket_messages')
    .select(TIMELINE_COLUMNS)
    .eq('ticket_id', ticketId)
    .order('created_at', { ascending: true })
    .throwOnError()
}

/**
 * Whether the signed-in user is a provider admin (siyakha_admin). A failing check is logged and
 * treated as "not admin" (SPEC §6).
 */
export async function isProviderAdminQuery(client: TypedSupabaseClient): Promise<boolean> {
  const { data, error } = await client.from('user_roles').select('role').eq('role', 'siyakha_admin').limit(1)
  if (error) {
    console.error('Role check failed; treating the user as not an admin.', error.message)
    return false
  }
  return (data ?? []).length > 0
}
