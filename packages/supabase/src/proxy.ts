import type { JwtPayload } from '@supabase/supabase-js'
import { type NextRequest, NextResponse } from 'next/server'
import { createNodeServerClient } from './node-client'

export interface UpdateSessionOptions {
  /** Paths that need a session, e.g. `(path) => path.startsWith('/portal')`. */
  requiresSession?: (pathname: string) => boolean
  /** Where a request without a session is sent; `next` carries the original path. */
  signInPath?: string
}

/**
 * Session refresh for Next 16 `proxy.ts`, following Supabase's Next.js SSR pattern: refresh the
 * tokens, write the new cookies to both the request (for this render) and the response (for the
 * browser), and return that response unchanged.
 *
 * Traps this keeps clear of: no code between `createServerClient` and `getClaims()` (a stray
 * early return logs users out at random); the response object is rebuilt inside `setAll` and
 * must be the one returned; a redirect copies the refreshed cookies over.
 */
export async function updateSession(
  request: NextRequest,
  options: UpdateSessionOptions = {},
): Promise<NextResponse> {
  let response = NextResponse.next({ request })

  const supabase = createNodeServerClient({
    getAll: () => request.cookies.getAll(),
    setAll: (cookiesToSet, headers) => {
      for (const { name, value } of cookiesToSet) request.cookies.set(name, value)
      response = NextResponse.next({ request })
      for (const { name, value, options: cookieOptions } of cookiesToSet) {
        response.cookies.set(name, value, cookieOptions)
      }
      for (const [key, value] of Object.entries(headers ?? {})) response.headers.set(key, value)
    },
  })

  // Do not run code between createServerClient and getClaims().
  const { data } = await supabase.auth.getClaims()
  const claims: JwtPayload | undefined = data?.claims

  const { pathname, search } = request.nextUrl
  if (!claims && options.requiresSession?.(pathname)) {
    const url = request.nextUrl.clone()
    url.pathname = options.signInPath ?? '/auth'
    url.search = ''
    url.searchParams.set('next', `${pathname}${search}`)
    const redirect = NextResponse.redirect(url)
    for (const cookie of response.cookies.getAll()) redirect.cookies.set(cookie)
    return redirect
  }
  return response
}
