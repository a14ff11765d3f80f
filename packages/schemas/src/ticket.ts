import { z } from 'zod'
import { text } from './text'
import { E164 } from './whatsapp'

/** The notices of the portal's WhatsApp ticket flow, the same in the browser's check and the action's. */
export const TICKET_MESSAGES = {
  signInRequired: { title: 'Sign in required', description: 'Please sign in to create a ticket.' },
  missingInfo: { title: 'Missing info', description: 'Summary, phone and message are required.' },
  invalidPhone: 'Enter the WhatsApp number in E.164 format, e.g. +27821234567',
  /** The CMS settings have no company WhatsApp number (or could not be read): the ticket stands. */
  whatsappUnavailable: (ref: string) =>
    `Ticket ${ref} is logged, but our WhatsApp number is not available right now. We will answer you by email.`,
} as const

/** People type '+27 82 123 4567' or '+27-82-123-4567'; wa.me and the functions want '+27821234567'. */
export function normalisePhone(input: string): string {
  return input.replace(/[\s().-]/g, '')
}

const phoneE164 = z
  .string()
  .transform(normalisePhone)
  .refine((value) => E164.test(value), TICKET_MESSAGES.invalidPhone)

// The stored body (≤ 4096 characters) also carries "\n\nRef: TCK-XXXXXX".
const MESSAGE_MAX = 4000

/** 'Log a Ticket and Send via WhatsApp' (/portal/tickets). */
export const ticketFormSchema = z.object({
  summary: text(200, { min: 1, required: TICKET_MESSAGES.missingInfo.description }),
  details: text(10_000).optional(),
  phone: z.string().trim().min(1, TICKET_MESSAGES.missingInfo.description).pipe(phoneE164),
  message: text(MESSAGE_MAX, { min: 1, required: TICKET_MESSAGES.missingInfo.description }),
  /** The closed ticket this one follows up (a hidden field when opened from its page). */
  followUpOf: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.uuid('Unknown ticket to follow up.').optional(),
  ),
})
export type TicketForm = z.input<typeof ticketFormSchema>

/** 'Send Update via WhatsApp' (/portal/tickets/{id}). */
export const ticketUpdateSchema = z.object({
  phone: z.string().trim().min(1, 'Enter the WhatsApp number.').pipe(phoneE164),
  message: text(MESSAGE_MAX, { min: 1, required: 'Write the update to send.' }),
})
export type TicketUpdate = z.input<typeof ticketUpdateSchema>

export const TICKET_STATUSES = [
  'new',
  'open',
  'waiting_on_customer',
  'on_hold',
  'resolved',
  'closed',
] as const
export type TicketStatus = (typeof TICKET_STATUSES)[number]

/** How a customer sees a status (staff see the raw helpdesk states). */
export const CUSTOMER_STATUS_LABELS: Record<TicketStatus, string> = {
  new: 'Received',
  open: 'In progress',
  waiting_on_customer: 'Awaiting your reply',
  on_hold: 'In progress',
  resolved: 'Resolved – please confirm',
  closed: 'Closed',
}

export function customerStatusLabel(status: string): string {
  return CUSTOMER_STATUS_LABELS[status as TicketStatus] ?? status
}

/**
 * What a customer may decide about their own ticket (docs: helpdesk-research.md, transitions): confirm
 * a resolution, say it is still broken, or cancel a ticket nobody has picked up. The database
 * enforces the same moves (private.enforce_ticket_rules).
 */
export const CUSTOMER_DECISIONS = {
  confirm: {
    from: 'resolved',
    status: 'closed',
    closeReason: 'confirmed',
    done: 'Thanks for confirming. The ticket is closed.',
  },
  reopen: {
    from: 'resolved',
    status: 'open',
    closeReason: null,
    done: 'The ticket is open again; we are on it.',
  },
  cancel: { from: 'new', status: 'closed', closeReason: 'cancelled', done: 'The ticket is cancelled.' },
} as const satisfies Record<
  string,
  { from: TicketStatus; status: TicketStatus; closeReason: 'confirmed' | 'cancelled' | null; done: string }
>
export type CustomerDecision = keyof typeof CUSTOMER_DECISIONS

export const customerDecisionSchema = z.object({
  ticketId: z.uuid('Unknown ticket.'),
  decision: z.enum(['confirm', 'reopen', 'cancel'], 'Choose what to do with the ticket.'),
})

/** What the customer's side of a conversation says, the same in the form and the action. */
export const CONVERSATION_MESSAGES = {
  replyRequired: 'Write your reply first.',
  replyTooLong: 'Keep your reply under 4096 characters.',
  replySent: 'Reply sent. We will let you know when we answer.',
  reopened: 'Reply sent. The ticket is open again; we are on it.',
  closed: 'This ticket is closed. Please open a new ticket.',
  chooseRating: 'Choose a rating from 1 to 5.',
  commentTooLong: 'Keep the comment under 2000 characters.',
  rated: 'Thank you for rating our help.',
} as const

/** 'Reply' on the customer's ticket page: a message added to the conversation. */
export const customerReplySchema = z.object({
  ticketId: z.uuid('Unknown ticket.'),
  body: text(4096, {
    min: 1,
    required: CONVERSATION_MESSAGES.replyRequired,
    tooLong: CONVERSATION_MESSAGES.replyTooLong,
  }),
})
export type CustomerReply = z.output<typeof customerReplySchema>

export const RATINGS = ['1', '2', '3', '4', '5'] as const

/** 'Rate our help' on a resolved ticket: 1-5 stars and an optional comment. */
export const ticketRatingSchema = z.object({
  ticketId: z.uuid('Unknown ticket.'),
  rating: z.enum(RATINGS, CONVERSATION_MESSAGES.chooseRating).transform(Number),
  comment: text(2000, { tooLong: CONVERSATION_MESSAGES.commentTooLong }).optional(),
})
export type TicketRating = z.output<typeof ticketRatingSchema>

/** Whether a ticket in this state takes a rating (the database's private.can_rate_ticket). */
export function canRate(ticket: { status: string; close_reason?: string | null }): boolean {
  return (
    ticket.status === 'resolved' ||
    (ticket.status === 'closed' &&
      (ticket.close_reason === 'confirmed' || ticket.close_reason === 'auto_closed'))
  )
}
