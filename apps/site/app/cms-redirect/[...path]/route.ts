import type { NextRequest } from 'next/server'
import { notFoundDocument } from '@/lib/not-found-document'
import { findRedirect, redirectLocation } from '@/lib/redirects'
import { NO_INLINE_SCRIPTS } from '@/lib/security-headers'

/**
 * Where next.config.ts sends a request no page, file or route answers: a CMS redirect for its path
 * (308 when permanent, so browsers keep the #fragment; 307 otherwise; the query string kept), or
 * the 404 page. Serving pages therefore never waits on a redirect lookup.
 *
 * A route handler, not a page: a page rendered per request that calls notFound() gets Next's error
 * shell, an empty <body> with the 404 page only in the inline RSC payload, so the page is blank
 * without JavaScript and paints only after hydration (vercel/next.js#62228). The prerendered 404
 * page is whole HTML, and this answers with it.
 */

/**
 * Paths a CMS redirect may start from: pages, not Next's internals, API routes, CMS images or
 * files with an extension.
 */
const REDIRECTABLE = /^\/(?!_next\/|api\/|cms-images\/|.*\.[a-z0-9]+$)/

async function answer(request: NextRequest, { params }: { params: Promise<{ path: string[] }> }) {
  const path = `/${(await params).path.join('/')}`
  const rule = REDIRECTABLE.test(path) ? await findRedirect(path) : null
  if (!rule) return notFoundDocument(request)
  return new Response(null, {
    status: rule.permanent ? 308 : 307,
    headers: {
      Location: redirectLocation(rule.to, request.nextUrl.search),
      // Answered under a page's path, which next.config.ts gives no policy.
      'Content-Security-Policy': NO_INLINE_SCRIPTS['Content-Security-Policy'],
    },
  })
}

export {
  answer as DELETE,
  answer as GET,
  answer as HEAD,
  answer as OPTIONS,
  answer as PATCH,
  answer as POST,
  answer as PUT,
}
