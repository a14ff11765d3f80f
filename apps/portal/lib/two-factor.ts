import 'server-only'
import type { TypedSupabaseClient } from '@siyakha/supabase/types'
import { isAuthSessionMissingError } from '@supabase/supabase-js'
import type { SessionUser } from './session'

// Supabase Auth's TOTP factors, as the portal's pages and actions use them. The factor list comes
// from the auth server (listFactors asks it), not from the cookie's copy of the user, which was
// written at sign-in and misses a factor turned on since.

/** The user's verified authenticator app, if they turned one on. */
export async function verifiedTotpFactor(supabase: TypedSupabaseClient): Promise<{ id: string } | null> {
  const { data, error } = await supabase.auth.mfa.listFactors()
  if (error) throw error
  const factor = data.totp[0]
  return factor ? { id: factor.id } : null
}

/** Factors started but never confirmed with a code (an abandoned setup), to clear before a new one. */
export async function removeUnconfirmedFactors(supabase: TypedSupabaseClient): Promise<void> {
  const { data, error } = await supabase.auth.mfa.listFactors()
  if (error) throw error
  for (const factor of data.all) {
    if (factor.factor_type !== 'totp' || factor.status === 'verified') continue
    const { error: removeError } = await supabase.auth.mfa.unenroll({ factorId: factor.id })
    if (removeError) throw removeError
  }
}

/**
 * What signing in still needs for a signed-in visitor of the auth screen: nothing, the code of
 * their authenticator app (signed in with the password only), or to start again because the
 * session ended on the server (Auth ends a user's password-only sessions when one of them verifies
 * a code, though their cookies still parse).
 */
export async function pendingSignInStep(
  supabase: TypedSupabaseClient,
  user: SessionUser,
): Promise<'none' | 'code' | 'sign-in'> {
  if (user.aal === 'aal2') return 'none'
  const { data, error } = await supabase.auth.mfa.listFactors()
  // Auth answers an ended session 403 session_not_found, which the client turns into "session
  // missing" once it has dropped the cookie's copy (a provider admin removed the factors, say).
  if (
    error &&
    (isAuthSessionMissingError(error) || error.status === 401 || error.status === 403 || error.status === 404)
  )
    return 'sign-in'
  if (error) throw error
  return data.totp.length > 0 ? 'code' : 'none'
}

/** Auth's answer to a code that does not match (or whose challenge ran out): the person retypes. */
export const isWrongCode = (error: { code?: string; status?: number }) =>
  error.code === 'mfa_verification_failed' ||
  error.code === 'mfa_challenge_expired' ||
  error.code === 'mfa_verification_rejected'
