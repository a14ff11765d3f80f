/*
 * Realtime (contract §9): the `/realtime/v1/websocket` endpoint behind the gateway's upgrade
 * listener, the change capture feeding postgres_changes, and the REST broadcast endpoint.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import pg from 'pg'
import { WebSocketServer } from 'ws'
import { ANON_KEY, PUBLISHABLE_KEY, SECRET_KEY, SERVICE_ROLE_KEY } from '../config/keys.js'
import { BodyTooLargeError, parseJson, readBody, sendJson } from '../lib/http.js'
import { bearerToken } from '../lib/jwt.js'
import type { Logger } from '../lib/log.js'
import { authorize } from './authorization.js'
import { createCapture } from './capture.js'
import { attachConnection, type Connection } from './connection.js'
import { type RealtimeContext, relay } from './context.js'
import { createDelivery } from './delivery.js'
import type { Vsn } from './frames.js'
import { createPresence } from './presence.js'
import { checkToken } from './tokens.js'

const MAX_FRAME_BYTES = 4 * 1024 * 1024
/** Clients beat every 25 s; one silent for longer than this is gone. */
const SILENT_MS = 60_000

export interface RealtimeServiceOptions {
  /** A superuser: logical decoding, `set role` to each subscriber, the private-channel probes. */
  adminUrl: string
  log: Logger
}

/** The CLI's Kong `QueryToken`: `sb_` keys become the legacy JWTs; anything else passes as is. */
function translateKey(apikey: string): string {
  if (apikey === SECRET_KEY) return SERVICE_ROLE_KEY
  if (apikey === PUBLISHABLE_KEY) return ANON_KEY
  return apikey
}

function refuse(socket: Duplex, status: number, message: string): void {
  const body = JSON.stringify({ message })
  const reason = status === 403 ? 'Forbidden' : status === 503 ? 'Service Unavailable' : 'Bad Request'
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  )
}

export function createRealtimeService(options: RealtimeServiceOptions) {
  const { log } = options
  const pool = new pg.Pool({ connectionString: options.adminUrl, max: 5 })
  pool.on('error', (error: Error & { code?: string }) => {
    if (error.code !== '57P01') log.warn(`realtime db pool: ${error.message}`)
  })
  const delivery = createDelivery({ pool, log })
  const ctx: RealtimeContext = {
    pool,
    log,
    presence: createPresence(),
    listeners: new Set(),
    rooms: new Map(),
    capture: createCapture({
      adminUrl: options.adminUrl,
      log,
      listening: () => ctx.listeners.size > 0,
      // One change at a time, in commit order, so every subscriber sees them in that order.
      onChanges: async (changes) => {
        for (const change of changes) {
          try {
            await delivery.deliver(change, ctx.listeners)
          } catch (error) {
            log.warn(
              `realtime: change on ${change.relation.schema}.${change.relation.table} not delivered: ${(error as Error).message}`,
            )
          }
        }
      },
    }),
  }
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES })
  const connections = new Set<Connection>()
  let draining = false
  const sweeper = setInterval(() => {
    const now = Date.now()
    for (const connection of connections)
      if (now - connection.lastSeen > SILENT_MS) connection.close(1000, 'heartbeat timeout')
  }, 15_000)
  sweeper.unref()

  async function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer, url: URL): Promise<void> {
    if (draining) return refuse(socket, 503, 'The local stack is stopping')
    const vsnParam = url.searchParams.get('vsn') ?? '1.0.0'
    if (vsnParam !== '1.0.0' && vsnParam !== '2.0.0')
      return refuse(socket, 400, `unsupported vsn ${vsnParam}`)
    const header = req.headers.apikey
    const apikey = url.searchParams.get('apikey') ?? (typeof header === 'string' ? header : undefined)
    if (!apikey) return refuse(socket, 403, 'No API key found in request')
    const checked = await checkToken(translateKey(apikey))
    if (!checked.ok) return refuse(socket, 403, checked.message)
    wss.handleUpgrade(req, socket, head, (ws) => {
      const connection = attachConnection(ctx, ws, vsnParam as Vsn, checked.claims)
      connections.add(connection)
      ws.on('close', () => connections.delete(connection))
    })
  }

  /** `POST /api/broadcast` `{messages:[{topic, event, payload, private}]}`: relayed, 202. */
  async function handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    if (req.method !== 'POST' || path !== '/api/broadcast') {
      sendJson(res, 404, { message: 'no Route matched with those values' })
      return
    }
    let body: Buffer
    try {
      body = await readBody(req)
    } catch (error) {
      if (!(error instanceof BodyTooLargeError)) throw error
      sendJson(res, 413, { message: 'Payload Too Large' })
      return
    }
    const parsed = parseJson(body)
    const messages = parsed.ok ? (parsed.value as { messages?: unknown } | undefined)?.messages : undefined
    if (!Array.isArray(messages)) {
      sendJson(res, 400, { message: 'messages must be a list' })
      return
    }
    const token = bearerToken(req.headers.authorization)
    const caller = token ? await checkToken(token) : undefined
    for (const raw of messages) {
      const message = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>
      if (typeof message.topic !== 'string' || typeof message.event !== 'string') continue
      // Private topics need broadcast write under realtime.messages RLS; hosted drops the rest quietly.
      if (message.private === true) {
        if (!caller?.ok) continue
        if (!(await authorize(pool, caller.claims, message.topic)).broadcastWrite) continue
      }
      const room = `${message.private === true ? 'private' : 'public'}:realtime:${message.topic}`
      relay(ctx, undefined, room, { type: 'broadcast', event: message.event, payload: message.payload ?? {} })
    }
    res.writeHead(202, { 'Content-Length': '0' })
    res.end()
  }

  return {
    start: () => ctx.capture.start(),
    /** The capture slot's name, while it exists. */
    slotName: () => ctx.capture.slotName(),
    handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, url: URL): void {
      socket.on('error', (error) => log.debug(`realtime upgrade socket: ${error.message}`))
      upgrade(req, socket, head, url).catch((error: Error) => {
        log.error(`realtime upgrade: ${error.stack ?? error.message}`)
        socket.destroy()
      })
    },
    handle,
    /** Close every socket as "going away" (1001); the clients reconnect to the next stack. */
    drain(): void {
      draining = true
      for (const connection of connections) connection.close(1001, 'server shutting down')
    },
    async close(): Promise<void> {
      this.drain()
      clearInterval(sweeper)
      await ctx.capture.stop()
      await pool.end()
    },
  }
}

export type RealtimeService = ReturnType<typeof createRealtimeService>
