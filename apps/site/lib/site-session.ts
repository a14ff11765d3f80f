import 'server-only'
import { createClient } from '@siyakha/supabase/server'
import type { TypedSupabaseClient } from '@siyakha/supabase/types'

export type VerifiedSession = { supabase: TypedSupabaseClient; userId: string; accessToken: string }

/**
 * The visitor's session, verified with the auth server, from the HttpOnly cookie (route handlers and
 * server actions only: they may rewrite the cookie). An expired access token is refreshed on the way.
 * A session the server has ended (401/403) is signed out locally, so its cookie is cleared; when the
 * auth server cannot be asked, the cookie stays and the visitor counts as signed out for now.
 */
export async function verifiedSession(): Promise<VerifiedSession | null> {
  const supabase = await createClient()
  const { data, error } = await supabase.auth.getUser()
  if (data.user) {
    const { data: current } = await supabase.auth.getSession()
    const accessToken = current.session?.access_token
    return accessToken ? { supabase, userId: data.user.id, accessToken } : null
  }
  if (error && 'status' in error && (error.status === 401 || error.status === 403)) {
    const { error: signOutError } = await supabase.auth.signOut({ scope: 'local' })
    if (signOutError) console.error('Could not clear the ended session', signOutError.message)
  } else if (error && error.name !== 'AuthSessionMissingError') {
    console.error('Could not verify the session', error.message)
  }
  return null
}
