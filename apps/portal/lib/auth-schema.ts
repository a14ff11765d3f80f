import { z } from 'zod'

/** The auth screen's notices (toasts with JavaScript, a message on the page without). */
export const AUTH_NOTICES = {
  enterEmail: { title: 'Enter your email', description: "We'll send a password reset link." },
  enterNewPassword: {
    title: 'Enter a new password',
    description: 'Please provide a new password to continue.',
  },
  confirmEmail: { title: 'Check your email', description: 'Confirm your email to continue.' },
  resetSent: { title: 'Check your email', description: "We've sent a password reset link." },
  passwordUpdated: {
    title: 'Password updated',
    description: 'Your password has been updated. Redirecting...',
  },
  missingCredentials: 'Enter your email address and password.',
} as const

const email = z.string().trim().max(320).pipe(z.email())
// The auth server decides what a strong enough password is; this only bounds the request.
const password = z.string().min(1).max(1024)

/** Sign in and sign up. */
export const credentialsSchema = z.object({ email, password })

/** 'Forgot password?': where to send the reset link. */
export const passwordResetSchema = z.object({ email })

/** 'Update Password' after a reset link. */
export const newPasswordSchema = z.object({ password })

export const AUTH_INTENTS = ['signin', 'signup', 'reset', 'update'] as const
export type AuthIntent = (typeof AUTH_INTENTS)[number]

/** The screen's modes: two tabs, and the new-password form a reset link opens. */
export type AuthMode = 'signin' | 'signup' | 'recovery'

/** What the auth action answers once it is done: the mode and the email to show again, or where to go. */
export type AuthAnswer = { mode: AuthMode; email: string; to?: string }
