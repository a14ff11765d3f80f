import 'server-only'
import { cookies } from 'next/headers'
import { createNodeServerClient } from './node-client'
import type { TypedSupabaseClient } from './types'

/**
 * A client for server components, server actions and route handlers, acting as the signed-in
 * user of this request. Create one per request; never share it between requests.
 */
export async function createClient(): Promise<TypedSupabaseClient> {
  const cookieStore = await cookies()
  return createNodeServerClient({
    getAll: () => cookieStore.getAll(),
    setAll: (cookiesToSet) => {
      try {
        for (const { name, value, options } of cookiesToSet) cookieStore.set(name, value, options)
      } catch {
        // Server components cannot set cookies; the proxy (updateSession) refreshes the session.
      }
    },
  })
}
