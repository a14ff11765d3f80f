import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AuthService } from '../auth/service.js'
import { ANON_KEY, PUBLISHABLE_KEY, SECRET_KEY, SERVICE_ROLE_KEY } from '../config/keys.js'
import type { FunctionsService } from '../functions/runner.js'
import { BodyTooLargeError, readBody, sendJson } from '../lib/http.js'
import type { Logger } from '../lib/log.js'
import type { RealtimeService } from '../realtime/service.js'
import type { RestService } from '../rest/handler.js'
import type { StorageService } from '../storage/service.js'

const EXPOSED_HEADERS =
  'Content-Range, Content-Profile, Content-Location, Content-Type, Location, Preference-Applied, Range-Unit, X-Supabase-Api-Version, X-Total-Count, Link, x-sb-error-code, Proxy-Status, Content-Disposition, Content-Length, ETag, Last-Modified'
const DEFAULT_ALLOWED_HEADERS =
  'authorization, apikey, content-type, x-client-info, x-supabase-api-version, prefer, range, accept-profile, content-profile, x-retry-count, x-region'
const VALID_KEYS = new Set([ANON_KEY, SERVICE_ROLE_KEY, PUBLISHABLE_KEY, SECRET_KEY])
const OPEN_AUTH_ROUTES = new Set(['/verify', '/callback', '/authorize'])
const FUNCTION_BODY_LIMIT = 20 * 1024 * 1024
/** Storage links browsers open without headers (signed and public URLs): no key check. */
const OPEN_STORAGE_ROUTES =
  /^(?:(?:GET|HEAD) \/object\/(?:sign|public)\/|PUT \/object\/upload\/sign\/|GET \/render\/image\/sign\/)/

function corsHeaders(req: IncomingMessage): Record<string, string> {
  return {
    'Access-Control-Allow-Origin': typeof req.headers.origin === 'string' ? req.headers.origin : '*',
    'Access-Control-Expose-Headers': EXPOSED_HEADERS,
    Vary: 'Origin',
  }
}

/**
 * Kong's key handling, as in hosted Supabase: `sb_` keys become the legacy JWTs before any service
 * sees them. A legacy JWT key alone is copied into the bearer header for the data services, but
 * not for auth: hosted Kong's auth route passes the headers through, so GoTrue answers a request
 * without a user's token with 401 no_authorization, not with the anon key's missing `sub`.
 */
function translateAuthorization(req: IncomingMessage, apikey: string | undefined, service: string): void {
  const authorization = req.headers.authorization
  if (authorization && !/^Bearer sb_/i.test(authorization)) return
  const key = apikey ?? authorization?.replace(/^Bearer\s+/i, '')
  if (key === SECRET_KEY) req.headers.authorization = `Bearer ${SERVICE_ROLE_KEY}`
  else if (key === PUBLISHABLE_KEY) req.headers.authorization = `Bearer ${ANON_KEY}`
  else if (apikey && service !== 'auth') req.headers.authorization = `Bearer ${apikey}`
}

