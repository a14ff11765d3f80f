// Reading a received email (Resend's "retrieve received email" shape, ../shared/docs/messaging-contract.md
// §3.2): which mail is automatic and must never be answered (§3.6), and what in it points at a
// ticket (§3.3). Pure functions: the inbound-email function does the calls.
import { addressParser } from 'postal-mime'
import { z } from 'zod'
import { MAX_INBOUND_CHARS } from './email-reply.ts'

const address = z.string().max(2000)

/** What the provider answers for a received email; only the fields we read are checked. */
export const receivedEmailSchema = z.object({
  id: z.string().max(200),
  from: address,
  to: z.array(address).max(500).default([]),
  cc: z.array(address).max(500).nullish(),
  bcc: z.array(address).max(500).nullish(),
  received_for: z.array(address).max(500).nullish(),
  subject: z.string().max(10_000).nullish(),
  text: z.string().nullish(),
  html: z.string().nullish(),
  message_id: z.string().max(1000).nullish(),
  headers: z.record(z.string(), z.union([z.string(), z.array(z.string())])).nullish(),
  attachments: z
    .array(
      z.object({
        id: z.string().max(200).nullish(),
        filename: z.string().max(500).nullish(),
        content_type: z.string().max(200).nullish(),
        size: z.number().nullish(),
      }),
    )
    .max(100)
    .nullish(),
})
export type ReceivedEmail = z.infer<typeof receivedEmailSchema>

export interface InboundSettings {
  replyDomain: string
  messageIdDomain: string
  /** Addresses we send from: mail from them is our own, come back. */
  ownAddresses: string[]
}

/** A header's first value, by case-insensitive name. */
export function header(email: ReceivedEmail, name: string): string | undefined {
  const wanted = name.toLowerCase()
  for (const [key, value] of Object.entries(email.headers ?? {})) {
    if (key.toLowerCase() === wanted) return Array.isArray(value) ? value[0] : value
  }
  return undefined
}

/** `Name <addr>` or a bare address → lower-cased address and the name, if any. */
export function parseAddress(text: string): { email: string; name: string | null } | null {
  const [first] = addressParser(text)
  const email = first && 'address' in first ? first.address?.trim().toLowerCase() : undefined
  if (!email?.includes('@')) return null
  return { email, name: first?.name?.trim() || null }
}

const NO_REPLY_LOCAL_PART = /^(mailer-daemon|postmaster|no-?reply|owner-.*|.*-request)$/i

/**
 * Why this mail must be dropped without an answer, or null when a person wrote it: auto-replies
 * and bulk mail (RFC 3834), bounces, robots' addresses, and our own mail coming back. Answering any
 * of them risks two robots writing to each other for ever.
 */
export function automaticReason(
  email: ReceivedEmail,
  sender: string,
  settings: InboundSettings,
): string | null {
  const autoSubmitted = header(email, 'auto-submitted')?.trim().toLowerCase()
  if (autoSubmitted && autoSubmitted !== 'no') return 'auto_submitted'
  if (/^(bulk|list|junk)$/i.test(header(email, 'precedence')?.trim() ?? '')) return 'bulk'
  if (header(email, 'list-id') !== undefined) return 'mailing_list'
  if (header(email, 'return-path')?.trim() === '<>') return 'null_return_path'
  if (header(email, 'x-autoreply') !== undefined || header(email, 'x-autorespond') !== undefined)
    return 'auto_reply'
  if (/multipart\/report/i.test(header(email, 'content-type') ?? '')) return 'bounce'
  if (header(email, 'x-siyakha-ticket') !== undefined) return 'own_mail'
  const [local = '', domain = ''] = sender.split('@')
  if (settings.ownAddresses.includes(sender) || domain === settings.replyDomain.toLowerCase())
    return 'own_mail'
  if (NO_REPLY_LOCAL_PART.test(local)) return 'robot_sender'
  return null
}

const REF = /\[(TCK-[A-Z0-9]{6})\]/i

/** The subject without reply/forward prefixes and our tag: the summary of a ticket mail opens. */
export function cleanSubject(subject: string | null | undefined): string {
  // Spaces collapsed before the prefixes are read: with runs of them, the prefix pattern's
  // neighbouring optional spaces backtrack quadratically (10 kB of spaces took 180 ms).
  return (subject ?? '')
    .replace(REF, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^( ?(re|fwd?|aw|antw|sv|vs) ?(\[\d+\])? ?: ?)+/i, '')
    .trim()
    .slice(0, 200)
}

export interface TicketHints {
  /** From reply addresses: `reply+{ref}.{sig}@{replyDomain}` (signature still to be checked). */
  tokens: { ref: string; sig: string }[]
  /** Tickets named by our own Message-IDs in In-Reply-To and References, newest first. */
  threadRefs: string[]
  /** Every id in In-Reply-To and References, newest first. */
  threadIds: string[]
  subjectRef: string | null
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

export function ticketHints(email: ReceivedEmail, settings: InboundSettings): TicketHints {
  const token = new RegExp(
    `^reply\\+(tck-[a-z0-9]{6})\\.([a-z2-7]{10})@${escapeRegExp(settings.replyDomain)}$`,
    'i',
  )
  const tokens: TicketHints['tokens'] = []
  for (const entry of [...email.to, ...(email.cc ?? []), ...(email.received_for ?? [])]) {
    const parsed = parseAddress(entry)
    const match = parsed && token.exec(parsed.email)
    if (match)
      tokens.push({ ref: (match[1] as string).toUpperCase(), sig: (match[2] as string).toLowerCase() })
  }
  // References is oldest first and In-Reply-To is the newest: read newest first.
  const ids = [
    header(email, 'in-reply-to') ?? '',
    ...(header(email, 'references') ?? '').split(/\s+/).reverse(),
  ]
    .flatMap((value) => value.match(/<[^<>\s]+>/g) ?? [])
    .filter((id, i, all) => all.indexOf(id) === i)
  const ours = new RegExp(`[.](tck-[a-z0-9]{6})@${escapeRegExp(settings.messageIdDomain)}>$`, 'i')
  const threadRefs = ids.flatMap((id) => {
    const match = ours.exec(id)
    return match ? [(match[1] as string).toUpperCase()] : []
  })
  return {
    tokens,
    threadRefs,
    threadIds: ids,
    subjectRef: REF.exec(email.subject ?? '')?.[1]?.toUpperCase() ?? null,
  }
}

/**
 * The outbox rows a bounce names: our Message-IDs (`<reply.{row}.tck-…@domain>`, `<auto.{row}@domain>`)
 * anywhere in the report. The thread's first mail (`<ticket.tck-…@domain>`) names no row.
 */
export function bouncedRowIds(email: ReceivedEmail, settings: InboundSettings): number[] {
  const domain = escapeRegExp(settings.messageIdDomain)
  const ours = new RegExp(
    `<(?:reply|status|staff|auto)\\.(\\d{1,18})(?:\\.tck-[a-z0-9]{6})?@${domain}>`,
    'gi',
  )
  // Bounded as the reply is (email-reply.ts): the report's first megabyte names our mail.
  const text = `${(email.text ?? '').slice(0, MAX_INBOUND_CHARS)}\n${(email.html ?? '').slice(0, MAX_INBOUND_CHARS)}`
  return [...new Set([...text.matchAll(ours)].map((match) => Number(match[1])))]
}

/** Reasons automaticReason gives mail that may be a bounce report. */
export const BOUNCE_REASONS = new Set(['bounce', 'null_return_path', 'robot_sender', 'auto_submitted'])
