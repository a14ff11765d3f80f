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
}

const MAX_MESSAGES = 500

function addresses(value: AddressObject | AddressObject[] | undefined): Address[] {
  const list = Array.isArray(value) ? value : value ? [value] : []
  return list.flatMap((obj) =>
    obj.value.map((a) => ({ Name: a.name ?? '', Address: (a.address ?? '').toLowerCase() })),
  )
}

function summary(message: StoredMessage) {
  const { Text: _text, HTML: _html, ...rest } = message
  return rest
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

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 10 * 1024 * 1024,
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
