import { refuseBadServerAction } from '@siyakha/schemas/server-action-guard'
import { type NextRequest, NextResponse } from 'next/server'
import { findRedirect } from '@/lib/redirects'

/** CMS redirects: 308 for permanent ones (browsers keep the #fragment), 307 otherwise. */
export async function proxy(request: NextRequest) {
  const refused = await refuseBadServerAction(request)
  if (refused) return refused
  const rule = await findRedirect(request.nextUrl.pathname)
  if (!rule) return NextResponse.next()
  const target = new URL(rule.to, request.url)
  target.search = request.nextUrl.search
  return NextResponse.redirect(target, rule.permanent ? 308 : 307)
}

export const config = {
  // Pages only: not Next's assets, images, API routes, files with an extension, or the portal's
  // paths (/auth, /portal/*, its /_portal assets), which the rewrites in next.config.ts forward.
  matcher: ['/((?!_next/|_portal/|api/|cms-images/|auth/|auth$|portal/|portal$|.*\\.[a-z0-9]+$).*)'],
}
