// Mail about a company rather than a ticket (issue 46, part 3): no ticket, so no thread, no
// reply address and no unsubscribe (the company admin is told what happened to their company).
import type { Mail } from './mail.ts'
import type { MailSettings, OutboxRow } from './notification-mail.ts'

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  )

/** The events this file renders; the outbox worker sends the rest to renderNotification. */
export const COMPANY_EVENTS = new Set(['company_member_joined'])

/**
 * A new user at one of the company's email domains joined it (private.join_company_by_domain): the
 * company's admins are told, so someone who should not be there is noticed and removed.
 */
export function renderCompanyMail(row: OutboxRow, settings: MailSettings): Mail {
  const p = row.payload as Record<string, unknown>
  const company = String(p.company_name ?? 'your company')
  const who = String(p.member_name ?? p.member_email ?? 'Someone')
  const address = String(p.member_email ?? '')
  const said = `${who} (${address}) signed up with your company's email domain and joined ${company} in the Siyakha Tech portal. They see the tickets they log themselves; as a company admin you see the company's.`
  const action = `If they should not be in ${company}, ask Siyakha Support to remove them.`
  const link = `${settings.portalUrl}/portal/my-tickets`
  const footer = `You get this as an admin of ${company}.`
  return {
    to: row.recipient,
    from: settings.mailFrom,
    subject: `${who} joined ${company} on the Siyakha Tech portal`,
    text: [said, '', action, '', `Your portal: ${link}`, '', '--', 'Siyakha Tech', footer].join('\n'),
    html: [
      `<p>${escapeHtml(said)}</p>`,
      `<p>${escapeHtml(action)}</p>`,
      `<p><a href="${escapeHtml(link)}">Open the portal</a></p>`,
      `<p style="color:#64748b;font-size:12px">Siyakha Tech<br>${escapeHtml(footer)}</p>`,
    ].join('\n'),
    messageId: `company.${row.id}@${settings.messageIdDomain}`,
    headers: { 'Auto-Submitted': 'auto-generated', 'X-Auto-Response-Suppress': 'All' },
  }
}
