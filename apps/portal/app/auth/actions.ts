'use server'

import { redirect } from 'next/navigation'
import {
  AUTH_INTENTS,
  AUTH_NOTICES,
  type AuthMode,
  type AuthNotice,
  type AuthState,
  credentialsSchema,
  newPasswordSchema,
  passwordResetSchema,
} from '@/lib/auth-schema'
import { PORTAL_URL } from '@/lib/env'
import { AFTER_SIGN_IN, safePath } from '@/lib/safe-path'
import { serverSupabase } from '@/lib/session'

// Signing in, up, out of a forgotten password and into a new one all happen here, on the server:
// the session lands in HttpOnly cookies written with this response, so the browser's scripts never
// see a token. The form posts (also before its scripts load), so nothing typed ends up in a URL.

const text = (formData: FormData, name: string): string => {
  // A hand-made post can bind any value to this argument: read it as an empty form.
  const value = formData instanceof FormData ? formData.get(name) : null
  return typeof value === 'string' ? value : ''
}

function notice(mode: AuthMode, email: string, shown: AuthNotice): AuthState {
  return { status: 'notice', mode, notice: shown, email: email.trim(), at: Date.now() }
}

const failed = (title: string, description: string): AuthNotice => ({
  title,
  description,
  variant: 'destructive',
})

export async function authAction(_previous: AuthState, formData: FormData): Promise<AuthState> {
  const intent = AUTH_INTENTS.find((value) => value === text(formData, 'intent')) ?? 'signin'
  const email = text(formData, 'email')
  const from = safePath(text(formData, 'from'))
  const supabase = await serverSupabase()

  if (intent === 'signin' || intent === 'signup') {
    const title = intent === 'signin' ? 'Sign in failed' : 'Sign up failed'
    const parsed = credentialsSchema.safeParse({ email, password: text(formData, 'password') })
    if (!parsed.success) return notice(intent, email, failed(title, AUTH_NOTICES.missingCredentials))
    if (intent === 'signin') {
      const { error } = await supabase.auth.signInWithPassword(parsed.data)
      if (error) return notice(intent, email, failed(title, error.message))
      redirect(from)
    }
    const { data, error } = await supabase.auth.signUp({
      ...parsed.data,
      options: { emailRedirectTo: `${PORTAL_URL}/auth/confirm?next=${encodeURIComponent(from)}` },
    })
    if (error) return notice(intent, email, failed(title, error.message))
    // With confirmations off the project hands back a session straight away.
    if (data.session) redirect(from)
    return notice(intent, email, { ...AUTH_NOTICES.confirmEmail, variant: 'success' })
  }

  if (intent === 'reset') {
    const parsed = passwordResetSchema.safeParse({ email })
    if (!parsed.success) return notice('signin', email, { ...AUTH_NOTICES.enterEmail, variant: 'default' })
    const { error } = await supabase.auth.resetPasswordForEmail(parsed.data.email, {
      redirectTo: `${PORTAL_URL}/auth/confirm?next=${encodeURIComponent('/auth?type=recovery')}`,
    })
    if (error) return notice('signin', email, failed('Reset failed', error.message))
    return notice('signin', email, { ...AUTH_NOTICES.resetSent, variant: 'success' })
  }

  const parsed = newPasswordSchema.safeParse({ password: text(formData, 'password') })
  if (!parsed.success) return notice('recovery', '', { ...AUTH_NOTICES.enterNewPassword, variant: 'default' })
  const { error } = await supabase.auth.updateUser({ password: parsed.data.password })
  if (error) return notice('recovery', '', failed('Update failed', error.message))
  const updated: AuthNotice = { ...AUTH_NOTICES.passwordUpdated, variant: 'success' }
  // The enhanced form shows the notice, then moves on itself; a plain form post goes straight on.
  if (text(formData, 'enhanced'))
    return { status: 'moved', notice: updated, to: AFTER_SIGN_IN, at: Date.now() }
  redirect(AFTER_SIGN_IN)
}
