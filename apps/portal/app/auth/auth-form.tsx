'use client'

import type { ActionState } from '@siyakha/schemas/action-state'
import { useActionForm } from '@siyakha/ui/action-form'
import { Button, buttonClasses } from '@siyakha/ui/button'
import { InputField } from '@siyakha/ui/field'
import { toast } from '@siyakha/ui/toaster'
import { useRouter } from 'next/navigation'
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react'
import { AUTH_NOTICES, type AuthAnswer, type AuthMode } from '@/lib/auth-schema'
import { authAction } from './actions'

export type { AuthMode } from '@/lib/auth-schema'

const HEADINGS: Record<AuthMode, { title: string; intro: string }> = {
  signin: { title: 'Sign In', intro: 'Sign in to log tickets and follow their progress.' },
  signup: { title: 'Sign Up', intro: 'Create an account to log and follow your support tickets.' },
  recovery: { title: 'Reset Password', intro: 'Choose a new password for your account.' },
}

/** An invitation's link lands on the same new-password form, worded as the welcome it is. */
const INVITED_HEADING = {
  title: 'Welcome to the portal',
  intro: 'You were invited to Siyakha Tech’s portal. Choose a password to finish setting up your account.',
}

const FORM_ID = 'auth-form'

/** The mode and email an answer brings back (a refusal sends them as its values). */
function shownAgain(state: ActionState<AuthAnswer>): { mode: AuthMode; email: string } | null {
  if (state.status === 'success') return state.data.to ? null : state.data
  if (state.status !== 'error') return null
  const mode = (['signin', 'signup', 'recovery'] as const).find((value) => value === state.values.mode)
  return { mode: mode ?? 'signin', email: state.values.email ?? '' }
}

/**
 * Sign in, sign up, 'Forgot password?' and the new password after a reset link: one form posting
 * to the auth server action, so it works before (or without) its scripts and never puts what was
 * typed into a URL. With JavaScript the answer is a toast; without, it shows on the page.
 */
