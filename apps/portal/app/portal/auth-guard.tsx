'use client'

import { usePathname, useRouter } from 'next/navigation'
import { useEffect, useState } from 'react'

type GuardState = 'loading' | 'signed-in' | 'signed-out'

/**
 * The client half of the route guard: 'Loading…' until the session is known, the page when signed
 * in, and back to /auth with `from` once signed out. The server rendered the page knowing the
 * session; when the tab comes back into view the guard asks the server again (/auth/session), so a
 * sign-out in another tab is followed here. The browser never reads the session itself.
 */
export function AuthGuard({ signedIn, children }: { signedIn: boolean; children: React.ReactNode }) {
  const router = useRouter()
  const pathname = usePathname()
  const [state, setState] = useState<GuardState>(signedIn ? 'signed-in' : 'loading')

  useEffect(() => {
    setState(signedIn ? 'signed-in' : 'signed-out')
  }, [signedIn])

  useEffect(() => {
    const recheck = () => {
      if (document.visibilityState !== 'visible') return
      fetch('/auth/session', { cache: 'no-store', credentials: 'same-origin' })
        .then(async (response) => {
          if (!response.ok) throw new Error(`/auth/session answered ${response.status}`)
          const { signedIn: live } = (await response.json()) as { signedIn?: unknown }
          if (live === false) setState('signed-out')
        })
        .catch((error: unknown) => console.error('Could not check the session', error))
    }
    document.addEventListener('visibilitychange', recheck)
    return () => document.removeEventListener('visibilitychange', recheck)
  }, [])

  useEffect(() => {
    if (state === 'signed-out') router.replace(`/auth?from=${encodeURIComponent(pathname)}`)
  }, [state, pathname, router])

  if (state !== 'signed-in') {
    return (
      <p role="status" className="px-4 py-16 text-center text-slate-600">
        Loading…
      </p>
    )
  }
  return children
}