export function createGateway(services: {
  auth: AuthService
  rest: RestService
  functions: FunctionsService
  storage: StorageService
  realtime: RealtimeService
  log: Logger
}): Server & { drain(timeoutMs?: number): Promise<void> } {
  const { auth, rest, functions, storage, realtime, log } = services

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const cors = corsHeaders(req)
    const writeHead = res.writeHead.bind(res)
    // Every response, whichever service writes it, must carry CORS or browsers hide error codes.
    res.writeHead = ((status: number, ...rest: unknown[]) => {
      for (const [key, value] of Object.entries(cors)) if (!res.hasHeader(key)) res.setHeader(key, value)
      return (writeHead as (...args: unknown[]) => ServerResponse)(status, ...rest)
    }) as typeof res.writeHead

    const url = new URL(req.url ?? '/', 'http://gateway')
    if (req.method === 'OPTIONS' && !url.pathname.startsWith('/functions/v1/')) {
      res.writeHead(200, {
        'Access-Control-Allow-Methods': 'GET,POST,PUT,PATCH,DELETE,OPTIONS',
        'Access-Control-Allow-Headers':
          typeof req.headers['access-control-request-headers'] === 'string'
            ? req.headers['access-control-request-headers']
            : DEFAULT_ALLOWED_HEADERS,
        'Access-Control-Max-Age': '3600',
        'Content-Length': '0',
      })
      res.end()
      return
    }
    const match = /^\/(auth|rest|functions|storage|realtime)\/v1(\/.*)?$/.exec(url.pathname)
    if (!match) {
      sendJson(res, 404, { message: 'no Route matched with those values' })
      return
    }
    const service = match[1] as 'auth' | 'rest' | 'functions' | 'storage' | 'realtime'
    const path = match[2] ?? '/'
    const apikeyHeader = req.headers.apikey
    const apikey =
      (typeof apikeyHeader === 'string' ? apikeyHeader : undefined) ??
      url.searchParams.get('apikey') ??
      undefined
    const open =
      (service === 'auth' && OPEN_AUTH_ROUTES.has(path)) ||
      (service === 'storage' && OPEN_STORAGE_ROUTES.test(`${req.method} ${path}`))
    if (!open && service !== 'functions') {
      if (!apikey) {
        sendJson(res, 401, {
          message: 'No API key found in request',
          hint: 'No `apikey` request header or url param was found.',
        })
        return
      }
      if (!VALID_KEYS.has(apikey)) {
        sendJson(res, 401, {
          message: 'Invalid API key',
          hint: 'Double check your Supabase `anon` or `service_role` API key.',
        })
        return
      }
    }
    if (!open) translateAuthorization(req, apikey, service)
    if (service === 'rest') url.searchParams.delete('apikey')
    if (service === 'auth') return auth.handle(req, res, path, url)
    if (service === 'rest') return rest.handle(req, res, path, url)
    // Streams its bodies to disk itself: no 1 MB cap here.
    if (service === 'storage') return storage.handle(req, res, path, url)
    if (service === 'realtime') return realtime.handle(req, res, path)
    let body: Buffer
    try {
      body = await readBody(req, FUNCTION_BODY_LIMIT)
    } catch (error) {
      if (error instanceof BodyTooLargeError) {
        sendJson(res, 413, { code: 'PAYLOAD_TOO_LARGE', message: 'Request body too large' })
        return
      }
      throw error
    }
    return functions.handle(req, res, path, url, body)
  }

  let inFlight = 0
  let stopping = false
  let drained: (() => void) | undefined
  const server = createServer((req, res) => {
    if (stopping) {
      // Keep-alive sockets can still deliver requests after close(); the services behind are going away.
      res.shouldKeepAlive = false
      sendJson(res, 503, { message: 'The local stack is stopping' })
      return
    }
    inFlight++
    handle(req, res)
      .catch((error: unknown) => {
        log.error(`gateway ${req.method} ${req.url}: ${(error as Error).stack ?? String(error)}`)
        if (!res.headersSent) sendJson(res, 500, { message: 'An unexpected error occurred' })
        else res.destroy()
      })
      .finally(() => {
        inFlight--
        if (inFlight === 0) drained?.()
      })
  })
  // Kong keeps idle connections 60 s; Node's 5 s default closes a pooled socket just as a client
  // reuses it after a pause, which the client sees as "socket hang up".
  server.keepAliveTimeout = 65_000
  server.headersTimeout = 66_000
  // Realtime's WebSocket; every other upgrade gets the gateway's 404.
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://gateway')
    if (url.pathname === '/realtime/v1/websocket' && !stopping) {
      realtime.handleUpgrade(req, socket, head, url)
      return
    }
    const body = JSON.stringify({ message: 'no Route matched with those values' })
    socket.on('error', (error) => log.debug(`gateway upgrade: ${error.message}`))
    socket.end(
      `HTTP/1.1 404 Not Found\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    )
  })
  return Object.assign(server, {
    /** Stop accepting, let running requests finish (bounded), so pools are not closed under them. */
    drain(timeoutMs = 3000): Promise<void> {
      stopping = true
      realtime.drain()
      return new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeIdleConnections()
        if (inFlight === 0) return
        const timer = setTimeout(() => {
          server.closeAllConnections()
          resolve()
        }, timeoutMs)
        drained = () => {
          clearTimeout(timer)
          server.closeAllConnections()
          resolve()
        }
      })
    },
  })
}
