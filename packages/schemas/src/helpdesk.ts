import { z } from 'zod'
import { email, text } from './text'
import { TICKET_STATUSES, type TicketStatus } from './ticket'

/** The staff helpdesk (/portal/helpdesk): filters, the staff's actions on a ticket, their labels. */

export const HELPDESK_MESSAGES = {
  /** The same words the customer ticket page uses, so a refusal tells nothing about the ticket. */
  notFound: 'Not found or access denied.',
  unknownTicket: 'Unknown ticket',
  chooseStatus: 'Choose a status.',
  closeReasonRequired: 'Choose a close reason to close the ticket.',
  choosePriority: 'Choose a priority.',
  chooseAssignment: 'Choose who works on the ticket.',
  chooseCompany: 'Choose a company from the list.',
  badTags:
    'Tags are up to 10 words of lowercase letters, digits and hyphens (30 characters each), separated by commas.',
  /** The database's answer to assigning someone who is not staff (23514 from stamp_ticket_names). */
  notStaff: 'Tickets can only be assigned to staff.',
  chooseReplyKind: 'Choose a public reply, a WhatsApp reply or an internal note.',
  /** A WhatsApp reply on a ticket that has no client number (send_whatsapp_reply, 22023). */
  noWhatsappNumber:
    'No WhatsApp number is verified for this ticket: a number counts once it has written to us with the ticket’s reference. Reply by email instead.',
  bodyRequired: 'Write the reply or note first.',
  bodyTooLong: 'Keep it under 4096 characters.',
  /** A change based on an outdated copy of the ticket (someone else saved first). */
  staleTicket:
    'Someone else changed this ticket while you were editing it, so your change was not saved. The form now shows the current values: check them and save again if your change still applies.',
  /** The hidden version field is missing or broken (a hand-made request). */
  unknownVersion: 'Reload the ticket and try again.',
  /** 'Waiting on customer' is a question for them: it is sent as a public reply with the change. */
  questionRequired: 'Write the question the customer is asked: it is sent to them with the change.',
  /** The bulk bar cannot ask one question of many customers. */
  waitingOneAtATime:
    'Set “Waiting on customer” on one ticket at a time: it needs the question the customer is sent.',
} as const

export const TICKET_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const
export type TicketPriority = (typeof TICKET_PRIORITIES)[number]

export const CLOSE_REASONS = ['confirmed', 'auto_closed', 'cancelled', 'duplicate', 'spam'] as const
export type CloseReason = (typeof CLOSE_REASONS)[number]

/** How staff see a status: the helpdesk's own states, not the customer's wording. */
export const STAFF_STATUS_LABELS: Record<TicketStatus, string> = {
  new: 'New',
  open: 'Open',
  waiting_on_customer: 'Waiting on customer',
  on_hold: 'On hold',
  resolved: 'Resolved',
  closed: 'Closed',
}

export function staffStatusLabel(status: string): string {
  return STAFF_STATUS_LABELS[status as TicketStatus] ?? status
}

export const PRIORITY_LABELS: Record<TicketPriority, string> = {
  low: 'Low',
  normal: 'Normal',
  high: 'High',
  urgent: 'Urgent',
}

export const CLOSE_REASON_LABELS: Record<CloseReason, string> = {
  confirmed: 'Confirmed by customer',
  auto_closed: 'Auto-closed',
  cancelled: 'Cancelled',
  duplicate: 'Duplicate',
  spam: 'Spam',
}

const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value)

const ticketId = z.uuid(HELPDESK_MESSAGES.unknownTicket)

/**
 * The ticket's version when the form was loaded (tickets.version, a hidden field): the database
 * refuses the change if the ticket has moved on since, so nobody overwrites a colleague's change
 * without seeing it.
 */
const version = z.coerce
  .number(HELPDESK_MESSAGES.unknownVersion)
  .int(HELPDESK_MESSAGES.unknownVersion)
  .min(1, HELPDESK_MESSAGES.unknownVersion)
  .max(2_147_483_647, HELPDESK_MESSAGES.unknownVersion)

/**
 * 'Change status'. Closing needs a reason (the database's check agrees); other moves drop it.
 * Waiting on the customer needs the question they are asked, sent to them as a public reply.
 */
