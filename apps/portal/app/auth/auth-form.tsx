'use client'

import { createClient as browserSupabase } from '@siyakha/supabase/client'
import { Button, buttonClasses } from '@siyakha/ui/button'
import { InputField } from '@siyakha/ui/field'
import { toast } from '@siyakha/ui/toaster'
import { useRouter } from 'next/navigation'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { PORTAL_URL } from '@/lib/env'

export type AuthMode = 'signin' | 'signup' | 'recovery'

const HEADINGS: Record<AuthMode, { title: string; intro: string }> = {
  signin: { title: 'Sign In', intro: 'Sign in to log tickets and follow their progress.' },
  signup: { title: 'Sign Up', intro: 'Create an account to log and follow your support tickets.' },
  recovery: { title: 'Reset Password', intro: 'Choose a new password for your account.' },
}

export function AuthForm({
  initialMode,
  from,
  linkError,
}: {
  initialMode: AuthMode
  /** A checked same-site path to return to after signing in. */
  from: string
  linkError?: string
}) {
  const router = useRouter()
  const [mode, setMode] = useState<AuthMode>(initialMode)
  const [busy, setBusy] = useState(false)
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [newPassword, setNewPassword] = useState('')
  const headingRef = useRef<HTMLHeadingElement>(null)
  const modeRef = useRef(mode)
  modeRef.current = mode

  useEffect(() => {
    const supabase = browserSupabase()
    const { data } = supabase.auth.onAuthStateChange((event) => {
      // A reset link opened in this tab: stay here and ask for the new password.
      if (event === 'PASSWORD_RECOVERY') setMode('recovery')
    })
    return () => data.subscription.unsubscribe()
  }, [])

  function switchMode(next: AuthMode) {
    setMode(next)
    // Keep keyboard and screen-reader users oriented when the form changes under them.
    requestAnimationFrame(() => headingRef.current?.focus())
  }

  function goTo(path: string) {
    router.replace(path)
    router.refresh()
  }

  async function run(task: () => Promise<void>) {
    if (busy) return
    setBusy(true)
    try {
      await task()
    } finally {
      setBusy(false)
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const supabase = browserSupabase()
    if (mode === 'signin') {
      void run(async () => {
        const { error } = await supabase.auth.signInWithPassword({ email: email.trim(), password })
        if (error) {
          toast('Sign in failed', { description: error.message, variant: 'destructive' })
          return
        }
        goTo(from)
      })
    } else if (mode === 'signup') {
      void run(async () => {
        const { data, error } = await supabase.auth.signUp({
          email: email.trim(),
          password,
          options: { emailRedirectTo: `${PORTAL_URL}/auth/confirm?next=${encodeURIComponent(from)}` },
        })
        if (error) {
          toast('Sign up failed', { description: error.message, variant: 'destructive' })
          return
        }
        // With confirmations off the project hands back a session straight away.
        if (data.session) goTo(from)
        else toast('Check your email', { description: 'Confirm your email to continue.', variant: 'success' })
      })
    } else {
      void run(async () => {
        if (!newPassword) {
          toast('Enter a new password', { description: 'Please provide a new password to continue.' })
          return
        }
        const { error } = await supabase.auth.updateUser({ password: newPassword })
        if (error) {
          toast('Update failed', { description: error.message, variant: 'destructive' })
          return
        }
        toast('Password updated', {
          description: 'Your password has been updated. Redirecting...',
          variant: 'success',
        })
        goTo('/portal/tickets')
      })
    }
  }

  function onForgotPassword() {
    void run(async () => {
      if (!email.trim()) {
        toast('Enter your email', { description: "We'll send a password reset link." })
        return
      }
      const { error } = await browserSupabase().auth.resetPasswordForEmail(email.trim(), {
        redirectTo: `${PORTAL_URL}/auth/confirm?next=${encodeURIComponent('/auth?type=recovery')}`,
      })
      if (error) {
        toast('Reset failed', { description: error.message, variant: 'destructive' })
        return
      }
      toast('Check your email', { description: "We've sent a password reset link.", variant: 'success' })
    })
  }

  const heading = HEADINGS[mode]
  // Sign in and sign up are tabs over one panel; recovery has no tabs.
  const tabPanel =
    mode === 'recovery' ? {} : { role: 'tabpanel' as const, 'aria-labelledby': `auth-tab-${mode}` }
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
        <form className="space-y-4" onSubmit={onSubmit}>
          {mode === 'recovery' ? (
            <InputField
              label="New password"
              name="new-password"
              type="password"
              autoComplete="new-password"
              value={newPassword}
              onChange={(event) => setNewPassword(event.target.value)}
            />
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
                name="password"
                type="password"
                autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
                required
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
            </>
          )}
          <Button type="submit" className="w-full" disabled={busy} aria-busy={busy || undefined}>
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
          <Button variant="link" size="sm" disabled={busy} onClick={onForgotPassword}>
            Forgot password?
          </Button>
        ) : null}
      </div>
    </div>
  )
}
