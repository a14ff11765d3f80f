import type { Tables } from '@siyakha/supabase/types'

/** A message as the conversation reads it (TIMELINE_COLUMNS). */
export type ConversationMessage = Pick<
  Tables<'ticket_messages'>,
  | 'id'
  | 'direction'
  | 'channel'
  | 'to_from'
  | 'subject'
  | 'body'
  | 'status'
  | 'created_at'
  | 'created_by'
  | 'author_kind'
  | 'author_name'
  | 'metadata'
> & { attachments?: MessageAttachment[] }

/** A file on a message (ticket_attachments), as the timeline embeds it. */
export interface MessageAttachment {
  id: string
  file_name: string
  content_type: string
  size_bytes: number
  object_path: string
}

/** The ticket as the conversation opens it: the requester's own words come first. */
export type ConversationTicket = Pick<
  Tables<'tickets'>,
  'id' | 'summary' | 'details' | 'created_at' | 'created_by_user_id' | 'requester_name' | 'channel'
>

/** Who is reading: their own messages read as "You". */
export interface Viewer {
  id: string
}

/** One entry of the conversation, ready to render. */
export interface ConversationEntry {
  key: string
  author: string
  /** Whose side it is on: the customer's, or the helpdesk's (an agent or an automatic message). */
  side: 'customer' | 'helpdesk'
  internal: boolean
  mine: boolean
  channel: string
  at: string
  /** Delivery state, for messages that travel by email or WhatsApp. */
  delivery: string | null
  deliveryState: Tables<'ticket_messages'>['status'] | null
  /** Why a helpdesk message is not (yet) delivered, when it says more than its state. */
  deliveryNote: string | null
  subject: string | null
  body: string
  attachments: EntryAttachment[]
  /** Files that came with an email and were not kept: "Not kept: virus.exe (type not allowed)". */
  notKept: string[]
  /**
   * An email whose sender could not be verified (messaging-contract.md §3.4): staff-only, written
   * by nobody, waiting for staff to accept it as the requester's message or discard it.
   */
  unverified: UnverifiedEmail | null
  /**
   * The id of a client's WhatsApp message staff may move to a new ticket (an inbound one, or one
   * held as unverified because its number is not proven for this ticket); null for anything else.
   */
  split: string | null
}

export interface UnverifiedEmail {
  messageId: string
  /** The address in its From: what it claims, not who sent it. */
  from: string
  /** Why: no evidence of the sender, or a verified sender who is not on the ticket. */
  reason: 'unverified' | 'not_on_ticket'
}

/** The unverified email a message holds, if it is one (public.receive_email's metadata). */
export function unverifiedEmail(message: ConversationMessage): UnverifiedEmail | null {
  if (message.direction !== 'internal' || message.channel !== 'email') return null
  const metadata = (message.metadata ?? {}) as { unverified?: unknown; from?: unknown; reason?: unknown }
  if (metadata.unverified !== true) return null
  return {
    messageId: message.id,
    from: typeof metadata.from === 'string' ? metadata.from : (message.to_from ?? 'an unknown sender'),
    reason: metadata.reason === 'not_on_ticket' ? 'not_on_ticket' : 'unverified',
  }
}

/** The files an email carried that were not kept (inbound-email's metadata.refused_attachments). */
export function notKept(message: ConversationMessage): string[] {
  const refused = (message.metadata as { refused_attachments?: unknown } | null)?.refused_attachments
  if (!Array.isArray(refused)) return []
  return refused.flatMap((file: { filename?: unknown; reason?: unknown }) =>
    typeof file?.filename === 'string' && typeof file.reason === 'string'
      ? [`Not kept: ${file.filename} (${file.reason})`]
      : [],
  )
}

/** A file as the conversation shows it: a short-lived link (null when it could not be made). */
export interface EntryAttachment {
  id: string
  name: string
  size: number
  /** Shown inline: an image the browser can draw. */
  image: boolean
  url: string | null
}

/** Links to attachments by object path (lib/attachments.ts: attachmentLinks). */
export type AttachmentLinks = ReadonlyMap<string, string>

const INLINE_IMAGES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp'])

export const SUPPORT_NAME = 'Siyakha Support'

