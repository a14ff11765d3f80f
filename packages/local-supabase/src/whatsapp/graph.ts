import { createHmac, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { escapeHtml } from '../lib/html.js'
import type { Logger } from '../lib/log.js'

// A small stand-in for Meta's Graph API (WhatsApp Cloud API), so the whole WhatsApp loop runs
// without Meta (../shared/docs/messaging-contract.md §7): it accepts sends the way the Cloud API
// does (token, shape, templates, the 24-hour window, error bodies), records and shows them, and
// posts signed webhook events (inbound messages and delivery statuses) to whatsapp-webhook.
// Plain node:http, no dependencies. The `/_local/*` endpoints are for tests and people.

export interface GraphOptions {
  host: string
  port: number
  /** Where Meta would post events: the whatsapp-webhook function. */
  webhookUrl: string
  phoneNumberId: string
  displayPhoneNumber: string
  accessToken: string
  appSecret: string
  verifyToken: string
  /** Approved templates by name. */
  templates: string[]
  log: Logger
}

interface Sent {
  at: string
  path: string
  body: Record<string, unknown>
  wamid: string
}

interface Config {
  /** A text to someone who has not written in 24 h: 200 then a failed status (async), or 400 (sync). */
  window: 'async' | 'sync'
  autoStatuses: boolean
  autoRead: boolean
  /** The next `times` sends answer this error. */
  failNext: { http: number; code: number; times: number } | null
  /** Every send answers 503. */
  down: boolean
}

const DEFAULT_CONFIG: Config = {
  window: 'async',
  autoStatuses: true,
  autoRead: false,
  failNext: null,
  down: false,
}
const WINDOW_MS = 24 * 60 * 60 * 1000
const STATUS_GAP_MS = 200

const ERROR_TITLES: Record<number, string> = {
  190: 'Invalid OAuth access token',
  100: 'Invalid parameter',
  131047: 'Re-engagement message',
  132001: 'Template name does not exist in the translation',
  130429: 'Rate limit hit',
  131026: 'Message undeliverable',
}

const wamid = () => `wamid.${randomBytes(24).toString('base64url')}`

/** Text as Meta signs it: every non-ASCII UTF-16 unit as \uXXXX. */
const escapeNonAscii = (text: string) =>
  text.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)

/** JSON as Meta sends it (escaped, and signed over the escaped form). */
export const metaJson = (value: unknown) => escapeNonAscii(JSON.stringify(value))

function graphError(code: number, details = ERROR_TITLES[code] ?? 'Error') {
  return {
    error: {
      message: `(#${code}) ${ERROR_TITLES[code] ?? 'Error'}`,
      type: 'OAuthException',
      code,
      error_data: { messaging_product: 'whatsapp', details },
      fbtrace_id: randomBytes(8).toString('base64url'),
    },
  }
}

async function readJsonBody(req: IncomingMessage): Promise<Record<string, unknown> | null> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  try {
    const value = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}')
    return value && typeof value === 'object' && !Array.isArray(value) ? value : null
  } catch {
    return null
  }
}

