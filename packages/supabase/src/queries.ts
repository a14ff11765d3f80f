import type { Enums, TypedSupabaseClient } from './types'

/**
 * The portal's reads, as plain functions of a client so server components, client
 * components and tests share them. Each returns the query builder: await it for `{ data }`.
 * Row-level security decides what a user sees; these add no access rules of their own.
 */

export const TICKET_LIST_COLUMNS = 'id, summary, status, created_at, tracking_ref, priority'
export const TICKET_COLUMNS =
  'id, summary, details, status, close_reason, channel, created_at, tracking_ref, created_by_user_id, requester_name'
export const TIMELINE_COLUMNS =
  'id, direction, channel, to_from, subject, body, status, created_at, metadata, created_by, author_kind, author_name'

/** The companies whose tickets the user reads as their company admin (usually none). */
export function adminCompanyIdsQuery(client: TypedSupabaseClient, userId: string) {
  return client
    .from('company_members')
    .select('company_id')
    .eq('user_id', userId)
    .eq('role', 'company_admin')
    .throwOnError()
}

/**
 * Where a page of a ticket list starts: the (created_at, id) of the row before it, exactly as the
 * database returned them (created_at keeps its microseconds). Lists are ordered by both, newest
 * first, so the next page is an index scan from that point on, however deep: no OFFSET.
 */
export interface TicketCursor {
  createdAt: string
  id: string
}

/**
 * PostgREST `or` groups, combined into one `or` parameter (postgrest-js adds a second `or` as a
 * second query parameter): each group is a comma-separated list of conditions, one of which holds.
 */
function allOf(groups: readonly string[]): string | undefined {
  if (groups.length === 0) return undefined
  return groups.length === 1 ? groups[0] : `and(${groups.map((group) => `or(${group})`).join(',')})`
}

/** Rows past the cursor: older than it (`older`), or newer (`newer`, for the page before). */
function pastCursor({ createdAt, id }: TicketCursor, direction: 'older' | 'newer'): string {
  const op = direction === 'older' ? 'lt' : 'gt'
  const at = `"${createdAt}"`
  return `created_at.${op}.${at},and(created_at.eq.${at},id.${op}.${id})`
}

export interface MyTicketsScope {
  /** The signed-in user. */
  userId: string
  /** From `adminCompanyIdsQuery`: their companies' tickets belong on the list too. */
  adminCompanyIds?: readonly string[]
  limit?: number
  /** Only tickets older than this one (the next page). */
  after?: TicketCursor
}

/**
 * "My Tickets", newest first: the tickets the user created and, for a company admin, their
 * companies' tickets (for staff too: the helpdesk lists everyone's). The filter names what row-level
 * security would allow anyway, so Postgres reads the per-user and per-company indexes instead of
 * passing every ticket through the policy (supabase/tests/perf/rls-perf.ts).
 */
