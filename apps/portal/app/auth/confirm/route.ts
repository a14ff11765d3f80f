import type { EmailOtpType } from '@supabase/supabase-js'
import type { NextRequest } from 'next/server'
import { AFTER_SIGN_IN, safePath } from '@/lib/safe-path'
import { seeOther } from '@/lib/see-other'
import { serverSupabase } from '@/lib/session'

const OTP_TYPES: EmailOtpType[] = ['signup', 'invite', 'magiclink', 'recovery', 'email_change', 'email']

/**
 * Where the emailed links land. PKCE links bring `?code=` (exchanged with the verifier cookie set
 * when the email was requested); token-hash links bring `token_hash` + `type`. Either way the
 * session cookie is written here, then the visitor goes on to `next` — a same-site path only.
 * A sign-up's link opened in another browser or device than the sign-up (`flow=signup`, no code
 * verifier cookie here): Auth confirmed the address before sending the visitor on, so that is
 * what they are told, and they sign in to continue.
 */
export async function GET(request: NextRequest) {
  const params = request.nextUrl.searchParams
  const code = params.get('code')
  const tokenHash = params.get('token_hash')
  const type = params.get('type') as EmailOtpType | null
  // An invitation, like a reset link, signs the person in to choose a password (issue 46).
  const recovery = type === 'recovery' || type === 'invite'
  const next = safePath(
    params.get('next'),
    type === 'invite' ? '/auth?type=recovery&invited=1' : recovery ? '/auth?type=recovery' : AFTER_SIGN_IN,
  )

  const supabase = await serverSupabase()
  let failed = true
  if (code) {
    const { error } = await supabase.auth.exchangeCodeForSession(code)
    if (error?.code === 'pkce_code_verifier_not_found' && params.get('flow') === 'signup') {
      return seeOther(`/auth?confirmed=1&from=${encodeURIComponent(next)}`)
    }
    if (error) console.error('Could not exchange the auth code', error.message)
    failed = !!error
  } else if (tokenHash && type && OTP_TYPES.includes(type)) {
    const { error } = await supabase.auth.verifyOtp({ type, token_hash: tokenHash })
    if (error) console.error('Could not verify the email link', error.message)
    failed = !!error
  }

  return seeOther(failed ? '/auth?error=link' : next)
}
