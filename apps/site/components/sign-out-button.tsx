'use client'

import { usePathname } from 'next/navigation'
import { useEffect, useState } from 'react'
import { hasAuthCookie } from '@/lib/auth-cookie'
import { navLinkClasses } from './services-menu'

/**
 * 'Sign Out', shown only while the browser holds a session cookie. Pages are static, so this is
 * decided here from `document.cookie` (no supabase-js). The portal's `/auth/signout` route, reached
 * through the site's rewrite, ends the session and clears the cookie.
 */
export function SignOutButton({ supabaseUrl }: { supabaseUrl: string }) {
  const [signedIn, setSignedIn] = useState(false)
  const pathname = usePathname()

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-check after every navigation
  useEffect(() => {
    setSignedIn(hasAuthCookie(supabaseUrl, document.cookie))
  }, [supabaseUrl, pathname])

  if (!signedIn) return null
  return (
    <form method="post" action="/auth/signout">
      <button type="submit" className={`${navLinkClasses} w-full text-left`}>
        Sign Out
      </button>
    </form>
  )
}
