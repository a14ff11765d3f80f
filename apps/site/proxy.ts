import { refuseBadServerAction } from '@siyakha/schemas/server-action-guard'
import { type NextRequest, NextResponse } from 'next/server'
import { perRequestSecurityHeaders } from '@/lib/security-headers'

/**
 * Runs only where the matcher sends it, never for a GET of a prerendered page (next.config.ts gives
 * those their headers): Server Action posts, which it checks before Next parses them, and the
 * pages rendered per request, which get a fresh CSP nonce.
 */
export async function proxy(request: NextRequest) {
  const security = perRequestSecurityHeaders()
  const refused = await refuseBadServerAction(request)
  let response: NextResponse
  if (refused) {
    response = new NextResponse(refused.body, refused)
  } else {
    // A page rendered per request reads the policy from the request: Next puts its nonce on every
    // script it emits.
    const headers = new Headers(request.headers)
    headers.set('Content-Security-Policy', security['Content-Security-Policy'])
    response = NextResponse.next({ request: { headers } })
  }
  for (const [name, value] of Object.entries(security)) response.headers.set(name, value)
  return response
}

export const config = {
  matcher: [
    // Literals, as Next requires. These two must equal RENDERED_PER_REQUEST (lib/security-headers.ts);
    // the Server Action posts are checked on every path but the portal's (forwarded by the
    // rewrites; the portal guards its own) and Next's hashed files.
    '/newsletter/confirm',
    '/newsletter/unsubscribe',
    {
      source: '/((?!_next/static/|_next/image|_portal/|auth/|auth$|portal/|portal$).*)',
      has: [{ type: 'header', key: 'next-action' }],
    },
    {
      source: '/((?!_next/static/|_next/image|_portal/|auth/|auth$|portal/|portal$).*)',
      has: [{ type: 'header', key: 'content-type', value: 'multipart/form-data.*' }],
    },
  ],
}
