'use client'

import type { TypedSupabaseClient } from '@siyakha/supabase/types'
import { usePathname } from 'next/navigation'
import { useEffect, useState } from 'react'
import { hasAuthCookie } from './auth-cookie'

/**
 * The visitor's session on the (static) public pages, for the header's Sign Out and the admin
 * panel. No cookie: signed out, and supabase-js is never loaded. With a cookie the session is
 * verified with the auth server, once per cookie value across client navigations: a stale cookie
 * (session ended elsewhere, refresh token revoked) is cleared and counts as signed out.
 */
export type SiteSession =
  | { state: 'signed-out' }
  /** A cookie exists and is being verified; show what a signed-in visitor sees, optimistically. */
  | { state: 'checking' }
  | { state: 'signed-in'; client: TypedSupabaseClient }

let verified: { cookie: string; client: Promise<TypedSupabaseClient | null> } | undefined

function verify(cookie: string): Promise<TypedSupabaseClient | null> {
  if (verified?.cookie === cookie) return verified.client
  const client = import('@siyakha/supabase/client').then(async ({ createClient }) => {
    const supabase = createClient()
    // getUser asks the auth server. supabase-js drops a session whose refresh fails by itself;
    // a token the server refuses (401/403) is dropped here, so the cookie goes too.
    const { data, error } = await supabase.auth.getUser()
    if (data.user) return supabase
    if (error && 'status' in error && (error.status === 401 || error.status === 403)) {
      await supabase.auth.signOut({ scope: 'local' })
    } else if (error && error.name !== 'AuthSessionMissingError') {
      // The auth server could not be asked (offline, 5xx): keep the cookie, show nothing signed-in.
      console.error('Could not verify the session', error.message)
    }
    return null
  })
  verified = { cookie, client }
  return client
}

export function useSiteSession(supabaseUrl: string): SiteSession {
  const pathname = usePathname()
  const [session, setSession] = useState<SiteSession>({ state: 'signed-out' })

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-check after every navigation
  useEffect(() => {
    const cookie = document.cookie
    if (!hasAuthCookie(supabaseUrl, cookie)) {
      setSession({ state: 'signed-out' })
      return
    }
    let active = true
    setSession((current) => (current.state === 'signed-in' ? current : { state: 'checking' }))
    verify(cookie)
      .then((client) => {
        if (active) setSession(client ? { state: 'signed-in', client } : { state: 'signed-out' })
      })
      .catch((error: unknown) => {
        console.error('Could not verify the session', error)
        if (active) setSession({ state: 'signed-out' })
      })
    return () => {
      active = false
    }
  }, [supabaseUrl, pathname])

  return session
}
