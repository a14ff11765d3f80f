import { randomUUID } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import { type AddressObject, simpleParser } from 'mailparser'
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

/** An SMTP catcher plus a Mailpit-shaped HTTP API and viewer (`/api/v1/messages`, `/api/v1/message/:id`). */
export async function startMailbox(options: {
  host: string
  smtpPort: number
  httpPort: number
  log: Logger
}) {
  const { host, log } = options
  const messages: StoredMessage[] = []
  let mode: SmtpMode = 'ok'

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
      simpleParser(stream)
        .then((parsed) => {
          const envelopeTo = session.envelope.rcptTo.map((r) => ({
            Name: '',
            Address: r.address.toLowerCase(),
          }))
          const text = parsed.text ?? ''
          messages.unshift({
            ID: randomUUID(),
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
          if (messages.length > MAX_MESSAGES) messages.length = MAX_MESSAGES
          callback()
        })
        .catch((error: Error) => {
          log.warn(`mailbox could not parse a message: ${error.message}`)
          callback(error)
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
      return json(200, {})
    }
    if (req.method === 'DELETE' && url.pathname === '/api/v1/messages') {
      messages.length = 0
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
      await new Promise<void>((resolve) => smtp.close(() => resolve()))
      http.closeAllConnections()
      await new Promise<void>((resolve) => http.close(() => resolve()))
    },
  }
}
