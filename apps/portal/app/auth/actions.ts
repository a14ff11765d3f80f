'use server'

import { type ActionState, type Notice, refused, succeeded } from '@siyakha/schemas/action-state'
import { TWO_FACTOR_MESSAGES, tooManyWrongCodes, twoFactorSignInSchema } from '@siyakha/schemas/two-factor'
import {
  beginTwoFactorAttemptMutation,
  twoFactorAttemptSucceededMutation,
} from '@siyakha/supabase/two-factor'
import { redirect } from 'next/navigation'
import { z } from 'zod'
import { portalAction, refuse } from '@/lib/action'
import {
  AUTH_INTENTS,
  AUTH_NOTICES,
  type AuthAnswer,
  type AuthMode,
  credentialsSchema,
  newPasswordSchema,
  passwordResetSchema,
} from '@/lib/auth-schema'
import { PORTAL_URL } from '@/lib/env'
import { AFTER_SIGN_IN, safePath } from '@/lib/safe-path'
import { isWrongCode, verifiedTotpFactor } from '@/lib/two-factor'

// Signing in, up, out of a forgotten password and into a new one all happen here, on the server:
// the session lands in HttpOnly cookies written with this response, so the browser's scripts never
// see a token. The form posts (also before its scripts load), so nothing typed ends up in a URL.

/** Which button was pressed; the rules of each intent are checked in the body, with its own words. */
const authFormSchema = z.object({
  intent: z.enum(AUTH_INTENTS).catch('signin'),
  email: z.string(),
  password: z.string(),
  from: z.string().transform((value) => safePath(value)),
  enhanced: z.string(),
})

/** A notice for the form, with the mode and the email address to show again (never the password). */
function answer(mode: AuthMode, email: string, notice: Notice): ActionState<AuthAnswer> {
  if (notice.variant === 'success') return succeeded({ mode, email: email.trim() }, { notice })
  const reason = notice.variant === 'default' ? 'validation' : 'failed'
  return refused(reason, { mode, email: email.trim() }, { notice })
}

const failed = (title: string, description: string): Notice => ({
  title,
  description,
  variant: 'destructive',
})

export const authAction = portalAction({
  role: 'anyone',
  fields: ['intent', 'email', 'password', 'from', 'enhanced'],
  schema: authFormSchema,
  // Whatever went wrong, the password never travels back.
  present: ({ values: { password: _password, ...values }, ...refusal }) => ({
    ...refusal,
    values,
    notice: refusal.notice ?? failed('Something went wrong', refusal.message),
  }),
  run: async (
    { intent, email, password, from, enhanced },
    { supabase },
  ): Promise<ActionState<AuthAnswer>> => {
    if (intent === 'signin' || intent === 'signup') {
      const title = intent === 'signin' ? 'Sign in failed' : 'Sign up failed'
      const parsed = credentialsSchema.safeParse({ email, password })
      if (!parsed.success) return answer(intent, email, failed(title, AUTH_NOTICES.missingCredentials))
      if (intent === 'signin') {
        const { data, error } = await supabase.auth.signInWithPassword(parsed.data)
        if (error) return answer(intent, email, failed(title, error.message))
        // With an authenticator app turned on the password was the first step: /auth asks for the
        // code (it sees the session lacks it). Asked of the auth server with the new token, since
        // this request's cookies still hold the old state.
        const { data: levels } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel(
          data.session.access_token,
        )
        if (!levels || (levels.nextLevel === 'aal2' && levels.currentLevel !== 'aal2'))
          redirect(`/auth?from=${encodeURIComponent(from)}`)
        redirect(from)
      }
      const { data, error } = await supabase.auth.signUp({
        ...parsed.data,
        // flow=signup: the link may be opened on another device (see auth/confirm).
        options: {
          emailRedirectTo: `${PORTAL_URL}/auth/confirm?flow=signup&next=${encodeURIComponent(from)}`,
        },
      })
      if (error) return answer(intent, email, failed(title, error.message))
      // With confirmations off the project hands back a session straight away.
      if (data.session) redirect(from)
      return answer(intent, email, { ...AUTH_NOTICES.confirmEmail, variant: 'success' })
    }

    if (intent === 'reset') {
      const parsed = passwordResetSchema.safeParse({ email })
      if (!parsed.success) return answer('signin', email, { ...AUTH_NOTICES.enterEmail, variant: 'default' })
      const { error } = await supabase.auth.resetPasswordForEmail(parsed.data.email, {
        redirectTo: `${PORTAL_URL}/auth/confirm?next=${encodeURIComponent('/auth?type=recovery')}`,
      })
      if (error) return answer('signin', email, failed('Reset failed', error.message))
      return answer('signin', email, { ...AUTH_NOTICES.resetSent, variant: 'success' })
    }

    const parsed = newPasswordSchema.safeParse({ password })
    if (!parsed.success)
      return answer('recovery', '', { ...AUTH_NOTICES.enterNewPassword, variant: 'default' })
    const { error } = await supabase.auth.updateUser({ password: parsed.data.password })
    if (error) return answer('recovery', '', failed('Update failed', error.message))
    const notice: Notice = { ...AUTH_NOTICES.passwordUpdated, variant: 'success' }
    // The enhanced form shows the notice, then moves on itself; a plain form post goes straight on.
    if (enhanced) return succeeded({ mode: 'recovery', email: '', to: AFTER_SIGN_IN }, { notice })
    redirect(AFTER_SIGN_IN)
  },
})

