import { createHmac, randomUUID } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import { type AddressObject, type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import type { Logger } from '../lib/log.js'
import { mailboxPage } from './page.js'

export interface Address {
  Name: string
  Address: string
}

export interface StoredMessage {
  ID: string
  From: Address
  To: Address[]
  Subject: string
  Created: string
  Text: string
  HTML: string
  Snippet: string
  /** Every header as sent, Mailpit-style: name → values (GET /api/v1/message/:id/headers). */
  Headers: Record<string, string[]>
}

/**
 * The inbound-mail provider's part (Resend, ../shared/docs/messaging-contract.md §4): mail whose
 * envelope names one of our receiving addresses is stored as a received email, announced to
 * `webhookUrl` in the provider's signed format, and served at `/resend/emails/receiving/:id`.
 */
export interface InboundOptions {
  webhookUrl: string
  /** `whsec_…`: the Svix signing secret the function checks. */
  secret: string
  /** The Bearer token the content endpoint wants. */
  apiKey: string
  /** The support inbox; everything at `@{replyDomain}` is received too. */
  supportInbox: string
  replyDomain: string
  /**
   * The provider's authserv-id (RFC 8601): it prepends `Authentication-Results: {authservId};
   * dmarc=…` to every mail it receives, as a receiving provider does. The function trusts only
   * this id's verdict (INBOUND_AUTHSERV_ID).
   */
  authservId: string
}

/** The DMARC result the provider reports for a sender (PUT /api/v1/_local/dmarc); default none. */
export type DmarcResult = 'pass' | 'fail' | 'none'

/** A received email in the provider's "retrieve received email" shape. */
interface ReceivedEmail {
  id: string
  object: 'email'
  to: string[]
  from: string
  created_at: string
  subject: string
  cc: string[]
  bcc: string[]
  reply_to: string[]
  received_for: string[]
  html: string | null
  text: string | null
  /** Names lower-cased, first value; Authentication-Results: every value, the provider's first. */
  headers: Record<string, string | string[]>
  message_id: string | null
  attachments: {
    id: string
    filename: string
    size: number
    content_type: string
    content_id: string | null
    content_disposition: string
  }[]
}

interface WebhookDelivery {
  id: string
  email_id: string
  attempts: number
  status: 'pending' | 'delivered' | 'failed'
  last_status: number | null
  last_error: string | null
  updated_at: string
}

/** Re-deliveries after a failed webhook call, as a provider schedules them (shortened: seconds). */
const RETRY_DELAYS_MS = [1_000, 5_000, 30_000, 120_000]

/** What RCPT TO answers (PUT /api/v1/_local/smtp): 250, a temporary 451 or a permanent 550. */
export type SmtpMode = 'ok' | 'tempfail' | 'reject'

const MAX_MESSAGES = 5000

function addresses(value: AddressObject | AddressObject[] | undefined): Address[] {
  const list = Array.isArray(value) ? value : value ? [value] : []
  return list.flatMap((obj) =>
    obj.value.map((a) => ({ Name: a.name ?? '', Address: (a.address ?? '').toLowerCase() })),
  )
}

function summary(message: StoredMessage) {
  const { Text: _text, HTML: _html, Headers: _headers, ...rest } = message
  return rest
}

function headerMap(lines: readonly { key: string; line: string }[]): Record<string, string[]> {
  const map: Record<string, string[]> = {}
  for (const { line } of lines) {
    const colon = line.indexOf(':')
    if (colon < 0) continue
    const name = line.slice(0, colon).trim()
    const value = line
      .slice(colon + 1)
      .replace(/\r?\n[ \t]+/g, ' ')
      .trim()
    const known = Object.keys(map).find((k) => k.toLowerCase() === name.toLowerCase()) ?? name
    map[known] = [...(map[known] ?? []), value]
  }
  return map
}

const formatAddress = (a: { name?: string; address?: string }) =>
  a.name ? `${a.name} <${a.address ?? ''}>` : (a.address ?? '')

function addressList(value: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(value) ? value : value ? [value] : []
  return list.flatMap((obj) => obj.value.map(formatAddress))
}

function receivedEmail(
  parsed: ParsedMail,
  envelope: string[],
  receivedFor: string[],
  authenticationResults: string,
): ReceivedEmail {
  const headers: Record<string, string | string[]> = {}
  const written: string[] = []
  for (const [name, values] of Object.entries(headerMap(parsed.headerLines))) {
    if (name.toLowerCase() === 'authentication-results') written.push(...values)
    else headers[name.toLowerCase()] ??= values[0] ?? ''
  }
  // Ours on top, then whatever the sender wrote (kept, as providers do: the reader must tell them apart).
  headers['authentication-results'] = [authenticationResults, ...written]
  const to = addressList(parsed.to)
  const cc = addressList(parsed.cc)
  const named = new Set([...to, ...cc].map((a) => (/<([^>]+)>/.exec(a)?.[1] ?? a).toLowerCase()))
  return {
    id: randomUUID(),
    object: 'email',
    to,
    from: addressList(parsed.from)[0] ?? '',
    created_at: new Date().toISOString(),
    subject: parsed.subject ?? '',
    cc,
    bcc: envelope.filter((a) => !named.has(a)),
    reply_to: addressList(parsed.replyTo),
    received_for: receivedFor,
    html: typeof parsed.html === 'string' ? parsed.html : null,
    text: parsed.text ?? null,
    headers,
    message_id: parsed.messageId ?? null,
    attachments: parsed.attachments.map((a) => ({
      id: randomUUID(),
      filename: a.filename ?? 'attachment',
      size: a.size,
      content_type: a.contentType,
      content_id: a.contentId ?? null,
      content_disposition: a.contentDisposition ?? 'attachment',
    })),
  }
}

/** Svix's signature, as the provider sends it: v1,base64(HMAC-SHA256(secret bytes, id.timestamp.body)). */
function svixSignature(secret: string, id: string, timestamp: string, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64')
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`
}

/** An SMTP catcher plus a Mailpit-shaped HTTP API and viewer (`/api/v1/messages`, `/api/v1/message/:id`). */
export async function startMailbox(options: {
  host: string
  smtpPort: number
  httpPort: number
  inbound?: InboundOptions
  log: Logger
}) {
  const { host, log, inbound } = options
  const messages: StoredMessage[] = []
  const raws = new Map<string, Buffer>()
  const received = new Map<string, ReceivedEmail>()
  /** A received email's attachments' bytes, by email id, with the token its download_url carries. */
  const receivedFiles = new Map<string, { id: string; content: Buffer; token: string }[]>()
  const deliveries: WebhookDelivery[] = []
  const timers = new Set<NodeJS.Timeout>()
  let mode: SmtpMode = 'ok'
  /** DMARC results by sender address or by `@domain` (PUT /api/v1/_local/dmarc). */
  const dmarc = new Map<string, DmarcResult>()

  /** The provider's own Authentication-Results for a mail from `from`. */
  function authenticationResults(from: string): string {
    const address = from.toLowerCase()
    const domain = address.split('@')[1] ?? ''
    const result = dmarc.get(address) ?? dmarc.get(`@${domain}`) ?? 'none'
    return `${inbound?.authservId ?? 'local'}; spf=none smtp.mailfrom=${address || 'unknown'}; dkim=none; dmarc=${result} header.from=${domain || 'unknown'}`
  }

  /** Posts the email.received event; on failure tries again on the provider's schedule. */
  function announce(email: ReceivedEmail, delivery: WebhookDelivery): void {
    if (!inbound) return
    const body = JSON.stringify({
      type: 'email.received',
      created_at: new Date().toISOString(),
      data: {
        email_id: email.id,
        created_at: email.created_at,
        from: email.from,
        to: email.to,
        cc: email.cc,
        bcc: email.bcc,
        received_for: email.received_for,
        message_id: email.message_id,
        subject: email.subject,
        attachments: email.attachments.map(({ size: _size, ...rest }) => rest),
      },
    })
    const id = `msg_${randomUUID().replace(/-/g, '')}`
    const timestamp = String(Math.floor(Date.now() / 1000))
    delivery.attempts++
    fetch(inbound.webhookUrl, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'svix-id': id,
        'svix-timestamp': timestamp,
        'svix-signature': svixSignature(inbound.secret, id, timestamp, body),
      },
      body,
    })
      .then(async (answer) => {
        delivery.last_status = answer.status
        delivery.last_error = answer.ok ? null : (await answer.text()).slice(0, 500)
        if (!answer.ok) throw new Error(`answered ${answer.status}`)
        delivery.status = 'delivered'
      })
      .catch((error: Error) => {
        delivery.last_error ??= error.message
        const delay = RETRY_DELAYS_MS[delivery.attempts - 1]
        if (delay === undefined) {
          delivery.status = 'failed'
          log.warn(`mailbox: inbound webhook for ${email.id} failed for good: ${delivery.last_error}`)
          return
        }
        log.debug(`mailbox: inbound webhook for ${email.id} failed (${error.message}); retrying`)
        const timer = setTimeout(() => {
          timers.delete(timer)
          announce(email, delivery)
        }, delay)
        timers.add(timer)
      })
      .finally(() => {
        delivery.updated_at = new Date().toISOString()
      })
  }

  /** Envelope recipients the provider receives for: the support inbox and the reply domain. */
  function receivingAddresses(envelope: string[]): string[] {
    if (!inbound) return []
    const support = inbound.supportInbox.toLowerCase()
    const domain = `@${inbound.replyDomain.toLowerCase()}`
    return envelope.filter((a) => a === support || a.endsWith(domain))
  }

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 10 * 1024 * 1024,
    // Tests of the outbox play SMTP trouble here: a 451 is worth retrying, a 550 is not.
    onRcptTo(_address, _session, callback) {
      if (mode === 'ok') return callback()
      const error = Object.assign(
        new Error(mode === 'tempfail' ? 'Mailbox busy, try again later' : 'Mailbox unavailable'),
        { responseCode: mode === 'tempfail' ? 451 : 550 },
      )
      callback(error)
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('error', (error: Error) => callback(error))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks)
        simpleParser(raw)
          .then((parsed) => {
            const envelope = session.envelope.rcptTo.map((r) => r.address.toLowerCase())
            const envelopeTo = envelope.map((address) => ({ Name: '', Address: address }))
            const text = parsed.text ?? ''
            const id = randomUUID()
            messages.unshift({
              ID: id,
              From: addresses(parsed.from)[0] ?? {
                Name: '',
                Address: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              },
              To: addresses(parsed.to).length ? addresses(parsed.to) : envelopeTo,
              Subject: parsed.subject ?? '',
              Created: new Date().toISOString(),
              Text: text,
              HTML: typeof parsed.html === 'string' ? parsed.html : '',
              Snippet: text.replace(/\s+/g, ' ').trim().slice(0, 200),
              Headers: headerMap(parsed.headerLines),
            })
            raws.set(id, raw)
            if (messages.length > MAX_MESSAGES) {
              for (const dropped of messages.splice(MAX_MESSAGES)) raws.delete(dropped.ID)
            }
            const receivedFor = receivingAddresses(envelope)
            if (receivedFor.length > 0) {
              const from = addresses(parsed.from)[0]?.Address ?? ''
              const email = receivedEmail(parsed, envelope, receivedFor, authenticationResults(from))
              received.set(email.id, email)
              receivedFiles.set(
                email.id,
                email.attachments.map((a, i) => ({
                  id: a.id,
                  content: parsed.attachments[i]?.content ?? Buffer.alloc(0),
                  token: randomUUID(),
                })),
              )
              const delivery: WebhookDelivery = {
                id: randomUUID(),
                email_id: email.id,
                attempts: 0,
                status: 'pending',
                last_status: null,
                last_error: null,
                updated_at: new Date().toISOString(),
              }
              deliveries.unshift(delivery)
              if (deliveries.length > MAX_MESSAGES) deliveries.length = MAX_MESSAGES
              // The 250 goes first; the webhook follows, as a provider's does.
              setImmediate(() => announce(email, delivery))
            }
            callback()
          })
          .catch((error: Error) => {
            log.warn(`mailbox could not parse a message: ${error.message}`)
            callback(error)
          })
      })
    },
  })
  smtp.on('error', (error) => log.warn(`smtp: ${error.message}`))

  const http: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://mailbox')
    const json = (status: number, body: unknown) => {
      const text = JSON.stringify(body)
      res.writeHead(status, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' })
      res.end(text)
    }
    const one = /^\/api\/v1\/message\/([^/]+)$/.exec(url.pathname)
    const headersOf = /^\/api\/v1\/message\/([^/]+)\/headers$/.exec(url.pathname)
    const rawOf = /^\/api\/v1\/message\/([^/]+)\/raw$/.exec(url.pathname)
    const receivedOf = /^\/resend\/emails\/receiving\/([^/]+)$/.exec(url.pathname)
    if (receivedOf && req.method === 'GET') {
      if (!inbound || req.headers.authorization !== `Bearer ${inbound.apiKey}`) {
        return json(401, { statusCode: 401, name: 'validation_error', message: 'API key is invalid' })
      }
      const email = received.get(decodeURIComponent(receivedOf[1] as string))
      return email ? json(200, email) : json(404, { name: 'not_found', message: 'Email not found' })
    }
    // Resend's attachments API for received mail: the list (or one) with a download_url each, valid
    // for an hour; the URL itself needs no key, as the provider's signed CDN links do not.
    const attachmentsOf = /^\/resend\/emails\/receiving\/([^/]+)\/attachments(?:\/([^/]+))?$/.exec(
      url.pathname,
    )
    if (attachmentsOf && req.method === 'GET') {
      if (!inbound || req.headers.authorization !== `Bearer ${inbound.apiKey}`) {
        return json(401, { statusCode: 401, name: 'validation_error', message: 'API key is invalid' })
      }
      const emailId = decodeURIComponent(attachmentsOf[1] as string)
      const email = received.get(emailId)
      if (!email) return json(404, { name: 'not_found', message: 'Email not found' })
      const files = receivedFiles.get(emailId) ?? []
      const expires = new Date(Date.now() + 3_600_000).toISOString()
      const described = email.attachments.map((a) => ({
        object: 'attachment',
        id: a.id,
        filename: a.filename,
        size: a.size,
        content_type: a.content_type,
        content_disposition: a.content_disposition,
        content_id: a.content_id,
        download_url: `http://${req.headers.host}/resend/_local/attachments/${emailId}/${a.id}?signature=${files.find((f) => f.id === a.id)?.token ?? ''}`,
        expires_at: expires,
      }))
      if (!attachmentsOf[2]) return json(200, { object: 'list', has_more: false, data: described })
      const one = described.find((a) => a.id === decodeURIComponent(attachmentsOf[2] as string))
      return one ? json(200, one) : json(404, { name: 'not_found', message: 'Attachment not found' })
    }
    const downloadOf = /^\/resend\/_local\/attachments\/([^/]+)\/([^/]+)$/.exec(url.pathname)
    if (downloadOf && req.method === 'GET') {
      const file = receivedFiles
        .get(decodeURIComponent(downloadOf[1] as string))
        ?.find((f) => f.id === decodeURIComponent(downloadOf[2] as string))
      if (!file || url.searchParams.get('signature') !== file.token) {
        res.writeHead(403, { 'Content-Type': 'text/plain' })
        res.end('Request has expired or the signature is invalid')
        return
      }
      res.writeHead(200, {
        'Content-Type': 'application/octet-stream',
        'Content-Length': file.content.length,
      })
      res.end(file.content)
      return
    }
    if (rawOf && req.method === 'GET') {
      const raw = raws.get(rawOf[1] as string)
      if (!raw) return json(404, { error: 'message not found' })
      res.writeHead(200, { 'Content-Type': 'message/rfc822' })
      res.end(raw)
      return
    }
    if (req.method === 'GET' && url.pathname === '/api/v1/webhooks') {
      return json(200, { total: deliveries.length, deliveries })
    }
    if (req.method === 'PUT' && url.pathname === '/api/v1/_local/smtp') {
      let body = ''
      req.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8')
      })
      req.on('end', () => {
        let wanted: unknown
        try {
          wanted = (JSON.parse(body) as { mode?: unknown }).mode
        } catch {
          wanted = undefined
        }
        if (wanted !== 'ok' && wanted !== 'tempfail' && wanted !== 'reject') {
          return json(400, { error: 'mode must be "ok", "tempfail" or "reject"' })
        }
        mode = wanted
        log.debug(`mailbox: SMTP mode ${mode}`)
        json(200, { mode })
      })
      return
    }
    if (url.pathname === '/api/v1/_local/dmarc' && req.method === 'DELETE') {
      dmarc.clear()
      return json(200, {})
    }
    if (url.pathname === '/api/v1/_local/dmarc' && req.method === 'PUT') {
      let body = ''
      req.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8')
      })
      req.on('end', () => {
        let wanted: { sender?: unknown; domain?: unknown; result?: unknown } = {}
        try {
          wanted = JSON.parse(body) ?? {}
        } catch {
          // Answered below: the fields are missing.
        }
        const { sender, domain, result } = wanted
        const key =
          typeof sender === 'string' && sender.includes('@')
            ? sender.trim().toLowerCase()
            : typeof domain === 'string' && domain.trim() !== ''
              ? `@${domain.trim().toLowerCase().replace(/^@/, '')}`
              : null
        if (!key || (result !== 'pass' && result !== 'fail' && result !== 'none')) {
          return json(400, {
            error: 'send {"sender":"x@y"} or {"domain":"y"} with "result": "pass", "fail" or "none"',
          })
        }
        dmarc.set(key, result)
        json(200, { [key.startsWith('@') ? 'domain' : 'sender']: key.replace(/^@/, ''), result })
      })
      return
    }
    if (headersOf && req.method === 'GET') {
      const message = messages.find((m) => m.ID === headersOf[1])
      return message ? json(200, message.Headers) : json(404, { error: 'message not found' })
    }
    if (req.method === 'GET' && url.pathname === '/') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
      res.end(mailboxPage)
      return
    }
    if (req.method === 'GET' && url.pathname === '/api/v1/messages') {
      const to = url.searchParams.get('to')?.toLowerCase()
      const list = to ? messages.filter((m) => m.To.some((a) => a.Address === to)) : messages
      return json(200, { total: list.length, messages: list.map(summary) })
    }
    if (one && req.method === 'GET') {
      const id = one[1] === 'latest' ? messages[0]?.ID : one[1]
      const message = messages.find((m) => m.ID === id)
      return message ? json(200, message) : json(404, { error: 'message not found' })
    }
    if (one && req.method === 'DELETE') {
      const index = messages.findIndex((m) => m.ID === one[1])
      if (index < 0) return json(404, { error: 'message not found' })
      messages.splice(index, 1)
      raws.delete(one[1] as string)
      return json(200, {})
    }
    if (req.method === 'DELETE' && url.pathname === '/api/v1/messages') {
      messages.length = 0
      raws.clear()
      return json(200, {})
    }
    json(404, { error: 'not found' })
  })

  await new Promise<void>((resolve, reject) => {
    smtp.server.once('error', reject)
    smtp.listen(options.smtpPort, host, () => resolve())
  })
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject)
    http.listen(options.httpPort, host, () => resolve())
  })
  return {
    messages,
    async close(): Promise<void> {
      for (const timer of timers) clearTimeout(timer)
      timers.clear()
      await new Promise<void>((resolve) => smtp.close(() => resolve()))
      http.closeAllConnections()
      await new Promise<void>((resolve) => http.close(() => resolve()))
    },
  }
}
