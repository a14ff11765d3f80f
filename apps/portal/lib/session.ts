import 'server-only'
import { isProviderAdminQuery } from '@siyakha/supabase/queries'
import { createClient } from '@siyakha/supabase/server'
import { NOT_STAFF, type StaffTwoFactorState, staffTwoFactorStateQuery } from '@siyakha/supabase/two-factor'
import type { TypedSupabaseClient } from '@siyakha/supabase/types'
import { redirect } from 'next/navigation'
import { cache } from 'react'

/** This request's Supabase client, acting as the signed-in user (one per request). */
export const serverSupabase = cache((): Promise<TypedSupabaseClient> => createClient())

/** Who is signed in, as far as the portal's pages need to know. */
export interface SessionUser {
  id: string
  email: string | undefined
  /** How the session was signed in: 'aal1' (password) or 'aal2' (password and a second factor). */
  aal: string
  /**
   * Provider staff by role, as of the token's issue (a flag the database keeps in app_metadata,
   * migration 20261127000100): for what a page shows and where it points (the header's links, the
   * landing page's redirect, staff's notification choices). Decisions go to currentStaffAccess.
   */
  staff: boolean
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
  return {
    id: claims.sub,
    email: typeof claims.email === 'string' ? claims.email : undefined,
    aal: typeof claims.aal === 'string' ? claims.aal : 'aal1',
    staff: claims.app_metadata?.staff === true,
  }
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
 * The signed-in user's standing as staff, once per request: staff by role, and whether the
 * database grants this session staff powers (not while provider admins require two-factor sign-in
 * and the session has one factor). Only decides what the portal shows and where it sends people;
 * row-level security decides what staff may read and change.
 */
export const currentStaffAccess = cache(async (): Promise<StaffTwoFactorState> => {
  const user = await currentUser()
  if (!user) return NOT_STAFF
  return staffTwoFactorStateQuery(await serverSupabase())
})

/** Where a staff member goes to turn on two-factor sign-in or enter their code, then back to `from`. */
export const securityPath = (from: string) => `/portal/security?from=${encodeURIComponent(from)}`

/**
 * A staff page's check: true for staff with their staff powers, false for everyone else (the page
 * shows "not found"). Staff with an authenticator app whose session was signed in without its code
 * (a reset link, a code step left half-way) are asked for the code; staff without one while the
 * provider requires it are sent to set it up, instead of seeing pages the database would leave empty.
 */
export async function staffPageAccess(from: string): Promise<boolean> {
  const access = await currentStaffAccess()
  if (access.staffMember && access.aal !== 'aal2' && access.hasSecondFactor)
    redirect(`/auth?from=${encodeURIComponent(from)}`)
  if (access.staffMember && !access.staffAccess && access.required) redirect(securityPath(from))
  return access.staffAccess
}

/**
 * A provider admin's page (the admin screens): staffPageAccess, then the siyakha_admin role. Agents
 * and everyone else see "not found"; row-level security refuses their writes anyway.
 */
export async function adminPageAccess(from: string): Promise<boolean> {
  if (!(await staffPageAccess(from))) return false
  return isProviderAdmin()
}

/** Whether the signed-in user is a provider admin, once per request (false when it cannot tell). */
export const isProviderAdmin = cache(
  async (): Promise<boolean> => isProviderAdminQuery(await serverSupabase()),
)
