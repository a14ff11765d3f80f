import { refuseBadServerAction } from '@siyakha/schemas/server-action-guard'
import { type NextRequest, NextResponse } from 'next/server'
import { findRedirect } from '@/lib/redirects'
import { withSecurityHeaders } from '@/lib/security-headers'

/**
 * Paths a CMS redirect may start from: pages, not Next's internals, API routes, CMS images or
 * files with an extension.
 */
const REDIRECTABLE = /^\/(?!_next\/|api\/|cms-images\/|.*\.[a-z0-9]+$)/

/**
 * Every response gets the security headers with a fresh CSP nonce; pages may first be redirected
 * by a CMS redirect: 308 for permanent ones (browsers keep the #fragment), 307 otherwise.
 */
export async function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl
  const refused = await refuseBadServerAction(request)
  const rule = !refused && REDIRECTABLE.test(pathname) ? await findRedirect(pathname) : null
  return withSecurityHeaders(request, (headers) => {
    if (refused) return new NextResponse(refused.body, refused)
    if (!rule) return NextResponse.next({ request: { headers } })
    const target = new URL(rule.to, request.url)
    target.search = search
    return NextResponse.redirect(target, rule.permanent ? 308 : 307)
  })
}

export const config = {
  // Everything but Next's hashed static assets (next.config.ts gives those the nonce-free headers)
  // and the portal's paths (/auth, /portal/*, its /_portal assets), which the rewrites in
  // next.config.ts forward: the portal sends its own headers, and two policies would both apply.
  matcher: ['/((?!_next/static/|_next/image|_portal/|auth/|auth$|portal/|portal$).*)'],
}
