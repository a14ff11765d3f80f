import { ATTACHMENT_BUCKET } from '@siyakha/schemas/attachments'
import { CONVERSATION_MESSAGES } from '@siyakha/schemas/ticket'
import type { Enums, TablesUpdate, TypedSupabaseClient } from './types'

export interface CreateTicketInput {
  summary: string
  details?: string | null
  /** The signed-in user's id; row-level security refuses anyone else's. */
  userId: string
  /** The customer's own WhatsApp number (E.164), when they gave one. */
  contactPhone?: string | null
  /** The closed ticket this one follows up (the database checks the user can read it). */
  followUpOf?: string | null
}

/**
 * Create a portal ticket ('Create & Open WhatsApp' on /portal/tickets). The database fills in the tracking
 * reference, status 'new' and the timestamps. Throws the PostgREST error on failure.
 */
export async function createTicketMutation(
  client: TypedSupabaseClient,
  { summary, details, userId, contactPhone, followUpOf }: CreateTicketInput,
): Promise<{ id: string; tracking_ref: string }> {
  const { data } = await client
    .from('tickets')
    .insert({
      company_id: null,
      created_by_user_id: userId,
      channel: 'portal',
      priority: 'normal',
      summary,
      details: details?.trim() ? details : null,
      // The customer's WhatsApp: agents answer there, and messages from it find this ticket.
      ...(contactPhone ? { contact_phone: contactPhone } : {}),
      ...(followUpOf ? { follow_up_of: followUpOf } : {}),
    })
    .select('id, tracking_ref')
    .single()
    .throwOnError()
  return data
}

/**
 * The helpdesk's writes (staff only). They act as the signed-in user: row-level security and the
 * ticket trigger (private.enforce_ticket_rules) decide, so a customer's client gets refused, not
 * obeyed. A ticket the user cannot update comes back as no row, which these report as an error.
 */

export class TicketNotUpdatedError extends Error {
  constructor() {
    super('Ticket not found or not yours to change')
    this.name = 'TicketNotUpdatedError'
  }
}

/**
 * The change was based on an outdated copy: someone else saved the ticket first (the database
 * answers PT409, private.check_ticket_version). Nothing was written.
 */
export class TicketChangedError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'TicketChangedError'
  }
}

/** The SQLSTATE of a stale ticket write (PostgREST answers it as 409 Conflict). */
export const STALE_TICKET_CODE = 'PT409'

/**
 * Updates one ticket. A staff change is based on `version` (the tickets.version the user's copy
 * had): a ticket changed meanwhile is refused (TicketChangedError), and the database refuses a
 * staff change without one (PT428, private.check_ticket_version). A customer's decision instead
 * only happens while the ticket is still in status `from`.
 */
async function updateTicket(
  client: TypedSupabaseClient,
  ticketId: string,
  changes: TablesUpdate<'tickets'>,
  based: { version: number } | { from: Enums<'ticket_status'> },
) {
  const query = client
    .from('tickets')
    .update('version' in based ? { ...changes, expected_version: based.version } : changes)
    .eq('id', ticketId)
  const { data, error } = await ('from' in based ? query.eq('status', based.from) : query)
    .select('id, status, close_reason, priority, assigned_to, first_response_at, version')
    .maybeSingle()
  if (error?.code === STALE_TICKET_CODE) throw new TicketChangedError(error.message)
  if (error) throw error
  if (!data) throw new TicketNotUpdatedError()
  return data
}

export interface TicketStatusInput {
  ticketId: string
  status: Enums<'ticket_status'>
  /** Required by the database when closing; must be null otherwise. */
  closeReason: Enums<'close_reason'> | null
  /** The version the change is based on (see updateTicket). */
  version: number
}

/** Move a ticket; the trigger stamps first_response_at on new → open. */
export function updateTicketStatusMutation(
  client: TypedSupabaseClient,
  { ticketId, status, closeReason, version }: TicketStatusInput,
) {
  return updateTicket(
    client,
    ticketId,
    { status, close_reason: status === 'closed' ? closeReason : null },
    { version },
  )
}

/**
 * 'Waiting on customer' with the question they are asked (public.ask_customer): the move, based on
 * `version`, and the question as a public reply, both or neither. Answers the new version.
 */
export async function askCustomerMutation(
  client: TypedSupabaseClient,
  { ticketId, version, question }: { ticketId: string; version: number; question: string },
): Promise<number> {
  const { data, error } = await client.rpc('ask_customer', {
    p_ticket: ticketId,
    p_version: version,
    p_question: question,
  })
  if (error?.code === STALE_TICKET_CODE) throw new TicketChangedError(error.message)
  if (error?.code === 'P0002') throw new TicketNotUpdatedError()
  if (error) throw error
  return data
}

