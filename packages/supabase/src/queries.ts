import type { TypedSupabaseClient } from './types'

/**
 * The portal's reads (SPEC §7), as plain functions of a client so server components, client
 * components and tests share them. Each returns the query builder: await it for `{ data }`.
 * Row-level security decides what a user sees; these add no access rules of their own.
 */

export const TICKET_LIST_COLUMNS = 'id, summary, status, created_at, tracking_ref, priority'
export const TICKET_COLUMNS = 'id, summary, status, created_at, tracking_ref'
export const TIMELINE_COLUMNS = 'id, direction, channel, to_from, subject, body, status, created_at, metadata'

/** "My Tickets": the tickets the user may read, newest first. */
export function myTicketsQuery(client: TypedSupabaseClient, { limit = 20 }: { limit?: number } = {}) {
  return client
    .from('tickets')
    .select(TICKET_LIST_COLUMNS)
    .order('created_at', { ascending: false })
    .limit(limit)
    .throwOnError()
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