/**
 * The code step of signing in: the code from the authenticator app turns the password-only session
 * (aal1) into one with two factors (aal2), written to the HttpOnly cookies with this response.
 * A wrong code keeps what was typed and says so under the field.
 *
 * Auth limits codes per client address only, and this server is one address for every user, so
 * each account also gets 5 codes in 15 minutes that were not proven right, counted in the database
 * (so it holds across instances). An attempt is taken before the code goes to Auth and cleared
 * only once the code raised the session.
 */
export const verifyCodeAction = portalAction({
  fields: ['code', 'from'],
  schema: twoFactorSignInSchema,
  run: async ({ code, from }, context) => {
    const factor = await verifiedTotpFactor(context.supabase)
    if (!factor) return refuse(context, 'failed', TWO_FACTOR_MESSAGES.noFactor)
    const attempt = await beginTwoFactorAttemptMutation(context.supabase)
    if (attempt.attemptId === null)
      return refused('rate_limited', context.values, {
        fieldErrors: { code: tooManyWrongCodes(attempt.retryAfter) },
      })
    const { data, error } = await context.supabase.auth.mfa.challengeAndVerify({ factorId: factor.id, code })
    // Auth's own count (its verification hook) saw 5 wrong codes sent to it directly: its message
    // gives the wait in the same words, and it has ended the session.
    if (error?.code === 'mfa_verification_rejected')
      return refused('rate_limited', context.values, { fieldErrors: { code: error.message } })
    if (error && isWrongCode(error)) {
      // The fifth wrong code says at once how long the wait is.
      const message =
        attempt.waitIfWrong > 0 ? tooManyWrongCodes(attempt.waitIfWrong) : TWO_FACTOR_MESSAGES.wrongCode
      return refused('validation', context.values, { fieldErrors: { code: message } })
    }
    if (error?.code === 'over_request_rate_limit')
      return refused('rate_limited', context.values, {
        fieldErrors: { code: TWO_FACTOR_MESSAGES.addressLimited },
      })
    if (error) return refuse(context, 'failed', error.message)
    try {
      await twoFactorAttemptSucceededMutation(context.supabase, attempt.attemptId, data.access_token)
    } catch (clearError) {
      // Signed in all the same; the attempt stays counted, as a wrong one would.
      console.error('Could not clear a right two-factor attempt.', (clearError as Error).message)
    }
    redirect(safePath(from))
  },
})