export function updateTicketPriorityMutation(
  client: TypedSupabaseClient,
  { ticketId, priority, version }: { ticketId: string; priority: Enums<'ticket_priority'>; version: number },
) {
  return updateTicket(client, ticketId, { priority }, { version })
}

/** Assign a ticket to a user, or to nobody with `assignee: null`. */
export function assignTicketMutation(
  client: TypedSupabaseClient,
  { ticketId, assignee, version }: { ticketId: string; assignee: string | null; version: number },
) {
  return updateTicket(client, ticketId, { assigned_to: assignee }, { version })
}

/** Put a ticket under a client company, or none (an individual customer) with `company: null`. */
export function setTicketCompanyMutation(
  client: TypedSupabaseClient,
  { ticketId, company, version }: { ticketId: string; company: string | null; version: number },
) {
  return updateTicket(client, ticketId, { company_id: company }, { version })
}

/** Replace a ticket's tags (staff; the database checks their form). */
export function setTicketTagsMutation(
  client: TypedSupabaseClient,
  { ticketId, tags, version }: { ticketId: string; tags: string[]; version: number },
) {
  return updateTicket(client, ticketId, { tags }, { version })
}

export interface BulkTicketChange {
  /** Each selected ticket with the version its row showed. */
  tickets: { id: string; version: number }[]
  /** A user id, or null to unassign; undefined keeps each ticket's own. */
  assignee?: string | null
  status?: Enums<'ticket_status'>
  closeReason?: Enums<'close_reason'>
  priority?: Enums<'ticket_priority'>
}

/**
 * One change to many tickets in one statement (all or nothing, public.bulk_change_tickets): the
 * same rules as a change to one, checked by the same triggers, each ticket's change logged on its
 * own. If any ticket changed since its row was loaded, nothing is written and TicketChangedError
 * names them ("TCK-… changed since you loaded the list."). Answers how many tickets the user
 * could change (tickets they cannot read are not counted, nor changed).
 */
export async function bulkChangeTicketsMutation(
  client: TypedSupabaseClient,
  { tickets, assignee, status, closeReason, priority }: BulkTicketChange,
): Promise<number> {
  const { data, error } = await client.rpc('bulk_change_tickets', {
    p_tickets: tickets,
    p_set_assignee: assignee !== undefined,
    ...(assignee ? { p_assignee: assignee } : {}),
    ...(status ? { p_status: status } : {}),
    ...(status === 'closed' && closeReason ? { p_close_reason: closeReason } : {}),
    ...(priority ? { p_priority: priority } : {}),
  })
  if (error?.code === STALE_TICKET_CODE) throw new TicketChangedError(error.message)
  if (error) throw error
  return data
}

export interface StaffMessageInput {
  ticketId: string
  /**
   * 'public' reaches the customer's timeline (and mailbox); 'whatsapp' also goes to the client's
   * WhatsApp through the Cloud API (the outbox sends it); 'internal' is a note only staff can read.
   */
  kind: 'public' | 'whatsapp' | 'internal'
  body: string
  /** The signed-in user; the insert policy requires created_by to be them. */
  userId: string
}

/** A staff reply or internal note written in the portal: recorded as already sent. */
export async function addStaffMessageMutation(
  client: TypedSupabaseClient,
  { ticketId, kind, body, userId }: StaffMessageInput,
): Promise<{ id: string }> {
  if (kind === 'whatsapp') {
    // The message and its outbox row are written together by the database, which also knows the
    // client's number; a ticket without one answers 22023.
    const { data } = await client
      .rpc('send_whatsapp_reply', { p_ticket: ticketId, p_body: body })
      .throwOnError()
    return { id: data }
  }
  const { data } = await client
    .from('ticket_messages')
    .insert({
      ticket_id: ticketId,
      direction: kind === 'public' ? 'outbound' : 'internal',
      channel: 'portal',
      status: 'sent',
      body,
      created_by: userId,
    })
    .select('id')
    .single()
    .throwOnError()
  return data
}

/**
 * A customer's decision about their own ticket (CUSTOMER_DECISIONS in @siyakha/schemas/ticket):
 * the move only happens from the state it belongs to, so a stale page cannot close a ticket that
 * staff have reopened meanwhile; that reads as no row, i.e. TicketNotUpdatedError.
 */
export function customerDecisionMutation(
  client: TypedSupabaseClient,
  {
    ticketId,
    move,
  }: {
    ticketId: string
    move: {
      from: Enums<'ticket_status'>
      status: Enums<'ticket_status'>
      closeReason: Enums<'close_reason'> | null
    }
  },
) {
  return updateTicket(
    client,
    ticketId,
    { status: move.status, close_reason: move.closeReason },
    { from: move.from },
  )
}

/** The database's words when a customer writes on a closed ticket (private.enforce_message_insert_rules). */
export class TicketClosedError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'TicketClosedError'
  }
}

