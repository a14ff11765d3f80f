import { createBrowserClient } from '@supabase/ssr'
import { authCookieOptions, publicEnv } from './env'
import type { TypedSupabaseClient } from './types'
import type { Database } from './types.gen'

/**
 * Stands in for WebSocket when a client component renders on a Node 20 server (no global
 * WebSocket, and `ws` must stay out of the browser bundle): building the client works, opening a
 * realtime channel during server rendering says why it cannot.
 */
class NoWebSocketDuringServerRendering {
  constructor() {
    throw new Error('Realtime needs a browser: subscribe in an effect, not while rendering on the server.')
  }
}

/**
 * The browser client (client components). @supabase/ssr keeps one instance per page and stores
 * the session in the shared auth cookie, so the server sees the same session. Realtime uses the
 * browser's own WebSocket.
 */
export function createClient(): TypedSupabaseClient {
  return createBrowserClient<Database>(
    publicEnv.NEXT_PUBLIC_SUPABASE_URL,
    publicEnv.NEXT_PUBLIC_SUPABASE_ANON_KEY,
    {
      cookieOptions: authCookieOptions(),
      ...(typeof WebSocket === 'undefined'
        ? { realtime: { transport: NoWebSocketDuringServerRendering as never } }
        : {}),
    },
  )
}
