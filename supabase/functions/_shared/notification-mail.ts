// Turns an outbox row into a mail (../shared/docs/messaging-contract.md §2): the ticket's tag in the
// subject so a reply finds its ticket, one thread per ticket (a root Message-ID, then References),
// a Reply-To that leads back to the ticket, plain text first and an HTML alternative, and the
// "reply above this line" marker the inbound side cuts at. Rendered when sent, from the snapshot
// the database took when the change happened.
import type { Mail } from './mail.ts'
import { replyAddressFor } from './reply-token.ts'
import { unsubscribeToken } from './unsubscribe-token.ts'

export interface OutboxRow {
  id: number
  idempotency_key: string
  event: string
  category: string | null
  ticket_id: string | null
  ticket_message_id: string | null
  recipient: string
  recipient_user_id: string | null
  payload: {
    tracking_ref?: string
    summary?: string
    status?: string
    requester_name?: string | null
    details?: string | null
    close_reason?: string | null
    body?: string
    author_name?: string
    author_kind?: string
    /** Auto-replies: the subject and Message-ID of the mail they answer. */
    subject?: string
    in_reply_to?: string | null
    /** WhatsApp: the customer's message this answers, and the template sent while the window was shut. */
    context_id?: string | null
    template_wamid?: string
    /** Retainer alerts (retainer_threshold): the company, contract and month, and how far it has run. */
    company_id?: string
    company_name?: string
    contract_name?: string
    month?: string
    threshold?: number
    used_hours?: number
    available_hours?: number
  }
}

export interface MailSettings {
  portalUrl: string
  siteUrl: string
  messageIdDomain: string
  replyDomain: string
  replyTokenSecret: string
  supportInbox: string
  mailFrom: string
  /** `{SUPABASE_URL}/functions/v1`: where the List-Unsubscribe link points. */
  functionsUrl: string
  unsubscribeSecret: string
}

const STAFF_EVENTS = new Set(['staff_new_ticket', 'customer_reply', 'customer_reopened', 'staff_assigned'])

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  )

/** The event in words: the first paragraph of the mail. */
function opening(row: OutboxRow): string {
  const p = row.payload
  const ref = p.tracking_ref ?? ''
  switch (row.event) {
    case 'ticket_created':
      return `We've received your request "${p.summary}". Its reference is ${ref}; our support team will get back to you. Business hours: 08:00 to 17:00, Monday to Friday.`
    case 'staff_reply':
      return `${p.author_kind === 'staff' && p.author_name ? p.author_name : 'Siyakha Support'} replied to your ticket ${ref}:`
    case 'status_waiting_on_customer':
      return `We need something from you to go on with ${ref}. Please reply to this email or on the ticket's page.`
    case 'status_resolved':
      return `We think ${ref} is resolved. If it is, please confirm on the ticket's page; if not, reply and the ticket opens again.`
    case 'status_resolved_reminder':
      return `We marked ${ref} resolved three business days ago. If it is still not working, reply and the ticket opens again; if it is, there is nothing to do: it closes itself in two business days.`
    case 'status_closed':
      return `${ref} is closed. If you need more help, reply and we will open a new ticket.`
    case 'staff_new_ticket':
      return `New ticket ${ref} from ${p.requester_name ?? 'a customer'}: "${p.summary}"`
    case 'customer_reply':
      return `${p.author_name ?? 'The customer'} wrote on ${ref}:`
    case 'customer_reopened':
      return `${p.requester_name ?? 'The customer'} says ${ref} is still not working, so it is open again: "${p.summary}"`
    case 'staff_assigned':
      return `${ref} is assigned to you: "${p.summary}"`
    default:
      return `There is news on ${ref}.`
  }
}

/** The words under the opening: the message itself, or the request's details. */
function content(row: OutboxRow): string | null {
  const p = row.payload
  if (row.event === 'staff_reply' || row.event === 'customer_reply') return p.body ?? null
  if (row.event === 'staff_new_ticket' || row.event === 'ticket_created') return p.details ?? null
  return null
}

