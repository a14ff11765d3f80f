import { ATTACHMENT_BUCKET, storageFileName } from '@siyakha/schemas/attachments'
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
  'id, direction, channel, to_from, subject, body, status, created_at, metadata, created_by, author_kind, author_name, attachments:ticket_attachments(id, file_name, content_type, size_bytes, object_path)'

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

/**
 * The ticket's messages, oldest first. Internal notes only ever reach staff (row-level security);
 * `internalNotes: false` does not ask for them, for a reader who is not staff: the database then
 * has no staff check to make for the notes it would have left out.
 */
export function timelineQuery(
  client: TypedSupabaseClient,
  ticketId: string,
  { internalNotes = true }: { internalNotes?: boolean } = {},
) {
  const query = client.from('ticket_messages').select(TIMELINE_COLUMNS).eq('ticket_id', ticketId)
  return (internalNotes ? query : query.eq('internal', false))
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
 * The requester's one-time WhatsApp code for their own ticket (public.whatsapp_verification_code):
 * sent with the ticket's reference, it proves the phone is theirs. Null for anyone else.
 */
export async function whatsappVerificationCodeQuery(
  client: TypedSupabaseClient,
  ticketId: string,
): Promise<string | null> {
  const { data } = await client.rpc('whatsapp_verification_code', { p_ticket: ticketId }).throwOnError()
  return data ?? null
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

/** The SLA clock (supabase/schemas/15_sla.sql), for the queue and the ticket page. */
const SLA_COLUMNS = 'first_response_at, first_response_due_at, resolution_due_at, sla_paused_at, resolved_at'
export const HELPDESK_TICKET_COLUMNS = `id, summary, details, status, close_reason, priority, channel, location, created_at, updated_at, tracking_ref, assigned_to, created_by_user_id, requester_name, version, tags, company_id, assignee_name, last_activity_at, ${SLA_COLUMNS}, company:companies(name), requester_phone, requester_contact:requester_contacts(email, phone)`

export interface HelpdeskQueueArgs {
  /** One status, 'active' (everything but resolved and closed) or 'all'. */
  status: Enums<'ticket_status'> | 'active' | 'all'
  priority?: Enums<'ticket_priority'>
  /** A user id, or 'none' for unassigned tickets. */
  assignee?: string
  company?: string
  channel?: Enums<'message_channel'>
  /** Only tickets whose running SLA clock has run out. */
  breached?: boolean
  /** Matched anywhere in the reference, summary, requester or the text of any message. */
  search?: string
  sort:
    | 'created'
    | 'reference'
    | 'activity'
    | 'sla'
    | 'priority'
    | 'status'
    | 'requester'
    | 'company'
    | 'assignee'
    | 'time'
  descending: boolean
  /** Rows after this one in the sort order (the next page) … */
  after?: QueueCursorArgs
  /** … or the nearest rows before it (the page before), which come back nearest first. */
  before?: QueueCursorArgs
  limit: number
}

export interface QueueCursorArgs {
  value: string
  createdAt: string
  id: string
}

/**
 * The helpdesk queue (public.helpdesk_queue): staff only, any filter and sort, a page at a time
 * from a cursor; each sort has an index in its order (supabase/schemas/10_tickets.sql).
 */
export function helpdeskQueueQuery(client: TypedSupabaseClient, args: HelpdeskQueueArgs) {
  const cursor = args.after ?? args.before
  return client
    .rpc('helpdesk_queue', {
      p_status: args.status,
      p_priority: args.priority,
      p_assignee: args.assignee,
      p_company: args.company,
      p_channel: args.channel,
      p_breached: args.breached ?? false,
      p_search: args.search || undefined,
      p_sort: args.sort,
      p_descending: args.descending,
      p_cursor_value: cursor?.value,
      p_cursor_created_at: cursor?.createdAt,
      p_cursor_id: cursor?.id,
      p_backwards: !args.after && !!args.before,
      p_limit: args.limit,
    })
    .throwOnError()
}

/** The staff a ticket can be assigned to, by name (public.staff_members: staff only). */
export function staffMembersQuery(client: TypedSupabaseClient) {
  return client.rpc('staff_members').throwOnError()
}

/** Every client company, by name, for the queue's filter and the ticket's company field. */
export function companiesQuery(client: TypedSupabaseClient) {
  return client.from('companies').select('id, name').order('name').limit(1000).throwOnError()
}

/** A ticket's activity log, oldest first (public.ticket_events: staff only). */
export function ticketEventsQuery(client: TypedSupabaseClient, ticketId: string) {
  return client
    .from('ticket_events')
    .select('id, actor_name, field, from_value, to_value, created_at')
    .eq('ticket_id', ticketId)
    .order('id')
    .limit(500)
    .throwOnError()
}

/** The requester's other tickets, newest first, for the agent's context panel. */
export function requesterTicketsQuery(
  client: TypedSupabaseClient,
  { userId, exceptTicketId, limit = 5 }: { userId: string; exceptTicketId: string; limit?: number },
) {
  return client
    .from('tickets')
    .select('id, tracking_ref, summary, status, created_at')
    .eq('created_by_user_id', userId)
    .neq('id', exceptTicketId)
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .limit(limit)
    .throwOnError()
}

/** The canned replies the signed-in agent may use (the team's and their own personal ones), by title. */
export function cannedRepliesQuery(client: TypedSupabaseClient) {
  return client
    .from('canned_replies')
    .select('id, title, body, created_by, scope')
    .order('title')
    .throwOnError()
}

/** The signed-in agent's saved queue views, by name. */
export function savedViewsQuery(client: TypedSupabaseClient) {
  return client.from('saved_views').select('id, name, query').order('name').throwOnError()
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

/** A stored attachment to link to (ticket_attachments). */
export interface AttachmentToLink {
  object_path: string
  file_name: string
  content_type: string
}

/** The types a browser shows as a picture and never runs. */
const INLINE_IMAGE_TYPES: ReadonlySet<string> = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
])

/**
 * Short-lived signed links to attachments the reader may see, by object path (missing or hidden
 * ones are left out). Pictures open in the browser; anything else is asked for with Storage's
 * `download` option, named as the sender named it, which Storage answers with
 * `Content-Disposition: attachment`: a file that is really a web page (HTML uploaded as
 * text/plain) is saved, never opened on Storage's origin. Throws Storage's error.
 */
export async function attachmentLinksQuery(
  client: TypedSupabaseClient,
  files: readonly AttachmentToLink[],
  expiresIn: number,
): Promise<Map<string, string>> {
  const bucket = client.storage.from(ATTACHMENT_BUCKET)
  const pictures: string[] = []
  // One request per download name: the option names every file of its request.
  const downloads = new Map<string, string[]>()
  for (const file of files) {
    if (INLINE_IMAGE_TYPES.has(file.content_type.toLowerCase())) {
      pictures.push(file.object_path)
      continue
    }
    const name = storageFileName(file.file_name)
    downloads.set(name, [...(downloads.get(name) ?? []), file.object_path])
  }
  const answers = await Promise.all([
    ...(pictures.length ? [bucket.createSignedUrls(pictures, expiresIn)] : []),
    ...[...downloads].map(([name, paths]) => bucket.createSignedUrls(paths, expiresIn, { download: name })),
  ])
  const links = new Map<string, string>()
  for (const { data, error } of answers) {
    if (error) throw error
    for (const entry of data) {
      if (entry.path && entry.signedUrl && !entry.error) links.set(entry.path, entry.signedUrl)
    }
  }
  return links
}
