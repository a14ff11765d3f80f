'use client'

import { useSiteSession } from '@/lib/use-session'
import { navLinkClasses } from './services-menu'

/**
 * 'Sign Out', shown only while the visitor has a live session (the site's server says so). The
 * portal's `/auth/signout` route, reached through the site's rewrite, ends the session and clears
 * the cookie.
 */
export function SignOutButton() {
  const session = useSiteSession()
  if (!session.signedIn) return null
  return (
    <form method="post" action="/auth/signout">
      <button type="submit" className={`${navLinkClasses} w-full text-left`}>
        Sign Out
      </button>
    </form>
  )
}