/**
 * Our answer to mail we did not store (inbound-email: a stranger writing on someone's ticket, or
 * an unknown sender where those are refused). Marked auto-replied (RFC 3834) and threaded under
 * the mail it answers; the database sends at most one per sender and reason a week.
 */
function renderAutoReply(row: OutboxRow, settings: MailSettings): Mail {
  const p = row.payload
  const explanation =
    row.event === 'auto_reply_unverified_sender'
      ? `We received your email about ${p.tracking_ref ?? 'a ticket'}, but it came from an address that is not on that ticket, so we did not add it. Please reply from the address you used when you asked for help, or sign in to the portal: ${settings.portalUrl}/portal/my-tickets`
      : `We received your email, but we only take support requests by email from our clients' registered addresses. Please log a support call at ${settings.siteUrl}/log-it, or sign in to the portal: ${settings.portalUrl}/portal/my-tickets`
  const text = [explanation, '', '--', 'Siyakha Tech', 'This is an automatic reply.'].join('\n')
  const headers: Record<string, string> = {
    'Auto-Submitted': 'auto-replied',
    'X-Auto-Response-Suppress': 'All',
  }
  if (p.in_reply_to) {
    headers['In-Reply-To'] = p.in_reply_to
    headers.References = p.in_reply_to
  }
  return {
    to: row.recipient,
    from: settings.mailFrom,
    // Nothing the sender wrote: From may name someone else, who would get their words from us.
    subject: 'Re: your email to Siyakha Support',
    text,
    html: `<p>${escapeHtml(explanation)}</p><p style="color:#64748b;font-size:12px">Siyakha Tech<br>This is an automatic reply.</p>`,
    messageId: `auto.${row.id}@${settings.messageIdDomain}`,
    headers,
  }
}

/**
 * A retainer that reached 80% or 100% of its month (private.check_retainer_alerts): to the company's
 * account manager and the provider admins, once per contract, month and threshold. No ticket, so
 * no thread and no reply address.
 */
function renderRetainerAlert(row: OutboxRow, settings: MailSettings): Mail {
  const p = row.payload
  const company = p.company_name ?? 'A company'
  const link = `${settings.portalUrl}/portal/helpdesk/statements/${p.company_id ?? ''}?month=${p.month ?? ''}`
  const reached =
    p.threshold === 100
      ? `${company} has used all of its retainer for ${p.month}: ${p.used_hours} of ${p.available_hours} hours. Further billable time is billed at the contract's rate beyond the retainer.`
      : `${company} has used ${p.threshold}% of its retainer for ${p.month}: ${p.used_hours} of ${p.available_hours} hours.`
  const footer = 'You get this as the account manager or a provider admin.'
  const text = [
    reached,
    '',
    `Contract: ${p.contract_name ?? ''}`,
    `Statement: ${link}`,
    '',
    '--',
    'Siyakha Tech',
    footer,
  ].join('\n')
  return {
    to: row.recipient,
    from: settings.mailFrom,
    subject: `${company}: ${p.threshold}% of the ${p.month} retainer used`,
    text,
    html: [
      `<p>${escapeHtml(reached)}</p>`,
      `<p>Contract: ${escapeHtml(p.contract_name ?? '')}</p>`,
      `<p><a href="${escapeHtml(link)}">Open the statement</a></p>`,
      `<p style="color:#64748b;font-size:12px">Siyakha Tech<br>${escapeHtml(footer)}</p>`,
    ].join('\n'),
    messageId: `retainer.${row.id}@${settings.messageIdDomain}`,
    headers: { 'Auto-Submitted': 'auto-generated', 'X-Auto-Response-Suppress': 'All' },
  }
}