export const ticketStatusChangeSchema = z
  .object({
    ticketId,
    version,
    status: z.enum(TICKET_STATUSES, HELPDESK_MESSAGES.chooseStatus),
    closeReason: z.preprocess(
      emptyToUndefined,
      z.enum(CLOSE_REASONS, HELPDESK_MESSAGES.closeReasonRequired).optional(),
    ),
    question: z.preprocess(
      emptyToUndefined,
      text(4096, { tooLong: HELPDESK_MESSAGES.bodyTooLong }).optional(),
    ),
  })
  .refine((value) => value.status !== 'closed' || value.closeReason !== undefined, {
    path: ['closeReason'],
    message: HELPDESK_MESSAGES.closeReasonRequired,
  })
  .refine((value) => value.status !== 'waiting_on_customer' || value.question?.trim(), {
    path: ['question'],
    message: HELPDESK_MESSAGES.questionRequired,
  })
  .transform(({ ticketId, version, status, closeReason, question }) => ({
    ticketId,
    version,
    status,
    closeReason: status === 'closed' ? (closeReason ?? null) : null,
    question: status === 'waiting_on_customer' ? (question ?? null) : null,
  }))
export type TicketStatusChange = z.output<typeof ticketStatusChangeSchema>

/** 'Change priority'. */
export const ticketPriorityChangeSchema = z.object({
  ticketId,
  version,
  priority: z.enum(TICKET_PRIORITIES, HELPDESK_MESSAGES.choosePriority),
})
export type TicketPriorityChange = z.output<typeof ticketPriorityChangeSchema>

/** 'Assignee': 'me' (the agent themselves), 'none', or any agent's id (the database checks it is staff). */
export const ticketAssignmentSchema = z.object({
  ticketId,
  version,
  assignee: z.union(
    [z.literal('me'), z.literal('none'), z.uuid().transform((id) => id.toLowerCase())],
    HELPDESK_MESSAGES.chooseAssignment,
  ),
})
export type TicketAssignment = z.output<typeof ticketAssignmentSchema>

/** 'Company': which client company the ticket belongs to; '' for an individual customer. */
export const ticketCompanyChangeSchema = z.object({
  ticketId,
  version,
  company: z.preprocess(emptyToUndefined, z.uuid(HELPDESK_MESSAGES.chooseCompany).optional()),
})
export type TicketCompanyChange = z.output<typeof ticketCompanyChangeSchema>

export const TAGS_MAX = 10
const TAG = /^[a-z0-9][a-z0-9-]{0,29}$/

/**
 * 'Tags': typed as a comma-separated list, stored as lowercase words joined by hyphens (the
 * database's check agrees); spaces inside a tag become hyphens, duplicates go.
 */
