import { combineChunks, stringFromBase64URL } from '@supabase/ssr'
import type { JwtPayload } from '@supabase/supabase-js'
import { type NextRequest, NextResponse } from 'next/server'
import { publicEnv } from './env'
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
  const expiresAt = await storedSessionExpiry(request)
  if (expiresAt !== null && expiresAt * 1000 - Date.now() > REFRESH_AHEAD_MS) {
    // Nothing to refresh. Verifying the token here as well (a client, the cookie decoded, the
    // signing key imported, the signature checked) cost every signed-in request ~1.6 ms of the
    // server's CPU, and the page verifies it anyway (the portal's currentUser): a forged cookie gets
    // past this point and no further.
    return NextResponse.next({ request })
  }

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

/**
 * Refresh while the access token has at least this long to run. Auth clients refresh a token that
 * expires within 90 seconds; a page that met one would refresh it itself, and a server component
 * cannot hand the new cookies to the browser, whose next request would then present a refresh
 * token already used. So the proxy refreshes well before any render could reach that margin.
 */
const REFRESH_AHEAD_MS = 5 * 60 * 1000

/** supabase-js's default storage key, which names the session cookie (and its chunks). */
const SESSION_COOKIE = `sb-${new URL(publicEnv.NEXT_PUBLIC_SUPABASE_URL).hostname.split('.')[0]}-auth-token`
const BASE64_PREFIX = 'base64-'

/**
 * When the session in the request's cookie says its access token expires (Unix seconds), read as
 * @supabase/ssr stores it (chunked, base64url); null without a readable session. Unverified: it
 * only decides whether the full refresh below has to run.
 */
async function storedSessionExpiry(request: NextRequest): Promise<number | null> {
  const stored = await combineChunks(SESSION_COOKIE, (name) => request.cookies.get(name)?.value)
  if (!stored) return null
  try {
    const json = stored.startsWith(BASE64_PREFIX)
      ? stringFromBase64URL(stored.slice(BASE64_PREFIX.length))
      : stored
    const expiresAt = (JSON.parse(json) as { expires_at?: unknown }).expires_at
    return typeof expiresAt === 'number' && Number.isFinite(expiresAt) ? expiresAt : null
  } catch {
    // Not a session we can read: the full path below decides (and clears it if it is broken).
    return null
  }
}
