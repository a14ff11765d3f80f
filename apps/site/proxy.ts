import { refuseBadServerAction, refuseUndecodablePath } from '@siyakha/schemas/server-action-guard'
import { type NextRequest, NextResponse } from 'next/server'
import { DRAFT_MODE_COOKIE, securityHeadersFor } from '@/lib/security-headers'

/**
 * Runs only where the matcher sends it, never for a GET of a prerendered page (next.config.ts and
 * the page cache give those their headers): Server Action posts, which it checks before Next
 * parses them; paths with a percent sign, which Next answers 500 when they do not decode; and the
 * pages rendered per request (the newsletter's, and every page in draft mode), which get a fresh
 * CSP nonce.
 */
export async function proxy(request: NextRequest) {
  const security = securityHeadersFor(request.nextUrl.pathname, request.cookies.has(DRAFT_MODE_COOKIE))
  const refused = refuseUndecodablePath(request.nextUrl.pathname) ?? (await refuseBadServerAction(request))
  const { 'Content-Security-Policy': policy, ...documentHeaders } = security.headers
  let response: NextResponse
  // A page or route passed on brings its own policy (a second one would also apply).
  let ownPolicy = true
  if (refused) {
    response = new NextResponse(refused.body, refused)
  } else if (security.nonce) {
    // A page rendered per request reads the policy from the request: Next puts its nonce on every
    // script it emits.
    const headers = new Headers(request.headers)
    headers.set('Content-Security-Policy', policy)
    response = NextResponse.next({ request: { headers } })
  } else {
    response = NextResponse.next()
    ownPolicy = false
  }
  for (const [name, value] of Object.entries(documentHeaders)) response.headers.set(name, value)
  if (ownPolicy) response.headers.set('Content-Security-Policy', policy)
  return response
}

export const config = {
  matcher: [
    // Literals, as Next requires. These two must equal RENDERED_PER_REQUEST (lib/security-headers.ts);
    // possible Server Action posts (a Next-Action header, or any body: Next also treats an empty
    // Next-Action header as one, and a `has` rule never matches an empty header) are checked on
    // every path but the portal's (forwarded by the rewrites; the portal guards its own) and Next's
    // hashed files.
    '/newsletter/confirm',
    '/newsletter/unsubscribe',
    '/(.*%.*)',
    // Draft mode (DRAFT_MODE_COOKIE): the page is rendered per request, so it gets a nonce.
    {
      source: '/((?!_next/static/|_next/image|_portal/|auth/|auth$|portal/|portal$|api/).*)',
      has: [{ type: 'cookie', key: '__prerender_bypass' }],
    },
    {
      source: '/((?!_next/static/|_next/image|_portal/|auth/|auth$|portal/|portal$).*)',
      has: [{ type: 'header', key: 'next-action' }],
    },
    {
      source: '/((?!_next/static/|_next/image|_portal/|auth/|auth$|portal/|portal$).*)',
      has: [{ type: 'header', key: 'content-type' }],
    },
  ],
}
