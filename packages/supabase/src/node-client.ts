import { type CookieMethodsServer, createServerClient } from '@supabase/ssr'
import ws from 'ws'
import { hardenCookieOptions, parseSessionMaxAge, type SessionCookieSettings } from './cookie-options'
import { authCookieOptions, publicEnv } from './env'
import type { TypedSupabaseClient } from './types'
import type { Database } from './types.gen'

/** The auth cookies' attributes on this deployment, read once (server only). */
export const sessionCookieSettings: SessionCookieSettings = {
  origin: publicEnv.NEXT_PUBLIC_PORTAL_URL,
  domain: publicEnv.AUTH_COOKIE_DOMAIN,
  maxAge: parseSessionMaxAge(process.env.AUTH_SESSION_MAX_AGE),
}

/**
 * The one place that builds clients (server components, route handlers, server actions, proxy):
 * the browser never gets one, so it never holds a token. Every cookie @supabase/ssr writes is
 * hardened on the way out (HttpOnly, SameSite=Lax, Secure off localhost, bounded lifetime). Node 20
 * has no global WebSocket, so realtime gets `ws`.
 */
export function createNodeServerClient(cookies: CookieMethodsServer): TypedSupabaseClient {
  const { setAll } = cookies
  return createServerClient<Database>(
    publicEnv.NEXT_PUBLIC_SUPABASE_URL,
    publicEnv.NEXT_PUBLIC_SUPABASE_ANON_KEY,
    {
      cookies: {
        getAll: cookies.getAll,
        setAll: setAll
          ? (cookiesToSet, headers) =>
              setAll(
                cookiesToSet.map(({ name, value, options }) => ({
                  name,
                  value,
                  options: hardenCookieOptions(options, sessionCookieSettings),
                })),
                headers,
              )
          : undefined,
      },
      cookieOptions: authCookieOptions(),
      realtime: { transport: ws as never },
    },
  )
}
