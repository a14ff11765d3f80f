import { notFound } from 'next/navigation'
import { Suspense } from 'react'
import NotFound from '@/app/not-found'

/** Throws notFound() where React's server render can catch it: inside a Suspense boundary. */
async function NotFoundStatus(): Promise<never> {
  notFound()
}

/**
 * The 404 page drawn by a page that renders slugs on demand, for a slug with no document.
 *
 * Such a page that throws notFound() itself gets Next's error shell: React's server render has no
 * error boundaries, so the error ends the whole document, and Next answers with an empty <body>
 * and the 404 page only in the inline RSC payload, blank without JavaScript and painted only
 * after hydration (vercel/next.js#62228, #95613). Here the page draws the 404 page itself, and
 * notFound() is thrown inside a Suspense boundary, which the server render survives: Next still
 * answers 404 (and caches the answer under the page's tags, like the page), with the whole page in
 * the HTML. In the browser the failed boundary renders again, throws again, and Next's not-found
 * boundary puts app/not-found.tsx in the page's place: the same page.
 */
export function NotFoundInPage() {
  return (
    <>
      <NotFound />
      <Suspense fallback={null}>
        <NotFoundStatus />
      </Suspense>
    </>
  )
}
