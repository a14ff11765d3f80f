import 'server-only'
import { isStaffQuery } from '@siyakha/supabase/queries'
import { createClient } from '@siyakha/supabase/server'
import type { TypedSupabaseClient } from '@siyakha/supabase/types'
import { redirect } from 'next/navigation'
import { cache } from 'react'

/** This request's Supabase client, acting as the signed-in user (one per request). */
export const serverSupabase = cache((): Promise<TypedSupabaseClient> => createClient())

/** Who is signed in, as far as the portal's pages need to know. */
export interface SessionUser {
  id: string
  email: string | undefined
}

/**
 * The signed-in user, once per request, from the session's access token: getClaims checks its
 * signature against the project's published keys (cached) instead of asking the auth server on
 * every page, as Supabase advises for server code. The token is not trusted further than that:
 * every read and write still goes through row-level security with it. No valid token: signed out.
 */
export const currentUser = cache(async (): Promise<SessionUser | null> => {
  const supabase = await serverSupabase()
  const { data, error } = await supabase.auth.getClaims()
  if (error && error.name !== 'AuthSessionMissingError')
    console.error('Could not read the session', error.message)
  const claims = data?.claims
  if (!claims?.sub || claims.role !== 'authenticated') return null
  return { id: claims.sub, email: typeof claims.email === 'string' ? claims.email : undefined }
})

/**
 * The signed-in user, or a redirect to /auth carrying the page as `from`. Each protected page calls
 * it (not only the layout): layouts and pages render in parallel, so a page guards its own reads.
 */
export async function requireUser(from: string): Promise<SessionUser> {
  const user = await currentUser()
  if (!user) redirect(`/auth?from=${encodeURIComponent(from)}`)
  return user
}

/**
 * Whether the signed-in user is provider staff (siyakha_admin or agent), once per request. Only
 * decides what the portal shows; row-level security decides what staff may read and change.
 */
export const currentUserIsStaff = cache(async (): Promise<boolean> => {
  const user = await currentUser()
  if (!user) return false
  return isStaffQuery(await serverSupabase(), user.id)
})