export async function startGraphStandIn(options: GraphOptions) {
  const { log } = options
  const sent: Sent[] = []
  const lastInbound = new Map<string, number>()
  const timers = new Set<NodeJS.Timeout>()
  let config: Config = { ...DEFAULT_CONFIG }

  const sign = (body: string) =>
    `sha256=${createHmac('sha256', options.appSecret).update(body).digest('hex')}`

  /** Posts a body to the webhook, signed as Meta signs (over the escaped form). */
  async function post(
    body: string,
    signature: 'valid' | 'invalid' | 'none' = 'valid',
    signedBody = body,
  ): Promise<{ status: number; body: string }> {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' }
    if (signature === 'valid') headers['X-Hub-Signature-256'] = sign(signedBody)
    if (signature === 'invalid') headers['X-Hub-Signature-256'] = sign(`${signedBody}tampered`)
    try {
      const answer = await fetch(options.webhookUrl, { method: 'POST', headers, body })
      return { status: answer.status, body: await answer.text() }
    } catch (error) {
      return { status: 0, body: (error as Error).message }
    }
  }

  const envelope = (value: Record<string, unknown>) => ({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '100000000000009',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: {
                display_phone_number: options.displayPhoneNumber,
                phone_number_id: options.phoneNumberId,
              },
              ...value,
            },
          },
        ],
      },
    ],
  })

  function statusEvent(
    id: string,
    status: string,
    recipient: string,
    callback?: unknown,
    errors?: unknown,
  ): string {
    return metaJson(
      envelope({
        statuses: [
          {
            id,
            status,
            timestamp: String(Math.floor(Date.now() / 1000)),
            recipient_id: recipient,
            ...(typeof callback === 'string' ? { biz_opaque_callback_data: callback } : {}),
            pricing: {
              billable: false,
              pricing_model: 'PMP',
              category: 'service',
              type: 'free_customer_service',
            },
            ...(errors ? { errors } : {}),
          },
        ],
      }),
    )
  }

  function later(ms: number, run: () => Promise<unknown>) {
    const timer = setTimeout(() => {
      timers.delete(timer)
      run().catch((error: Error) => log.warn(`graph: ${error.message}`))
    }, ms)
    timers.add(timer)
  }

  function send(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'Content-Type': 'application/json' })
    res.end(JSON.stringify(body))
  }

  /** POST /{version}/{phone-number-id}/messages, as the Cloud API answers it. */
  async function messages(req: IncomingMessage, res: ServerResponse, path: string) {
    if (req.headers.authorization !== `Bearer ${options.accessToken}`) return send(res, 401, graphError(190))
    if (config.down) return send(res, 503, { error: { message: 'Service temporarily unavailable', code: 2 } })
    const body = await readJsonBody(req)
    if (body?.messaging_product !== 'whatsapp') return send(res, 400, graphError(100, 'messaging_product'))
    if (body.status === 'read') {
      // Recorded like a send (no `to`): tests see which client message was marked read.
      sent.unshift({ at: new Date().toISOString(), path, body, wamid: String(body.message_id ?? '') })
      return send(res, 200, { success: true })
    }
    const to =
      typeof body.to === 'string' ? body.to : typeof body.recipient === 'string' ? body.recipient : ''
    if (!to) return send(res, 400, graphError(100, 'to'))
    if (config.failNext && config.failNext.times > 0) {
      const { http, code } = config.failNext
      config.failNext.times--
      if (config.failNext.times <= 0) config.failNext = null
      return send(res, http, graphError(code))
    }
    if (body.type === 'text') {
      const text = (body.text as { body?: unknown } | undefined)?.body
      if (typeof text !== 'string' || text.length === 0 || text.length > 4096) {
        return send(res, 400, graphError(100, 'text.body'))
      }
    } else if (body.type === 'template') {
      const name = (body.template as { name?: unknown } | undefined)?.name
      if (typeof name !== 'string' || !options.templates.includes(name))
        return send(res, 404, graphError(132001))
    } else {
      return send(res, 400, graphError(100, 'type'))
    }
    const windowShut = body.type === 'text' && Date.now() - (lastInbound.get(to) ?? 0) > WINDOW_MS
    if (windowShut && config.window === 'sync') return send(res, 400, graphError(131047))
    const id = wamid()
    sent.unshift({ at: new Date().toISOString(), path, body, wamid: id })
    if (sent.length > 1000) sent.length = 1000
    send(res, 200, {
      messaging_product: 'whatsapp',
      contacts: [{ input: to, wa_id: to }],
      messages: [{ id, ...(body.type === 'template' ? { message_status: 'accepted' } : {}) }],
    })
    const callback = body.biz_opaque_callback_data
    if (windowShut) {
      later(STATUS_GAP_MS, () => post(statusEvent(id, 'failed', to, callback, [graphError(131047).error])))
    } else if (config.autoStatuses) {
      const chain = ['sent', 'delivered', ...(config.autoRead ? ['read'] : [])]
      chain.forEach((status, i) => {
        later(STATUS_GAP_MS * (i + 1), () => post(statusEvent(id, status, to, callback)))
      })
    }
  }

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://graph')
    const route = `${req.method} ${url.pathname}`
    const handle = async () => {
      const sendPath = /^\/(v\d+\.\d+)\/([^/]+)\/messages$/.exec(url.pathname)
      if (req.method === 'POST' && sendPath) {
        if (sendPath[2] !== options.phoneNumberId) return send(res, 400, graphError(100, 'phone number id'))
        return messages(req, res, url.pathname)
      }
      if (route === 'GET /_local/sent') return send(res, 200, { total: sent.length, sent })
      if (route === 'DELETE /_local/sent') {
        sent.length = 0
        return send(res, 200, {})
      }
      if (route === 'PUT /_local/config') {
        const body = (await readJsonBody(req)) ?? {}
        config = { ...config, ...(body as Partial<Config>) }
        if (body.reset) config = { ...DEFAULT_CONFIG }
        return send(res, 200, config)
      }
      if (route === 'POST /_local/inbound') {
        const body = (await readJsonBody(req)) ?? {}
        const from = String(body.from ?? '').replace(/\D/g, '')
        if (!from && !body.userId) return send(res, 400, { error: 'from (digits) or userId is required' })
        const id = wamid()
        const timestamp = Math.floor(Date.now() / 1000)
        const type = typeof body.type === 'string' ? body.type : 'text'
        const message: Record<string, unknown> = {
          ...(from ? { from } : {}),
          ...(body.userId ? { from_user_id: body.userId } : {}),
          id,
          timestamp: String(timestamp),
          type,
          ...(type === 'text' ? { text: { body: String(body.text ?? '') } } : { [type]: body.media ?? {} }),
          ...(body.context ? { context: { from: options.displayPhoneNumber, id: body.context } } : {}),
        }
        const event = metaJson(
          envelope({
            contacts: [
              {
                profile: { name: typeof body.name === 'string' ? body.name : 'WhatsApp user' },
                ...(from ? { wa_id: from } : {}),
                ...(body.userId ? { user_id: body.userId } : {}),
              },
            ],
            messages: [message],
          }),
        )
        if (from) lastInbound.set(from, timestamp * 1000)
        const statuses: number[] = []
        for (let i = 0; i < Math.max(1, Math.min(5, Number(body.times ?? 1))); i++) {
          statuses.push((await post(event)).status)
        }
        return send(res, 200, { wamid: id, statuses })
      }
      if (route === 'POST /_local/status') {
        const body = (await readJsonBody(req)) ?? {}
        const record = sent.find((s) => s.wamid === body.wamid)
        const to = String(record?.body.to ?? body.recipient ?? '')
        const answer = await post(
          statusEvent(
            String(body.wamid ?? ''),
            String(body.status ?? ''),
            to,
            record?.body.biz_opaque_callback_data,
            body.errors,
          ),
        )
        return send(res, 200, answer)
      }
      if (route === 'POST /_local/raw') {
        const body = (await readJsonBody(req)) ?? {}
        const text = typeof body.body === 'string' ? body.body : JSON.stringify(body.body ?? {})
        const signature = body.signature === 'invalid' || body.signature === 'none' ? body.signature : 'valid'
        // Meta signs the escaped form; a raw UTF-8 body exercises the function's fallback.
        const escapedText = escapeNonAscii(text)
        return send(res, 200, await post(text, signature, escapedText))
      }
      if (route === 'POST /_local/verify') {
        const body = (await readJsonBody(req)) ?? {}
        const query = new URLSearchParams({ 'hub.mode': 'subscribe', 'hub.challenge': '1158201444' })
        if (typeof body.token === 'string') query.set('hub.verify_token', body.token)
        const answer = await fetch(`${options.webhookUrl}?${query}`)
        return send(res, 200, { status: answer.status, body: await answer.text() })
      }
      if (route === 'GET /') {
        const rows = sent
          .map(
            (s) =>
              `<tr><td>${s.at}</td><td>${escapeHtml(String(s.body.to ?? ''))}</td><td>${escapeHtml(String(s.body.type))}</td><td>${escapeHtml(JSON.stringify(s.body.text ?? s.body.template))}</td><td>${s.wamid}</td></tr>`,
          )
          .join('')
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
        res.end(
          `<!doctype html><html lang="en"><meta charset="utf-8"><title>WhatsApp Cloud API (local)</title><h1>Messages sent through the local Graph API</h1><table><thead><tr><th>At</th><th>To</th><th>Type</th><th>Content</th><th>wamid</th></tr></thead><tbody>${rows}</tbody></table></html>`,
        )
        return
      }
      log.warn(`graph: no such endpoint ${route}`)
      send(res, 404, graphError(100, `Unknown path ${url.pathname}`))
    }
    handle().catch((error: Error) => {
      log.warn(`graph: ${route} failed: ${error.message}`)
      if (!res.headersSent) send(res, 500, { error: { message: error.message, code: 1 } })
    })
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, options.host, () => resolve())
  })
  return {
    url: `http://${options.host}:${options.port}`,
    async close(): Promise<void> {
      for (const timer of timers) clearTimeout(timer)
      timers.clear()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
