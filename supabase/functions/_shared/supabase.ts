import { createClient, type SupabaseClient, type User } from '@supabase/supabase-js'
import { HttpError, sha256 } from './http.ts'

const options = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } }

function required(name: string): string {
  const value = Deno.env.get(name)
  if (!value) throw new Error(`${name} is not set`)
  return value
}

/** Bypasses RLS: only for writes the API roles may not make, after the function's own checks. */
export function serviceClient(): SupabaseClient {
  return createClient(required('SUPABASE_URL'), required('SUPABASE_SERVICE_ROLE_KEY'), options)
}

/** Acts as the caller (their JWT), so row-level security applies to every query. */
export function callerClient(req: Request): SupabaseClient {
  return createClient(required('SUPABASE_URL'), required('SUPABASE_ANON_KEY'), {
    ...options,
    global: { headers: { Authorization: req.headers.get('Authorization') ?? '' } },
  })
}

function bearer(req: Request): string {
  return req.headers.get('Authorization')?.replace(/^Bearer\s+/i, '') ?? ''
}

const unauthorized = () => new HttpError(401, { error: 'unauthorized', message: 'Please sign in' })

/**
 * The signed-in user behind the request, asked of the auth server (so a session ended elsewhere
 * counts as signed out); the anon key (which passes verify_jwt) gets 401. For rare, powerful calls.
 */
export async function requireUser(req: Request, client: SupabaseClient): Promise<User> {
  const token = bearer(req)
  const { data, error } = token ? await client.auth.getUser(token) : { data: { user: null }, error: null }
  if (error || !data.user) throw unauthorized()
  return data.user
}

/**
 * The signed-in caller's id from their access token, verified here against the project's signing
 * keys (fetched once, cached by supabase-js) instead of a round trip to the auth server: the hot
 * path of the portal. The anon key and service keys are not users and get 401.
 */
export async function requireCaller(req: Request, client: SupabaseClient): Promise<{ id: string }> {
  const token = bearer(req)
  if (!token) throw unauthorized()
  const { data, error } = await client.auth.getClaims(token)
  const claims = data?.claims
  if (error || !claims || claims.role !== 'authenticated' || typeof claims.sub !== 'string' || !claims.sub) {
    throw unauthorized()
  }
  return { id: claims.sub }
}

/** A fixed-window limit per hashed key (public.rate_limit_hit); 429 with Retry-After when over. */
export async function rateLimit(
  service: SupabaseClient,
  bucket: string,
  key: string,
  windowSeconds: number,
  max: number,
): Promise<boolean> {
  const { data, error } = await service.rpc('rate_limit_hit', {
    p_bucket: bucket,
    p_key: key,
    p_window_seconds: windowSeconds,
    p_max: max,
  })
  if (error) throw new Error(`rate_limit_hit: ${error.message}`)
  return data === true
}

export async function enforceRateLimit(
  service: SupabaseClient,
  bucket: string,
  key: string,
  windowSeconds: number,
  max: number,
): Promise<void> {
  if (await rateLimit(service, bucket, key, windowSeconds, max)) return
  const retryAfter = windowSeconds - (Math.floor(Date.now() / 1000) % windowSeconds)
  throw new HttpError(
    429,
    { error: 'rate_limited', message: 'Too many requests. Please try again later.' },
    { 'Retry-After': String(Math.max(1, retryAfter)) },
  )
}

/** Mails one function may send to one address per hour on visitors' requests. */
export const MAILS_PER_RECIPIENT_PER_HOUR = 3

/**
 * Whether `bucket` may mail `recipient` once more: at most MAILS_PER_RECIPIENT_PER_HOUR per hour,
 * keyed by a hash of the address. Without it anyone could make the public forms mail any address
 * over and over from rotating client addresses. Callers skip the mail and answer as usual, so the
 * visitor learns nothing about who was mailed before.
 */
export async function mayMail(service: SupabaseClient, bucket: string, recipient: string): Promise<boolean> {
  const key = await sha256(recipient.trim().toLowerCase())
  return rateLimit(service, `mail:${bucket}`, key, 3600, MAILS_PER_RECIPIENT_PER_HOUR)
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'

/** 'SR-' / 'QR-' / 'TCK-' plus 6 random A-Z0-9, as the database draws them (a bot's decoy answer). */
export function newReference(prefix: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(6))
  return `${prefix}-${Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('')}`
}
