import { createHmac, timingSafeEqual } from 'node:crypto'
import { LakeError } from '../core/types.js'
import type { HttpRequest } from './respond.js'

/**
 * The lake's token when LOCAL_CONTENT_LAKE_TOKEN is not set. Well known on purpose, as local
 * Supabase's keys are: a web page cannot send it (an Authorization header needs a preflight, and
 * only the configured origins pass one) nor reach the lake under another host name (DNS
 * rebinding: the Host is checked), so knowing it helps only local processes, which could read
 * the data dir anyway.
 */
export const LOCAL_LAKE_TOKEN = 'local-content-lake'

/** Sanity's cookie name for a browser session on its API. */
export const SESSION_COOKIE = 'sanitySession'

/** Who a request acts as: the editor (token or Studio session) or an anonymous reader. */
export type Caller = 'editor' | 'anonymous'

export interface AuthPolicy {
  token: string
  /** Origins that get CORS answers and may use the Studio's session cookie. */
  isAllowedOrigin(origin: string): boolean
}

/**
 * The Studio session: derived from the token, so a restarted lake (same token) keeps an open
 * Studio signed in, and a new token signs every browser out.
 */
export function sessionValue(token: string): string {
  return createHmac('sha256', token).update('local-content-lake studio session').digest('base64url')
}

/**
 * Set on the Studio's page from the TLS origin: the unmodified Studio (`auth.loginMethod: 'dual'`,
 * no stored token) sends its API calls with credentials, so the page it came from signs it in.
 * Strict and HttpOnly: no other site's request carries it and no script reads it.
 */
export function sessionCookie(token: string): string {
  return `${SESSION_COOKIE}=${sessionValue(token)}; Path=/; HttpOnly; Secure; SameSite=Strict`
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

const header = (req: HttpRequest, name: string) => {
  const value = req.headers[name]
  return typeof value === 'string' ? value : undefined
}

function cookieValue(req: HttpRequest, name: string): string | undefined {
  const raw = req.headers.cookie
  // HTTP/2 may deliver each cookie pair as its own header value.
  const line = Array.isArray(raw) ? raw.join('; ') : raw
  if (!line) return undefined
  for (const pair of line.split(';')) {
    const at = pair.indexOf('=')
    if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim()
  }
  return undefined
}

/** Sanity's answer to a token it does not know (the Studio treats the code as "signed out"). */
export const sessionNotFound = () =>
  new LakeError(401, {
    errorCode: 'SIO-401-ANF',
    message: 'Session not found',
    statusCode: 401,
    error: 'Unauthorized',
  })

/** Sanity's answer to an anonymous request for something only a signed-in user may do. */
export const unauthorized = (what: string) =>
  new LakeError(401, {
    error: 'Unauthorized',
    message: `${what} needs the lake's token (Authorization: Bearer <token>) or the Studio's session`,
    statusCode: 401,
  })

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * A bearer token must be the lake's (a wrong one is a 401, never a silent downgrade). The session
 * cookie counts only for requests a browser says come from an allowed origin: a browser sends
 * `Origin` with every POST, PUT, PATCH and DELETE, so a write without one, or from another origin,
 * is not the Studio's even if the cookie came along.
 */
export function identify(req: HttpRequest, policy: AuthPolicy): Caller {
  const authorization = header(req, 'authorization')
  if (authorization !== undefined) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization)
    if (!match?.[1] || !sameSecret(match[1], policy.token)) throw sessionNotFound()
    return 'editor'
  }
  const session = cookieValue(req, SESSION_COOKIE)
  if (session === undefined || !sameSecret(session, sessionValue(policy.token))) return 'anonymous'
  const origin = header(req, 'origin')
  if (origin !== undefined && !policy.isAllowedOrigin(origin)) return 'anonymous'
  if (origin === undefined && UNSAFE.has(req.method ?? 'GET')) return 'anonymous'
  if (header(req, 'sec-fetch-site') === 'cross-site') return 'anonymous'
  return 'editor'
}

/**
 * The host names the lake answers to. Anything else is a page that resolved its own name to the
 * loopback address (DNS rebinding) to make its requests same-origin.
 */
export function allowedHostnames(projectId: string, extra: Iterable<string>): Set<string> {
  return new Set(
    ['localhost', `${projectId}.localhost`, '127.0.0.1', '[::1]', ...extra].map((name) => name.toLowerCase()),
  )
}

/** The host name a request was sent to (`Host`, or HTTP/2's `:authority`), without the port. */
export function requestHostname(req: HttpRequest): string | undefined {
  const host = header(req, ':authority') ?? header(req, 'host')
  if (host === undefined) return undefined
  try {
    return new URL(`http://${host}`).hostname.toLowerCase()
  } catch {
    return ''
  }
}