export const ticketTagsSchema = z.object({
  ticketId,
  version,
  tags: z
    .string()
    .max(1000, HELPDESK_MESSAGES.badTags)
    .transform((value) => [
      ...new Set(
        value
          .split(',')
          .map((tag) => tag.trim().toLowerCase().replace(/\s+/g, '-'))
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(z.string().regex(TAG, HELPDESK_MESSAGES.badTags)).max(TAGS_MAX, HELPDESK_MESSAGES.badTags)),
})
export type TicketTagsChange = z.output<typeof ticketTagsSchema>

/** Who sees a canned reply: every agent ('team') or only its author ('personal'). */
export const CANNED_SCOPES = ['team', 'personal'] as const
export type CannedScope = (typeof CANNED_SCOPES)[number]
export const CANNED_SCOPE_LABELS: Record<CannedScope, string> = { team: 'Team', personal: 'Personal' }

/** A canned reply: a title to find it by and the text, with {{placeholders}} filled in the reply box. */
export const cannedReplySchema = z.object({
  title: text(80, { min: 1, required: 'Give the reply a title.' }),
  body: text(4000, { min: 1, required: 'Write the reply.', tooLong: 'Keep it under 4000 characters.' }),
  scope: z.enum(CANNED_SCOPES, 'Choose Team or Personal.'),
})
export type CannedReply = z.output<typeof cannedReplySchema>

export const cannedReplyIdSchema = z.object({ id: z.uuid('Unknown canned reply') })

/** Editing one: the same fields and which reply. */
export const cannedReplyEditSchema = cannedReplySchema.extend(cannedReplyIdSchema.shape)

/** The placeholders a canned reply may use, and what each becomes. */
export const CANNED_PLACEHOLDERS = {
  requester_name: "the requester's name",
  reference: "the ticket's reference",
  agent_name: 'your name',
} as const

/** A canned reply's text for one ticket: known placeholders filled, unknown ones left as typed. */
export function fillPlaceholders(
  body: string,
  values: Record<keyof typeof CANNED_PLACEHOLDERS, string>,
): string {
  return body.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? values[name as keyof typeof CANNED_PLACEHOLDERS] : whole,
  )
}

export const STAFF_REPLY_KINDS = ['public', 'whatsapp', 'internal'] as const
export type StaffReplyKind = (typeof STAFF_REPLY_KINDS)[number]

/**
 * 'Reply': a public reply the customer sees (portal and email), a reply to the client's WhatsApp
 * through the Cloud API, or an internal note only staff see.
 */
export const staffReplySchema = z.object({
  ticketId,
  kind: z.enum(STAFF_REPLY_KINDS, HELPDESK_MESSAGES.chooseReplyKind),
  // ticket_messages.body allows 1–4096 characters.
  body: text(4096, {
    min: 1,
    required: HELPDESK_MESSAGES.bodyRequired,
    tooLong: HELPDESK_MESSAGES.bodyTooLong,
  }),
})
export type StaffReply = z.output<typeof staffReplySchema>

export const UNVERIFIED_EMAIL_MESSAGES = {
  unknownMessage: 'Unknown email. Reload the ticket and try again.',
  chooseDecision: 'Choose to accept or discard the email.',
  /** P0002 from public.accept_unverified_email / discard_unverified_email. */
  gone: 'That email was dealt with already. The conversation now shows what became of it.',
} as const

/**
 * Staff's decision on an email whose sender could not be verified (messaging-contract.md §3.4):
 * accept it as the requester's message, or discard it.
 */
export const unverifiedEmailDecisionSchema = z.object({
  ticketId,
  messageId: z.uuid(UNVERIFIED_EMAIL_MESSAGES.unknownMessage),
  decision: z.enum(['accept', 'discard'], UNVERIFIED_EMAIL_MESSAGES.chooseDecision),
})
export type UnverifiedEmailDecision = z.output<typeof unverifiedEmailDecisionSchema>

export const SPLIT_MESSAGE_MESSAGES = {
  unknownMessage: 'Unknown message. Reload the ticket and try again.',
  /** 22023 from public.split_whatsapp_message: not a client's WhatsApp message. */
  notSplittable: 'Only a WhatsApp message from a client can be moved to a new ticket.',
  /** P0002 from public.split_whatsapp_message. */
  gone: 'That message is gone. Reload the ticket to see the conversation as it is now.',
} as const

/** Staff move a client's WhatsApp message to a new ticket of its own (public.split_whatsapp_message). */
export const splitMessageSchema = z.object({
  ticketId,
  messageId: z.uuid(SPLIT_MESSAGE_MESSAGES.unknownMessage),
})
export type SplitMessage = z.output<typeof splitMessageSchema>

/** How a ticket logged for a client reached us (the ticket's channel). */
export const CLIENT_TICKET_CHANNELS = {
  phone: 'Phone call',
  walk_in: 'Walk-in',
  email: 'Email to an agent',
  whatsapp: 'WhatsApp to an agent',
} as const
export type ClientTicketChannel = keyof typeof CLIENT_TICKET_CHANNELS

/** 'Log a ticket for a client' (/portal/helpdesk/new): who asked, how, and what about. */
export const clientTicketSchema = z.object({
  full_name: text(200, { min: 2, required: "Enter the client's name." }),
  email: email("Enter the client's email address: the ticket's emails go there."),
  phone: text(50).optional(),
  channel: z.enum(
    Object.keys(CLIENT_TICKET_CHANNELS) as [ClientTicketChannel, ...ClientTicketChannel[]],
    'Choose how the client reached us.',
  ),
  priority: z.enum(TICKET_PRIORITIES, HELPDESK_MESSAGES.choosePriority),
  summary: text(200, { min: 1, required: 'Write a one-line summary.' }),
  details: text(10_000).optional(),
})
export type ClientTicket = z.output<typeof clientTicketSchema>