const CHANNEL: Record<ConversationMessage['channel'], string> = {
  portal: 'Portal',
  whatsapp: 'WhatsApp',
  email: 'Email',
  web: 'Web form',
  phone: 'Phone call',
  walk_in: 'Walk-in',
}

export const DELIVERY: Record<ConversationMessage['status'], string> = {
  queued: 'Not sent yet',
  sent: 'Sent',
  delivered: 'Delivered',
  read: 'Read',
  failed: 'Failed',
}

/** The name shown on a message: "You", the author's name, or the helpdesk's for automatic ones. */
export function authorLabel(message: ConversationMessage, viewer: Viewer): string {
  if (message.created_by && message.created_by === viewer.id) return 'You'
  if (message.author_kind === 'system') return SUPPORT_NAME
  return message.author_name
}

/** WhatsApp replies held for the customer-service window, or refused outside it (the outbox worker). */
function deliveryNote(message: ConversationMessage): string | null {
  if (message.channel !== 'whatsapp' || message.direction !== 'outbound') return null
  const metadata = (message.metadata ?? {}) as { awaiting_window?: unknown; error?: unknown }
  if (message.status === 'queued' && metadata.awaiting_window) {
    return 'Waiting for the customer to write: WhatsApp got the ticket-update template, and this reply follows when they answer.'
  }
  if (
    message.status === 'failed' &&
    typeof metadata.error === 'string' &&
    metadata.error.startsWith('outside_window')
  ) {
    return 'Not sent: the customer has not written on WhatsApp in the last 24 hours. Ask them to message us first, or reply by email.'
  }
  return null
}

/** A client's WhatsApp message (public.split_whatsapp_message takes these). */
function splittable(message: ConversationMessage): boolean {
  if (message.channel !== 'whatsapp') return false
  if (message.direction === 'inbound') return true
  return (
    message.direction === 'internal' &&
    (message.metadata as { unverified?: unknown } | null)?.unverified === true
  )
}

export function toEntry(
  message: ConversationMessage,
  viewer: Viewer,
  links: AttachmentLinks = new Map(),
): ConversationEntry {
  const travels = message.channel === 'email' || message.channel === 'whatsapp'
  const unverified = unverifiedEmail(message)
  return {
    key: message.id,
    // Nobody wrote it as far as anyone knows: the address it claims, named as a claim.
    author: unverified ? `Unverified email from ${unverified.from}` : authorLabel(message, viewer),
    side: message.author_kind === 'customer' || unverified ? 'customer' : 'helpdesk',
    internal: message.direction === 'internal',
    mine: !!message.created_by && message.created_by === viewer.id,
    channel: CHANNEL[message.channel],
    at: message.created_at,
    delivery: travels && message.direction !== 'internal' ? DELIVERY[message.status] : null,
    deliveryState: travels && message.direction !== 'internal' ? message.status : null,
    deliveryNote: deliveryNote(message),
    subject: message.subject,
    body: message.body,
    attachments: (message.attachments ?? []).map((file) => ({
      id: file.id,
      name: file.file_name,
      size: file.size_bytes,
      image: INLINE_IMAGES.has(file.content_type),
      url: links.get(file.object_path) ?? null,
    })),
    notKept: notKept(message),
    unverified,
    split: splittable(message) ? message.id : null,
  }
}

/**
 * The conversation in order: the requester's description (their summary when they wrote none),
 * then every message the viewer may read, oldest first.
 */
export function conversation(
  ticket: ConversationTicket,
  messages: readonly ConversationMessage[],
  viewer: Viewer,
  links: AttachmentLinks = new Map(),
): ConversationEntry[] {
  const mine = ticket.created_by_user_id === viewer.id
  const opening: ConversationEntry = {
    key: `ticket-${ticket.id}`,
    author: mine ? 'You' : (ticket.requester_name ?? 'Customer'),
    side: 'customer',
    internal: false,
    mine,
    channel: CHANNEL[ticket.channel],
    at: ticket.created_at,
    delivery: null,
    deliveryState: null,
    deliveryNote: null,
    subject: null,
    body: ticket.details?.trim() ? ticket.details : ticket.summary,
    attachments: [],
    notKept: [],
    unverified: null,
    split: null,
  }
  return [opening, ...messages.map((message) => toEntry(message, viewer, links))]
}
