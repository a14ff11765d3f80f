// HTTP plumbing shared by every function: CORS, JSON answers, body parsing, errors without stacks.

import {
  clientAddress,
  forwarderSecretProblem,
  VISITOR_ADDRESS_HEADER,
} from '@siyakha/schemas/client-address'
import { MissingSetting } from './config.ts'

const ALLOWED_HEADERS = 'authorization, x-client-info, apikey, content-type, x-supabase-api-version'

/**
 * CORS like Supabase's `_shared/cors.ts` example. The functions use bearer tokens, never cookies,
 * so any origin may call them; set CORS_ORIGINS (comma-separated) to echo only those origins.
 */
export function corsHeaders(req: Request): Record<string, string> {
  const allowed = (Deno.env.get('CORS_ORIGINS') ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean)
  const origin = req.headers.get('origin')
  const allowOrigin = allowed.length === 0 ? '*' : origin && allowed.includes(origin) ? origin : allowed[0]
  return {
    'Access-Control-Allow-Origin': allowOrigin as string,
    'Access-Control-Allow-Headers': ALLOWED_HEADERS,
    'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
    'Access-Control-Expose-Headers': 'Retry-After',
    Vary: 'Origin',
  }
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: { error: string; message?: string; [key: string]: unknown },
    readonly headers: Record<string, string> = {},
  ) {
    super(body.message ?? body.error)
  }
}

export function json(
  req: Request,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      ...corsHeaders(req),
      'Content-Type': 'application/json',
      'Cache-Control': 'no-store',
      ...headers,
    },
  })
}

/** Largest body any function reads; the longest form (two 10,000-character texts) is far below. */
export const MAX_BODY_BYTES = 1024 * 1024

const tooLarge = () =>
  new HttpError(413, { error: 'payload_too_large', message: 'The request body must be under 1 MB' })

/**
 * The body's bytes, refused with 413 as soon as it passes `limit`: the declared Content-Length is
 * checked first, and a body without one (chunked) is read only up to the limit, never whole.
 */
export async function readBody(req: Request, limit = MAX_BODY_BYTES): Promise<Uint8Array> {
  const declared = Number(req.headers.get('content-length') ?? 0)
  if (declared > limit) throw tooLarge()
  if (!req.body) return new Uint8Array()
  const chunks: Uint8Array[] = []
  let size = 0
  const reader = req.body.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await reader.cancel()
      throw tooLarge()
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}

/** The request body as a JSON object: 413 over MAX_BODY_BYTES, 400 `invalid_json` otherwise. */
export async function readJson(req: Request): Promise<Record<string, unknown>> {
  const bytes = await readBody(req)
  let body: unknown
  try {
    // fatal: bytes that are not UTF-8 are a client error, not text with replacement characters.
    body = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes))
  } catch {
    throw new HttpError(400, { error: 'invalid_json', message: 'The request body must be JSON' })
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, { error: 'invalid_json', message: 'The request body must be a JSON object' })
  }
  return body as Record<string, unknown>
}

/** 400 `{ error: 'validation', message, fields: { field: first message } }`. */
export function validationError(issues: { path: PropertyKey[]; message: string }[]): HttpError {
  const fields: Record<string, string> = {}
  for (const issue of issues) {
    const field = issue.path[0]
    if (typeof field === 'string' && !(field in fields)) fields[field] = issue.message
  }
  return new HttpError(400, { error: 'validation', message: 'Please check the highlighted fields', fields })
}

type Handler = (req: Request) => Promise<Response>

/**
 * Serves `handlers[method]`: OPTIONS answers the preflight, other methods get 405, thrown
 * HttpErrors become their JSON answer, a missing setting 503 `not_configured` naming it (logged as
 * a warning: the caller's request was fine, the project is not set up yet), anything else a bare
 * 500 (logged, never sent).
 */
export function serve(handlers: Partial<Record<'GET' | 'POST', Handler>>): void {
  const allow = [...Object.keys(handlers), 'OPTIONS'].join(', ')
  Deno.serve(async (req) => {
    if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders(req) })
    const handler = handlers[req.method as 'GET' | 'POST']
    if (!handler) {
      return json(req, 405, { error: 'method_not_allowed', message: `Use ${allow}` }, { Allow: allow })
    }
    try {
      return await handler(req)
    } catch (error) {
      if (error instanceof HttpError) return json(req, error.status, error.body, error.headers)
      if (error instanceof MissingSetting) {
        console.warn(error.message)
        return json(
          req,
          503,
          {
            error: 'not_configured',
            message: 'This service is not set up yet. Please try again later.',
            setting: error.setting,
          },
          { 'Retry-After': '300' },
        )
      }
      console.error(error)
      return json(req, 500, { error: 'internal', message: 'Something went wrong. Please try again.' })
    }
  })
}

/**
 * FORWARDER_SECRET, or '' (nobody may vouch) when it is the well-known local value on a hosted
 * project: that value is public, so believing it would let anyone choose their own rate limits.
 */
let refusedForwarder = false

function forwarderSecret(): string {
  const secret = Deno.env.get('FORWARDER_SECRET') ?? ''
  const problem = forwarderSecretProblem({
    production: true,
    supabaseUrl: Deno.env.get('SUPABASE_URL') ?? '',
    forwarderSecret: secret,
  })
  if (!problem) return secret
  if (!refusedForwarder) {
    refusedForwarder = true
    console.error(`Visitor addresses are not trusted: ${problem}`)
  }
  return ''
}

/**
 * The caller's address, for rate limits: the visitor address the site's server vouched for with
 * FORWARDER_SECRET, else the X-Forwarded-For entry the gateway appended (TRUSTED_PROXY_HOPS from
 * the right, default 1). Leftmost entries are whatever the caller typed and never count.
 */
let warnedAboutForwarder = false

export function clientIp(req: Request): string {
  const trustedHops = Number(Deno.env.get('TRUSTED_PROXY_HOPS') || 1)
  const address = clientAddress(req.headers, { forwarderSecret: forwarderSecret(), trustedHops })
  const vouched = req.headers.get(VISITOR_ADDRESS_HEADER)
  if (vouched && address !== vouched.trim() && !warnedAboutForwarder) {
    // Once per worker: a misconfigured site (or a forger) would otherwise fill the logs.
    warnedAboutForwarder = true
    console.warn(
      `${VISITOR_ADDRESS_HEADER} ignored: FORWARDER_SECRET is unset here or differs from the caller's`,
    )
  }
  return address
}

/** Hex SHA-256, so addresses are never stored as they are. */
export async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('')
}

export function env(name: string, fallback: string): string {
  return Deno.env.get(name) || fallback
}