/**
 * A customer's reply on their ticket's page: an inbound portal message, as themselves. The database
 * stamps the author, reopens a resolved ticket or one waiting on them, and refuses a closed ticket
 * (TicketClosedError with its message).
 */
export async function addCustomerReplyMutation(
  client: TypedSupabaseClient,
  { ticketId, body, userId }: { ticketId: string; body: string; userId: string },
): Promise<{ id: string }> {
  const { data, error } = await client
    .from('ticket_messages')
    .insert({ ticket_id: ticketId, direction: 'inbound', channel: 'portal', body, created_by: userId })
    .select('id')
    .single()
  if (error?.message === CONVERSATION_MESSAGES.closed) throw new TicketClosedError(error.message)
  if (error) throw error
  return data
}

/**
 * The requester's rating of a resolved ticket, saved over any earlier one. Row-level security lets
 * only the requester rate, and only a resolved (or confirmed, or auto-closed) ticket.
 */
export async function rateTicketMutation(
  client: TypedSupabaseClient,
  {
    ticketId,
    rating,
    comment,
    userId,
  }: { ticketId: string; rating: number; comment: string | null; userId: string },
) {
  const { data } = await client
    .from('ticket_ratings')
    .upsert({ ticket_id: ticketId, rating, comment, rated_by: userId }, { onConflict: 'ticket_id' })
    .select('rating, comment')
    .single()
    .throwOnError()
  return data
}

/** Saves the signed-in user's email choices, one row per category (row-level security: own rows only). */
export async function saveNotificationPreferencesMutation(
  client: TypedSupabaseClient,
  { userId, choices }: { userId: string; choices: readonly { category: string; enabled: boolean }[] },
): Promise<void> {
  if (choices.length === 0) return
  await client
    .from('notification_preferences')
    .upsert(
      choices.map(({ category, enabled }) => ({
        user_id: userId,
        category,
        channel: 'email',
        enabled,
        updated_at: new Date().toISOString(),
      })),
      { onConflict: 'user_id,category,channel' },
    )
    .throwOnError()
}

/** Sends an undelivered notification again (staff; the database refuses anyone else). */
export async function retryNotificationMutation(client: TypedSupabaseClient, id: number): Promise<number> {
  const { data } = await client.rpc('outbox_retry', { p_ids: [id] }).throwOnError()
  return data
}

/** What accepting an unverified email made of it (public.accept_unverified_email). */
export interface AcceptedUnverifiedEmail {
  /** `message`: the requester's reply; `opened`: the request of the ticket it opened; `follow_up`: a new ticket. */
  outcome: 'message' | 'opened' | 'follow_up'
  /** The ticket it is on now (the follow-up's, for a closed ticket). */
  ticket_id: string
}

/**
 * Staff's decision on an email whose sender could not be verified: accept it as the requester's
 * message, or discard it. Staff only: the database refuses anyone else (42501), and answers P0002
 * when the item was dealt with already.
 */
export async function decideUnverifiedEmailMutation(
  client: TypedSupabaseClient,
  input: { messageId: string; decision: 'accept' | 'discard' },
): Promise<AcceptedUnverifiedEmail | null> {
  if (input.decision === 'discard') {
    await client.rpc('discard_unverified_email', { p_message: input.messageId }).throwOnError()
    return null
  }
  const { data } = await client.rpc('accept_unverified_email', { p_message: input.messageId }).throwOnError()
  return data as unknown as AcceptedUnverifiedEmail
}

/**
 * Moves a client's WhatsApp message to a new ticket of its own (the same requester's; an
 * unverified message's sender's own). Staff only: the database refuses anyone else (42501), a
 * message that is not a client's WhatsApp message (22023) and one that is gone (P0002).
 */
export async function splitWhatsappMessageMutation(
  client: TypedSupabaseClient,
  messageId: string,
): Promise<{ ticket_id: string; tracking_ref: string }> {
  const { data } = await client
    .rpc('split_whatsapp_message', { p_message: messageId })
    .single()
    .throwOnError()
  return data
}

/**
 * A ticket an agent logs for a client (public.log_ticket_for_client): the client's account when
 * their confirmed address has one, else their requester contact; open and assigned to the agent.
 */
export async function logTicketForClientMutation(
  client: TypedSupabaseClient,
  input: {
    email: string
    fullName: string
    phone: string | null
    channel: Enums<'message_channel'>
    priority: Enums<'ticket_priority'>
    summary: string
    details: string | null
  },
): Promise<{ ticket_id: string; tracking_ref: string }> {
  const { data } = await client
    .rpc('log_ticket_for_client', {
      p_email: input.email,
      p_full_name: input.fullName,
      p_phone: input.phone ?? '',
      p_channel: input.channel,
      p_summary: input.summary,
      p_details: input.details ?? '',
      p_priority: input.priority,
    })
    .single()
    .throwOnError()
  return data
}