export async function renderNotification(row: OutboxRow, settings: MailSettings): Promise<Mail> {
  if (row.event.startsWith('auto_reply_')) return renderAutoReply(row, settings)
  if (row.event === 'retainer_threshold') return renderRetainerAlert(row, settings)
  const ref = row.payload.tracking_ref ?? 'TCK-??????'
  const staff = STAFF_EVENTS.has(row.event)
  const root = `ticket.${ref.toLowerCase()}@${settings.messageIdDomain}`
  const first = row.event === 'ticket_created'
  const kind =
    row.event === 'staff_reply'
      ? 'reply'
      : row.event.startsWith('status_')
        ? 'status'
        : staff
          ? 'staff'
          : 'auto'
  const messageId = first ? root : `${kind}.${row.id}.${ref.toLowerCase()}@${settings.messageIdDomain}`
  const link = row.ticket_id
    ? `${settings.portalUrl}/portal/${staff ? 'helpdesk' : 'tickets'}/${row.ticket_id}`
    : `${settings.portalUrl}/portal/my-tickets`
  const marker = `-- Reply above this line to add to ${ref} --`
  const body = content(row)
  const footer = staff
    ? 'You get this because you work the Siyakha helpdesk.'
    : `Manage these emails: ${settings.portalUrl}/portal/notifications`
  const text = [
    marker,
    '',
    opening(row),
    ...(body ? ['', body] : []),
    '',
    `Open the ticket: ${link}`,
    '',
    '--',
    'Siyakha Tech',
    footer,
  ].join('\n')
  const html = [
    `<div id="siyakha-reply-marker" style="color:#64748b;font-size:12px">${escapeHtml(marker)}</div>`,
    `<p>${escapeHtml(opening(row))}</p>`,
    body
      ? `<blockquote style="white-space:pre-wrap;margin:0 0 1em;padding-left:1em;border-left:3px solid #cbd5e1">${escapeHtml(body)}</blockquote>`
      : '',
    `<p><a href="${escapeHtml(link)}">Open the ticket</a></p>`,
    `<p style="color:#64748b;font-size:12px">Siyakha Tech<br>${escapeHtml(footer)}</p>`,
  ].join('\n')
  const summary = (row.payload.summary ?? '').slice(0, 120)
  const headers: Record<string, string> = {
    'X-Siyakha-Ticket': ref,
    'X-Auto-Response-Suppress': 'OOF, AutoReply',
  }
  // A person's reply is not automatic; everything else is (RFC 3834), so auto-responders keep quiet.
  if (row.event !== 'staff_reply') headers['Auto-Submitted'] = 'auto-generated'
  if (!first) {
    headers['In-Reply-To'] = `<${root}>`
    headers.References = `<${root}>`
  }
  // Customer mail a person can turn off carries a one-click unsubscribe for its category (RFC 8058).
  if (!staff && row.category) {
    const token = await unsubscribeToken(settings.unsubscribeSecret, row.recipient, row.category)
    headers['List-Unsubscribe'] = `<${settings.functionsUrl}/email-unsubscribe?t=${token}>`
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click'
  }
  // Each recipient's own reply address: a reply to it proves it came from the person it was sent to
  // (a staff member's becomes their internal note, a customer's their message), and one person's
  // address is no use to anyone else.
  const replyTo = row.ticket_id
    ? `"Siyakha Support" <${await replyAddressFor({ id: row.ticket_id, trackingRef: ref }, row.recipient, settings)}>`
    : undefined
  const from =
    row.event === 'staff_reply' && row.payload.author_kind === 'staff' && row.payload.author_name
      ? `"${row.payload.author_name.replace(/["\\]/g, '')} via Siyakha Support" <${settings.supportInbox}>`
      : settings.mailFrom
  return {
    to: row.recipient,
    from,
    subject: `${first ? '' : 'Re: '}[${ref}] ${summary}`,
    text,
    html,
    messageId,
    replyTo,
    headers,
  }
}