export function AuthForm({
  initialMode,
  from,
  linkError,
  linkNotice,
  invited = false,
}: {
  initialMode: AuthMode
  /** A checked same-site path to return to after signing in. */
  from: string
  linkError?: string
  /** What an emailed link did, when it worked but did not sign in (a sign-up confirmed elsewhere). */
  linkNotice?: string
  /** Arrived from an invitation (auth/confirm): the recovery form, welcoming a new account. */
  invited?: boolean
}) {
  const router = useRouter()
  const {
    state,
    formAction,
    pending: busy,
    hydrated,
    pageNotice: shown,
  } = useActionForm({
    action: authAction,
    success: (answer) => answer.notice ?? null,
    failure: (refusal) => refusal.notice ?? null,
    onAnswer: (answer) => {
      if (answer.status === 'success' && answer.data.to) {
        router.replace(answer.data.to)
        router.refresh()
        return
      }
      const again = shownAgain(answer)
      if (!again) return
      setMode(again.mode)
      setEmail(again.email)
    },
  })
  const [mode, setMode] = useState<AuthMode>(shownAgain(state)?.mode ?? initialMode)
  const [email, setEmail] = useState(shownAgain(state)?.email ?? '')
  const [password, setPassword] = useState('')
  const headingRef = useRef<HTMLHeadingElement>(null)

  // What was typed before the page hydrated is in the fields but not in state, and the next render
  // of these controlled fields would wipe it (seen in CI: the email typed, then gone): keep it.
  useEffect(() => {
    const form = document.getElementById(FORM_ID)
    if (!(form instanceof HTMLFormElement)) return
    const typed = (name: string) => {
      const field = form.elements.namedItem(name)
      return field instanceof HTMLInputElement ? field.value : ''
    }
    const typedEmail = typed('email')
    const typedPassword = typed('password')
    if (typedEmail) setEmail((current) => current || typedEmail)
    if (typedPassword) setPassword((current) => current || typedPassword)
  }, [])

  function switchMode(next: AuthMode) {
    setMode(next)
    // Keep keyboard and screen-reader users oriented when the form changes under them.
    requestAnimationFrame(() => headingRef.current?.focus())
  }

  // Courtesy checks before the round trip; the action checks the same again.
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter
    const intent = submitter instanceof HTMLButtonElement ? submitter.value : ''
    if (busy) {
      event.preventDefault()
      return
    }
    if (intent === 'reset' && !email.trim()) {
      event.preventDefault()
      toast(AUTH_NOTICES.enterEmail.title, { description: AUTH_NOTICES.enterEmail.description })
    } else if (intent === 'update' && !password) {
      event.preventDefault()
      toast(AUTH_NOTICES.enterNewPassword.title, { description: AUTH_NOTICES.enterNewPassword.description })
    }
  }

  const passwordField = {
    name: 'password',
    type: 'password',
    value: password,
    onChange: (event: ChangeEvent<HTMLInputElement>) => setPassword(event.target.value),
  }

  const heading = invited && mode === 'recovery' ? INVITED_HEADING : HEADINGS[mode]
  // Sign in and sign up are tabs over one panel; recovery has no tabs.
  const tabPanel =
    mode === 'recovery' ? {} : { role: 'tabpanel' as const, 'aria-labelledby': `auth-tab-${mode}` }
  // Before hydration (JavaScript off) there are no toasts: the answer (pageNotice) is written on the page.
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-brand-900 focus:outline-none">
        {heading.title}
      </h1>
      <p className="mt-1 text-slate-600">{heading.intro}</p>

      {linkError ? (
        <p role="alert" className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {linkError}
        </p>
      ) : null}
      {linkNotice ? (
        <p role="status" className="mt-4 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
          {linkNotice}
        </p>
      ) : null}

      {shown ? (
        <p
          role={shown.variant === 'destructive' ? 'alert' : 'status'}
          className={`mt-4 rounded-md px-3 py-2 text-sm ${shown.variant === 'destructive' ? 'bg-red-50 text-red-800' : 'bg-slate-100 text-brand-900'}`}
        >
          <strong>{shown.title}</strong> {shown.description}
        </p>
      ) : null}

      {mode !== 'recovery' ? (
        <div role="tablist" aria-label="Sign in or create an account" className="mt-6 grid grid-cols-2 gap-2">
          {(['signin', 'signup'] as const).map((tab) => (
            <button
              key={tab}
              type="button"
              role="tab"
              id={`auth-tab-${tab}`}
              aria-selected={mode === tab}
              aria-controls="auth-panel"
              tabIndex={mode === tab ? 0 : -1}
              disabled={busy}
              onClick={() => switchMode(tab)}
              onKeyDown={(event) => {
                if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return
                const other = tab === 'signin' ? 'signup' : 'signin'
                setMode(other)
                document.getElementById(`auth-tab-${other}`)?.focus()
              }}
              className={buttonClasses({ variant: mode === tab ? 'primary' : 'secondary', size: 'sm' })}
            >
              {tab === 'signin' ? 'Sign In' : 'Sign Up'}
            </button>
          ))}
        </div>
      ) : null}

      {/* The tab panel wraps the form: a form may not take the tabpanel role itself. */}
      <div id="auth-panel" className="mt-6" {...tabPanel}>
        <form id={FORM_ID} className="space-y-4" action={formAction} onSubmit={onSubmit}>
          <input type="hidden" name="from" value={from} />
          <input type="hidden" name="enhanced" value={hydrated ? '1' : ''} />
          {mode === 'recovery' ? (
            <InputField label="New password" autoComplete="new-password" {...passwordField} />
          ) : (
            <>
              <InputField
                label="Email"
                name="email"
                type="email"
                autoComplete="email"
                required
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
              <InputField
                label="Password"
                autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
                required
                {...passwordField}
              />
            </>
          )}
          <Button
            type="submit"
            name="intent"
            value={mode === 'recovery' ? 'update' : mode}
            className="w-full"
            disabled={busy}
            aria-busy={busy || undefined}
          >
            {mode === 'signin' ? 'Sign In' : mode === 'signup' ? 'Create Account' : 'Update Password'}
          </Button>
        </form>
      </div>

      <div className="mt-4 text-center">
        {mode === 'recovery' ? (
          <Button variant="link" size="sm" disabled={busy} onClick={() => switchMode('signin')}>
            Back to Sign In
          </Button>
        ) : mode === 'signin' ? (
          // Submits the same form (the email only matters) without the browser's required-field check.
          <Button
            type="submit"
            form={FORM_ID}
            name="intent"
            value="reset"
            formNoValidate
            variant="link"
            size="sm"
            disabled={busy}
          >
            Forgot password?
          </Button>
        ) : null}
      </div>
    </div>
  )
}