/** Save the agent's current queue filters under a name (public.saved_views; theirs only). */
export async function addSavedViewMutation(
  client: TypedSupabaseClient,
  { name, query }: { name: string; query: string },
): Promise<void> {
  await client.from('saved_views').insert({ name, query }).throwOnError()
}

/** Remove one of the agent's saved views (row-level security keeps others' out of reach). */
export async function removeSavedViewMutation(client: TypedSupabaseClient, id: string): Promise<number> {
  const { data } = await client.from('saved_views').delete().eq('id', id).select('id').throwOnError()
  return data.length
}

/** Add a canned reply: for every agent ('team') or for the signed-in agent alone ('personal'). */
export async function addCannedReplyMutation(
  client: TypedSupabaseClient,
  { title, body, scope }: { title: string; body: string; scope: 'team' | 'personal' },
): Promise<void> {
  await client.from('canned_replies').insert({ title, body, scope }).throwOnError()
}

/** Change a canned reply (its author, or a provider admin for a team one); 0 when not allowed. */
export async function editCannedReplyMutation(
  client: TypedSupabaseClient,
  { id, title, body, scope }: { id: string; title: string; body: string; scope: 'team' | 'personal' },
): Promise<number> {
  const { data } = await client
    .from('canned_replies')
    .update({ title, body, scope })
    .eq('id', id)
    .select('id')
    .throwOnError()
  return data.length
}

/** Remove a canned reply (its author or a provider admin; anyone else changes nothing). */
export async function removeCannedReplyMutation(client: TypedSupabaseClient, id: string): Promise<number> {
  const { data } = await client.from('canned_replies').delete().eq('id', id).select('id').throwOnError()
  return data.length
}

/** A file to attach, as the server action read it. */
export interface AttachmentFile {
  /** The name people see (the original). */
  name: string
  /** The name in the storage key ([A-Za-z0-9._-] only). */
  keyName: string
  contentType: string
  bytes: ArrayBuffer
}

export interface UploadedAttachment {
  path: string
  name: string
  contentType: string
  size: number
}

/** Storage refused or failed an upload (its code, e.g. '403' or '413', is in `statusCode`). */
export class AttachmentUploadError extends Error {
  constructor(
    message: string,
    readonly statusCode: string | undefined,
  ) {
    super(message)
    this.name = 'AttachmentUploadError'
  }
}

/**
 * Upload files into the ticket's folder of the attachments bucket as the signed-in user (Storage's
 * policies decide: readers of the ticket; the internal folder for staff only). All or nothing:
 * when one fails, the ones already uploaded are removed and the error is thrown.
 */
export async function uploadAttachmentsMutation(
  client: TypedSupabaseClient,
  { ticketId, internal, files }: { ticketId: string; internal: boolean; files: AttachmentFile[] },
): Promise<UploadedAttachment[]> {
  const bucket = client.storage.from(ATTACHMENT_BUCKET)
  const uploaded: UploadedAttachment[] = []
  try {
    for (const file of files) {
      const path = `${ticketId}/${internal ? 'internal/' : ''}${crypto.randomUUID()}-${file.keyName}`
      const { error } = await bucket.upload(path, file.bytes, {
        contentType: file.contentType,
        upsert: false,
      })
      if (error) {
        const statusCode = (error as { statusCode?: unknown }).statusCode
        throw new AttachmentUploadError(
          error.message,
          typeof statusCode === 'string' ? statusCode : undefined,
        )
      }
      uploaded.push({ path, name: file.name, contentType: file.contentType, size: file.bytes.byteLength })
    }
  } catch (error) {
    await removeUploadsMutation(
      client,
      uploaded.map((file) => file.path),
    )
    throw error
  }
  return uploaded
}

/** Remove uploaded files (a message that failed after its files went up); failures are logged. */
export async function removeUploadsMutation(client: TypedSupabaseClient, paths: string[]): Promise<void> {
  if (paths.length === 0) return
  const { error } = await client.storage.from(ATTACHMENT_BUCKET).remove(paths)
  if (error) console.error('Could not remove uploaded attachments', paths, error.message)
}

/** Record uploaded files on the message they came with (the database checks each is there). */
export async function attachToMessageMutation(
  client: TypedSupabaseClient,
  {
    ticketId,
    messageId,
    internal,
    uploaded,
  }: { ticketId: string; messageId: string; internal: boolean; uploaded: UploadedAttachment[] },
): Promise<void> {
  if (uploaded.length === 0) return
  await client
    .from('ticket_attachments')
    .insert(
      uploaded.map((file) => ({
        ticket_id: ticketId,
        message_id: messageId,
        object_path: file.path,
        file_name: file.name,
        content_type: file.contentType,
        size_bytes: file.size,
        internal,
      })),
    )
    .throwOnError()
}
