import { refuseBadServerAction, refuseUndecodablePath } from '@siyakha/schemas/server-action-guard'
import { updateSession } from '@siyakha/supabase/proxy'
import { type NextRequest, NextResponse } from 'next/server'
import { securityHeadersFor } from '@/lib/security-headers'

const isProtected = (pathname: string) => pathname === '/portal' || pathname.startsWith('/portal/')
/** Files (icons, robots.txt): they need the headers, not a session refresh. */
const isFile = (pathname: string) => /\.[a-z0-9]+$/.test(pathname)

/**
 * Refreshes the Supabase session cookie before Server Components read it (they cannot write
 * cookies), and sends signed-out visitors of /portal/* to /auth with a real 307 — a redirect
 * thrown while a page streams arrives as 200 plus a client-side hop. The pages check again.
 * Every response carries the security headers with a fresh CSP nonce.
 */
export async function proxy(request: NextRequest) {
  const security = securityHeadersFor(request)
  const refused = refuseUndecodablePath(request.nextUrl.pathname) ?? (await refuseBadServerAction(request))
  if (refused) {
    for (const [name, value] of Object.entries(security)) refused.headers.set(name, value)
    return refused
  }
  // The render reads the policy from the request: Next puts its nonce on every script it emits.
  // updateSession forwards these request headers with the page request.
  request.headers.set('Content-Security-Policy', security['Content-Security-Policy'])
  const response = isFile(request.nextUrl.pathname)
    ? NextResponse.next({ request })
    : await updateSession(request, { requiresSession: isProtected, signInPath: '/auth' })
  const location = response.headers.get('location')
  if (location) {
    // updateSession names the return path `next`; the portal's links and /auth read it as `from`.
    const target = new URL(location)
    const from = target.searchParams.get('next')
    if (from !== null) {
      target.search = ''
      target.searchParams.set('from', from)
      response.headers.set('location', target.toString())
    }
  }
  for (const [name, value] of Object.entries(security)) response.headers.set(name, value)
  return response
}

export const config = {
  // Pages, route handlers, 404s and files: everything but Next's hashed static assets, which
  // next.config.ts gives the nonce-free headers.
  matcher: ['/((?!_next/static/|_portal/_next/static/).*)'],
}
