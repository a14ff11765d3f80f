'use client'

import { useSiteSession } from '@/lib/use-session'
import { navLinkClasses } from './services-menu'

/**
 * 'Sign Out', shown only while the visitor has a session: at once when the session cookie is
 * there, gone again if the auth server says it has ended. The portal's `/auth/signout` route,
 * reached through the site's rewrite, ends the session and clears the cookie.
 */
export function SignOutButton({ supabaseUrl }: { supabaseUrl: string }) {
  const session = useSiteSession(supabaseUrl)
  if (session.state === 'signed-out') return null
  return (
    <form method="post" action="/auth/signout">
      <button type="submit" className={`${navLinkClasses} w-full text-left`}>
        Sign Out
      </button>
    </form>
  )
}
