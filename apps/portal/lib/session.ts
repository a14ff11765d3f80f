import 'server-only'
import { isStaffQuery } from '@siyakha/supabase/queries'
import { createClient } from '@siyakha/supabase/server'
import type { TypedSupabaseClient } from '@siyakha/supabase/types'
import type { User } from '@supabase/supabase-js'
import { redirect } from 'next/navigation'
import { cache } from 'react'

/** This request's Supabase client, acting as the signed-in user (one per request). */
export const serverSupabase = cache((): Promise<TypedSupabaseClient> => createClient())

/**
 * The verified user (getUser asks the auth server; the cookie alone is not trusted), once per
 * request. An auth failure counts as signed out.
 */
export const currentUser = cache(async (): Promise<User | null> => {
  const supabase = await serverSupabase()
  const { data, error } = await supabase.auth.getUser()
  if (error && error.name !== 'AuthSessionMissingError')
    console.error('Could not read the session', error.message)
  return data.user ?? null
})

/**
 * The signed-in user, or a redirect to /auth carrying the page as `from`. Each protected page calls
 * it (not only the layout): layouts and pages render in parallel, so a page guards its own reads.
 */
export async function requireUser(from: string): Promise<User> {
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
