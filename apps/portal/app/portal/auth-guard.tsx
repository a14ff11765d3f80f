'use client'

import { usePathname, useRouter } from 'next/navigation'
import { useEffect, useState } from 'react'

type GuardState = 'loading' | 'signed-in' | 'signed-out'

/**
 * The client half of the route guard (spec §4): 'Loading…' until the session is known, the page
 * when signed in, and back to /auth with `from` once signed out (here or in another tab).
 * The Supabase client is loaded after the page, so guarded pages that never touch it stay small.
 */
export function AuthGuard({ signedIn, children }: { signedIn: boolean; children: React.ReactNode }) {
  const router = useRouter()
  const pathname = usePathname()
  const [state, setState] = useState<GuardState>(signedIn ? 'signed-in' : 'loading')

  useEffect(() => {
    let unsubscribe = () => {}
    let active = true
    import('@siyakha/supabase/client').then(({ createClient: browserSupabase }) => {
      if (!active) return
      const { data } = browserSupabase().auth.onAuthStateChange((event, session) => {
        if (event === 'INITIAL_SESSION' || event === 'SIGNED_IN' || event === 'SIGNED_OUT') {
          setState(session ? 'signed-in' : 'signed-out')
        }
      })
      unsubscribe = () => data.subscription.unsubscribe()
    })
    return () => {
      active = false
      unsubscribe()
    }
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
