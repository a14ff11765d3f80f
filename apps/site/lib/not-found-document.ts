import 'server-only'
import { NO_INLINE_SCRIPTS } from './security-headers'
import { serverEnv } from './server-env'

/** Where Next serves the prerendered app/not-found.tsx: whole HTML, from its cache, revalidated with the content. */
const PRERENDERED_404 = '/_not-found'

/**
 * Sent with the fetch of the prerendered page. Should that path ever not be served by Next (a
 * renamed internal route), the fetch would land back here: a request carrying it gets the plain 404
 * instead of fetching again.
 */
const FETCHING = 'x-siyakha-404-document'
/** Said once per process: a visitor can send the header too, and should not fill the log. */
let loopReported = false

/** What a 404 must not be: cached by a CDN, so a path that later gets a page or a redirect is not stuck. */
const HEADERS = { 'Cache-Control': 'private, no-cache, no-store, max-age=0, must-revalidate' }
/** Answered under a page's path, which next.config.ts gives no policy: pages bring their own. */
const POLICY = 'Content-Security-Policy'

/**
 * The 404 page as a response: the prerendered page, fetched from this server (not from the
 * request's Host, which the client chooses). `next start` sets PORT once it listens, so the
 * loopback address is read when a 404 is answered, not when this module loads.
 */
export async function notFoundDocument(request: Request): Promise<Response> {
  if (request.headers.has(FETCHING)) {
    if (!loopReported)
      console.error(`${PRERENDERED_404} did not answer with the 404 page; sending a plain 404`)
    loopReported = true
    return plainNotFound()
  }
  const origin = serverEnv.SITE_INTERNAL_URL ?? `http://127.0.0.1:${process.env.PORT ?? '3000'}`
  try {
    const page = await fetch(new URL(PRERENDERED_404, origin), {
      cache: 'no-store',
      headers: { [FETCHING]: '1' },
    })
    if (page.status === 404 && page.headers.get('content-type')?.startsWith('text/html')) {
      // The page's own policy names the hashes of its inline scripts.
      const policy = page.headers.get(POLICY)
      if (policy) {
        return new Response(page.body, {
          status: 404,
          headers: {
            ...HEADERS,
            'Content-Type': page.headers.get('content-type') ?? 'text/html',
            [POLICY]: policy,
          },
        })
      }
      await page.body?.cancel()
      console.error(`The prerendered 404 page came without a ${POLICY}; sending a plain 404`)
      return plainNotFound()
    }
    console.error(`The prerendered 404 page answered ${page.status}; sending a plain 404`)
  } catch (error) {
    console.error('Could not fetch the prerendered 404 page; sending a plain 404', error)
  }
  return plainNotFound()
}

function plainNotFound(): Response {
  return new Response('Oops! Page not found', {
    status: 404,
    headers: {
      ...HEADERS,
      'Content-Type': 'text/plain; charset=utf-8',
      [POLICY]: NO_INLINE_SCRIPTS[POLICY],
    },
  })
}
