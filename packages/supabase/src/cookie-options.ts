import type { CookieOptions } from '@supabase/ssr'
import { z } from 'zod'

/**
 * How long the session cookie may live, in seconds: no longer than the refresh session. A hosted
 * project that ends sessions sooner ([auth.sessions] timebox or inactivity_timeout) sets
 * AUTH_SESSION_MAX_AGE to match; every token refresh writes the cookie again, so this is also how
 * long an unused browser stays signed in.
 */
export const DEFAULT_SESSION_MAX_AGE = 7 * 24 * 60 * 60

const maxAgeSchema = z.coerce
  .number()
  .int()
  .min(60)
  .max(400 * 24 * 60 * 60)
  .default(DEFAULT_SESSION_MAX_AGE)

/** AUTH_SESSION_MAX_AGE (seconds) as configured; blank means the default. */
export function parseSessionMaxAge(value: string | undefined): number {
  const result = maxAgeSchema.safeParse(value?.trim() || undefined)
  if (!result.success) throw new Error(`Invalid AUTH_SESSION_MAX_AGE: ${z.prettifyError(result.error)}`)
  return result.data
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/** Whether an origin is this machine, where browsers accept cookies over plain http. */
export function isLocalOrigin(origin: string): boolean {
  const { hostname } = new URL(origin)
  return LOCAL_HOSTS.has(hostname) || hostname.endsWith('.localhost')
}

export interface SessionCookieSettings {
  /** The public origin the apps are served from (decides Secure). */
  origin: string
  /** Shared parent domain when site and portal live on sibling subdomains. */
  domain?: string
  /** Upper bound of the cookie's lifetime in seconds. */
  maxAge?: number
}

/**
 * The attributes of every auth cookie the servers write. HttpOnly: scripts (and so any injected
 * script) can never read the access or refresh token; all reads and writes go through the server.
 * SameSite=Lax: sent on top-level navigations (emailed links) but not on cross-site posts.
 * Secure everywhere but a local origin.
 */
export function sessionCookieOptions({
  origin,
  domain,
  maxAge = DEFAULT_SESSION_MAX_AGE,
}: SessionCookieSettings): CookieOptions & { maxAge: number } {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: !isLocalOrigin(origin),
    maxAge,
    ...(domain ? { domain } : {}),
  }
}

/**
 * The options @supabase/ssr chose for one cookie, hardened: it always asks for a 400-day,
 * script-readable cookie, whatever `cookieOptions` says. A removal (maxAge 0) stays a removal.
 */
export function hardenCookieOptions(
  options: CookieOptions | undefined,
  settings: SessionCookieSettings,
): CookieOptions {
  const hardened = sessionCookieOptions(settings)
  const requested = options?.maxAge
  const removal =
    requested === 0 || (options?.expires !== undefined && options.expires.getTime() <= Date.now())
  const { expires: _expires, ...rest } = options ?? {}
  return {
    ...rest,
    ...hardened,
    maxAge: removal ? 0 : Math.min(requested ?? hardened.maxAge, hardened.maxAge),
  }
}
