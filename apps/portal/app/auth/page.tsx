import type { Metadata } from 'next'
import { redirect } from 'next/navigation'
import { safePath } from '@/lib/safe-path'
import { currentUser, serverSupabase } from '@/lib/session'
import { pendingSignInStep } from '@/lib/two-factor'
import { AuthForm, type AuthMode } from './auth-form'
import { CodeForm } from './code-form'

export const metadata: Metadata = { title: 'Sign In' }

type SearchParams = Promise<Record<string, string | string[] | undefined>>

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value
}

const LINK_ERRORS: Record<string, string> = {
  link: 'That link is invalid or has expired. Request a new one below.',
}

/** A sign-up's link opened on another device (auth/confirm): the address is confirmed. */
const CONFIRMED = 'Your email is confirmed. Sign in to continue.'

export default async function AuthPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams
  const recovery = first(params.type) === 'recovery'
  const from = safePath(first(params.from))
  const user = await currentUser()
  // Signed in already: off to the portal, unless the visitor came from a password-reset link or
  // still owes the code of their authenticator app (or their session has ended: sign in again).
  // A reset link signs in with one factor, and Auth changes the password of an account with an
  // authenticator app only at aal2: the code comes first, then the new-password form.
  const step = user ? await pendingSignInStep(await serverSupabase(), user) : 'sign-in'
  if (step === 'none' && !recovery) redirect(from)
  if (step === 'code')
    return (
      <div className="mx-auto w-full max-w-md px-4 py-12 sm:py-16">
        <CodeForm from={recovery ? '/auth?type=recovery' : from} email={user?.email} />
      </div>
    )

  const mode: AuthMode = recovery ? 'recovery' : first(params.mode) === 'signup' ? 'signup' : 'signin'
  const error = LINK_ERRORS[first(params.error) ?? '']
  return (
    <div className="mx-auto w-full max-w-md px-4 py-12 sm:py-16">
      <AuthForm
        initialMode={mode}
        from={from}
        linkError={error}
        linkNotice={first(params.confirmed) === '1' ? CONFIRMED : undefined}
        invited={recovery && first(params.invited) === '1'}
      />
    </div>
  )
}