export function myTicketsQuery(
  client: TypedSupabaseClient,
  { userId, adminCompanyIds = [], limit = 20, after }: MyTicketsScope,
) {
  let query = client.from('tickets').select(TICKET_LIST_COLUMNS)
  const groups: string[] = []
  if (adminCompanyIds.length === 0) query = query.eq('created_by_user_id', userId)
  else groups.push(`created_by_user_id.eq.${userId},company_id.in.(${adminCompanyIds.join(',')})`)
  if (after) {
    // The plain bound lets Postgres start the index scan at the cursor; the `or` settles ties.
    query = query.lte('created_at', after.createdAt)
    groups.push(pastCursor(after, 'older'))
  }
  const filter = allOf(groups)
  if (filter) query = query.or(filter)
  return query
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
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

/** The requester's rating of a ticket, if they gave one (staff and their company admin read it too). */
export function ticketRatingQuery(client: TypedSupabaseClient, ticketId: string) {
  return client
    .from('ticket_ratings')
    .select('rating, comment, updated_at')
    .eq('ticket_id', ticketId)
    .maybeSingle()
    .throwOnError()
}

/**
 * The client's WhatsApp on a ticket, for staff about to reply there: the number, and until when the
 * customer-service window is open (null: shut) and whether the ticket-update template may go.
 * No row: the ticket has no WhatsApp number (or the reader is not staff).
 */
export function ticketWhatsappQuery(client: TypedSupabaseClient, ticketId: string) {
  return client.rpc('ticket_whatsapp', { p_ticket: ticketId }).maybeSingle().throwOnError()
}

/**
 * Whether the signed-in user is a provider admin (siyakha_admin). A failing check is logged and
 * treated as "not admin": the admin tools stay hidden rather than the page failing.
 */
export async function isProviderAdminQuery(client: TypedSupabaseClient): Promise<boolean> {
  const { data, error } = await client.from('user_roles').select('role').eq('role', 'siyakha_admin').limit(1)
  if (error) {
    console.error('Role check failed; treating the user as not an admin.', error.message)
    return false
  }
  return (data ?? []).length > 0
}

/**
 * Whether the signed-in user is provider staff (siyakha_admin or agent): a `user_roles` row of
 * their own. Filtering by the user keeps the answer right whoever else's roles the policy lets them
 * read. A failing check is logged and treated as "not staff".
 */
export async function isStaffQuery(client: TypedSupabaseClient, userId: string): Promise<boolean> {
  const { data, error } = await client.from('user_roles').select('role').eq('user_id', userId).limit(1)
  if (error) {
    console.error('Role check failed; treating the user as not staff.', error.message)
    return false
  }
  return (data ?? []).length > 0
}

/** The SLA clock (…_sla_business_hours.sql), for the queue and the ticket page. */
const SLA_COLUMNS = 'first_response_at, first_response_due_at, resolution_due_at, sla_paused_at, resolved_at'
export const HELPDESK_LIST_COLUMNS = `id, summary, status, priority, created_at, tracking_ref, assigned_to, ${SLA_COLUMNS}`
export const HELPDESK_TICKET_COLUMNS = `id, summary, details, status, close_reason, priority, channel, location, created_at, updated_at, tracking_ref, assigned_to, created_by_user_id, requester_name, version, ${SLA_COLUMNS}, company:companies(name), requester_contact:requester_contacts(email, phone)`

export interface HelpdeskTicketsArgs {
  /** One status, 'active' (everything but resolved and closed) or 'all'. */
  status: Enums<'ticket_status'> | 'active' | 'all'
  /** Matched case-insensitively anywhere in the tracking reference or the summary. */
  search?: string
  /** Only tickets assigned to this user. */
  assignedTo?: string
  limit: number
  /** Only tickets older than this one (the next page). */
  after?: TicketCursor
  /**
   * Only tickets newer than this one (the page before): the rows nearest the cursor, which come
   * back oldest first; the caller reverses them.
   */
  before?: TicketCursor
}

/**
 * A PostgREST value for `col.ilike.<value>` inside `or=(…)` that matches `text` anywhere. Two layers:
 * first the LIKE pattern `%text%`, with the user's own `\` `%` `_` backslash-escaped to match literally;
 * then that pattern double-quoted, with its `\` and `"` backslash-escaped again, so `,` `(` `)` and
 * quotes in the text stay inside the value (`50%` → `"%50\\%%"`). PostgREST turns every `*` of an
 * ilike value into `%` after unquoting, and LIKE has no way to spell a literal `*`, so a typed `*`
 * becomes `_`: exactly one character there (the `*` or any other), never a run of them.
 */
export function containsPattern(text: string): string {
  const like = `%${text.replace(/[\\%_*]/g, (c) => (c === '*' ? '_' : `\\${c}`))}%`
  return `"${like.replace(/[\\"]/g, (c) => `\\${c}`)}"`
}

/**
 * The staff helpdesk list (staff read every ticket through RLS), newest first, a page at a time
 * from a cursor. Each filter has an index in its order (supabase/migrations/…_at_scale.sql).
 */
export function helpdeskTicketsQuery(
  client: TypedSupabaseClient,
  { status, search, assignedTo, limit, after, before }: HelpdeskTicketsArgs,
) {
  let query = client.from('tickets').select(HELPDESK_LIST_COLUMNS)
  const groups: string[] = []
  if (status === 'active') query = query.not('status', 'in', '(resolved,closed)')
  else if (status !== 'all') query = query.eq('status', status)
  if (search) {
    const pattern = containsPattern(search)
    groups.push(`tracking_ref.ilike.${pattern},summary.ilike.${pattern}`)
  }
  if (assignedTo) query = query.eq('assigned_to', assignedTo)
  const cursor = after ?? before
  if (cursor) {
    query = after ? query.lte('created_at', cursor.createdAt) : query.gte('created_at', cursor.createdAt)
    groups.push(pastCursor(cursor, after ? 'older' : 'newer'))
  }
  const filter = allOf(groups)
  if (filter) query = query.or(filter)
  const ascending = !after && !!before
  return query.order('created_at', { ascending }).order('id', { ascending }).limit(limit).throwOnError()
}

/** One ticket with everything the helpdesk shows; `data` is null when missing or unreadable. */
export function helpdeskTicketQuery(client: TypedSupabaseClient, id: string) {
  return client.from('tickets').select(HELPDESK_TICKET_COLUMNS).eq('id', id).maybeSingle().throwOnError()
}

/**
 * Email addresses of the given users, by id (public.user_emails): staff get them, anyone else an
 * empty map. A failure is logged and also gives an empty map: the page shows "unknown" instead.
 */
export async function userEmailsQuery(
  client: TypedSupabaseClient,
  userIds: readonly string[],
): Promise<Map<string, string>> {
  const ids = [...new Set(userIds)]
  if (ids.length === 0) return new Map()
  const { data, error } = await client.rpc('user_emails', { user_ids: ids })
  if (error) {
    console.error('Could not read user emails', error.message)
    return new Map()
  }
  return new Map((data ?? []).map((row) => [row.id, row.email]))
}

/** The signed-in user's notification choices (rows only where they chose; no row = on). */
export function notificationPreferencesQuery(client: TypedSupabaseClient) {
  return client
    .from('notification_preferences')
    .select('category, enabled')
    .eq('channel', 'email')
    .throwOnError()
}

/** Notifications the outbox could not deliver (staff get rows; anyone else none). */
/** The helpdesk's SLA figures for tickets opened since `since` (public.sla_report; staff only). */
export function slaReportQuery(client: TypedSupabaseClient, since: Date) {
  return client.rpc('sla_report', { p_since: since.toISOString() }).maybeSingle().throwOnError()
}

export function deadLettersQuery(client: TypedSupabaseClient) {
  return client.rpc('outbox_dead_letters', { p_limit: 100 }).throwOnError()
}
