import { createClient, type RealtimeChannel } from '@supabase/supabase-js'
import { publicEnv } from './env'
import type { Database } from './types.gen'

export type { RealtimeChannel }

/**
 * The browser's only Supabase client, for Realtime alone. It holds no session (the session cookie
 * is HttpOnly and the browser never reads it): `token` asks the portal for a short-lived token
 * for the signed-in user whenever Realtime needs one, and nothing is stored.
 */
export function createRealtimeClient(token: () => Promise<string | null>) {
  return createClient<Database>(publicEnv.NEXT_PUBLIC_SUPABASE_URL, publicEnv.NEXT_PUBLIC_SUPABASE_ANON_KEY, {
    accessToken: token,
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  })
}
