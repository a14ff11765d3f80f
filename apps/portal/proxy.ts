import { refuseBadServerAction } from '@siyakha/schemas/server-action-guard'
import { updateSession } from '@siyakha/supabase/proxy'
import type { NextRequest } from 'next/server'

const isProtected = (pathname: string) => pathname === '/portal' || pathname.startsWith('/portal/')

/**
 * Refreshes the Supabase session cookie before Server Components read it (they cannot write
 * cookies), and sends signed-out visitors of /portal/* to /auth with a real 307 — a redirect
 * thrown while a page streams arrives as 200 plus a client-side hop. The pages check again.
 */
export async function proxy(request: NextRequest) {
  const refused = await refuseBadServerAction(request)
  if (refused) return refused
  const response = await updateSession(request, { requiresSession: isProtected, signInPath: '/auth' })
  const location = response.headers.get('location')
  if (location) {
    // updateSession names the return path `next`; the portal's contract (spec §2) calls it `from`.
    const target = new URL(location)
    const from = target.searchParams.get('next')
    if (from !== null) {
      target.search = ''
      target.searchParams.set('from', from)
      response.headers.set('location', target.toString())
    }
  }
  return response
}

export const config = {
  // Pages and route handlers only: not Next's assets or files with an extension.
  matcher: ['/((?!_next/|.*\\.[a-z0-9]+$).*)'],
}
