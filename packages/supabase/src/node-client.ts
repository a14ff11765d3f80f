import { type CookieMethodsServer, createServerClient } from '@supabase/ssr'
import ws from 'ws'
import { authCookieOptions, publicEnv } from './env'
import type { TypedSupabaseClient } from './types'
import type { Database } from './types.gen'

/**
 * The one place that builds Node-side clients (server components, route handlers, server
 * actions, proxy). Node 20 has no global WebSocket, so realtime gets `ws` here, and only here:
 * the browser client (./client) uses the native WebSocket and never bundles `ws`.
 */
export function createNodeServerClient(cookies: CookieMethodsServer): TypedSupabaseClient {
  return createServerClient<Database>(
    publicEnv.NEXT_PUBLIC_SUPABASE_URL,
    publicEnv.NEXT_PUBLIC_SUPABASE_ANON_KEY,
    {
      cookies,
      cookieOptions: authCookieOptions(),
      realtime: { transport: ws as never },
    },
  )
}
