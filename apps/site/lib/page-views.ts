import 'server-only'
import { addressFromForwardedFor } from '@siyakha/schemas/client-address'
import type { ViewCountRequest } from '@siyakha/schemas/page-views'
import { pageKey, viewNamespace } from '@siyakha/schemas/view-counter'
import { callFunction } from '@siyakha/supabase/functions'
import { z } from 'zod'
import { getPageRoutes, getPostRoutes } from './content'
import { SITE_URL } from './env'
import { serverEnv } from './server-env'

/*
 * The site owns the list of pages that have a view counter: the CMS's articles and pages. The
 * browser asks the site (app/api/page-views); the site checks the key against this list and
 * only then calls the page-views function, vouching for the request with FORWARDER_SECRET. The
 * function starts a counter only for vouched requests, so nobody can create counters for made-up
 * namespaces or keys.
 */

/** Page keys of every article and CMS page (cached with the content, refreshed by its tags). */
export async function countedPageKeys(): Promise<Set<string>> {
  const [posts, pages] = await Promise.all([getPostRoutes(), getPageRoutes()])
  const paths = [
    ...posts.map((post) => (post.slug ? `/blog/${post.slug}` : null)),
    ...pages.map((page) => page.route ?? null),
  ]
  return new Set(paths.filter((path): path is string => !!path).map(pageKey))
}

/** One namespace for the site, from its canonical host: visitors cannot pick another. */
export const VIEW_NAMESPACE = viewNamespace(new URL(SITE_URL).hostname)

export type ViewCountAnswer = { status: 200; value: number } | { status: 404 | 502 }

/**
 * Reads (or counts, then reads) the views of a page key the site knows; unknown keys are 404
 * without a call. `forwardedFor` is the request's X-Forwarded-For: the visitor's address goes
 * to the function for its once-per-visitor rule.
 */
export async function viewCount(
  { key, op }: ViewCountRequest,
  forwardedFor: string | null,
): Promise<ViewCountAnswer> {
  if (!(await countedPageKeys()).has(key)) return { status: 404 }
  const query = new URLSearchParams({ ns: VIEW_NAMESPACE, key, op })
  const ip = addressFromForwardedFor(forwardedFor, serverEnv.TRUSTED_PROXY_HOPS) ?? 'unknown'
  const answer = await callFunction(`page-views?${query}`, {
    method: 'GET',
    visitor: { address: ip, secret: serverEnv.FORWARDER_SECRET },
    answer: z.object({ value: z.number() }),
  })
  // The client logged a failure; the route answers 502 to the browser.
  if (!answer.ok || answer.status !== 200) return { status: 502 }
  return { status: 200, value: answer.data.value }
}
