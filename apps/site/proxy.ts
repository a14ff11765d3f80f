import { type NextRequest, NextResponse } from 'next/server'
import { findRedirect } from '@/lib/redirects'

/** CMS redirects: 308 for permanent ones (browsers keep the #fragment), 307 otherwise. */
export async function proxy(request: NextRequest) {
  const rule = await findRedirect(request.nextUrl.pathname)
  if (!rule) return NextResponse.next()
  const target = new URL(rule.to, request.url)
  target.search = request.nextUrl.search
  return NextResponse.redirect(target, rule.permanent ? 308 : 307)
}

export const config = {
  // Pages only: not Next's assets, images, API routes or files with an extension.
  matcher: ['/((?!_next/|api/|cms-images/|.*\\.[a-z0-9]+$).*)'],
}
