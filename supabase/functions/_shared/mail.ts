import nodemailer from 'nodemailer'
import { env } from './http.ts'

export interface Mail {
  to: string
  subject: string
  text: string
  replyTo?: string
  /** An HTML alternative to `text` (multipart/alternative, text first). */
  html?: string
  from?: string
  /** Message-ID, without the angle brackets nodemailer adds. */
  messageId?: string
  headers?: Record<string, string>
}

let transport: ReturnType<typeof nodemailer.createTransport> | undefined

function mailer() {
  const host = Deno.env.get('SMTP_HOST')
  if (!host) return undefined
  const port = Number(Deno.env.get('SMTP_PORT') || 587)
  const user = Deno.env.get('SMTP_USER')
  // Pooled: the outbox worker sends many mails a run, and a new connection (and TLS handshake)
  // per mail would cost more than the mail itself.
  transport ??= nodemailer.createTransport({
    pool: true,
    maxConnections: 5,
    host,
    port,
    // Hosted edge functions may not open ports 25/587: use an implicit-TLS port (465) there.
    secure: Deno.env.get('SMTP_SECURE') ? Deno.env.get('SMTP_SECURE') === 'true' : port === 465,
    auth: user ? { user, pass: Deno.env.get('SMTP_PASS') ?? '' } : undefined,
  })
  return transport
}

export const mailFrom = () => env('MAIL_FROM', 'Siyakha Tech <no-reply@siyakha.example>')
export const supportInbox = () => env('SUPPORT_INBOX', 'support@siyakha.example')
export const siteUrl = () => env('SITE_URL', 'http://localhost:3000').replace(/\/+$/, '')
export const portalUrl = () => env('PORTAL_URL', 'http://localhost:3001').replace(/\/+$/, '')

/**
 * Sends plain-text mail. Delivery problems are logged, not thrown: the submission is already
 * stored and has a reference, which is what the visitor needs.
 */
export async function sendMail(mail: Mail): Promise<boolean> {
  const transport = mailer()
  if (!transport) {
    console.warn(`SMTP_HOST is not set; not sending "${mail.subject}"`)
    return false
  }
  try {
    await transport.sendMail({ from: mailFrom(), ...mail })
    return true
  } catch (error) {
    console.error(`could not send "${mail.subject}":`, (error as Error).message)
    return false
  }
}

/** How a send went, for the outbox: a 5xx answer will not change on retry, anything else may. */
export type SendResult = { ok: true; messageId: string } | { ok: false; permanent: boolean; error: string }

/**
 * Sends one mail and says how it went (never throws): SMTP 5xx answers are permanent failures;
 * 4xx, refused connections, TLS problems and timeouts are worth retrying. No SMTP set up is
 * permanent too: retrying would not change it.
 */
export async function sendMailClassified(mail: Mail): Promise<SendResult> {
  const transport = mailer()
  if (!transport) return { ok: false, permanent: true, error: 'SMTP_HOST is not set' }
  try {
    const info = await transport.sendMail({ from: mailFrom(), ...mail })
    return { ok: true, messageId: String(info.messageId ?? mail.messageId ?? '') }
  } catch (error) {
    const code = Number((error as { responseCode?: number }).responseCode)
    const message = (error as Error).message
    return { ok: false, permanent: code >= 500 && code < 600, error: message }
  }
}

/** "Label: value" lines for a notification, skipping empty values. */
export function fieldLines(fields: [string, string | null | undefined][]): string {
  return fields
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(([label, value]) => `${label}: ${value}`)
    .join('\n')
}
