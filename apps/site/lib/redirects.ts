import type { RedirectsQueryResult } from '@siyakha/content/types'
import { sameSitePath } from '@siyakha/schemas/same-site-path'
import { permanentRedirect, redirect } from 'next/navigation'
import { cache } from 'react'
import { getRedirects } from './content'

export interface RedirectRule {
  to: string
  permanent: boolean
}

export type RedirectRules = ReadonlyMap<string, RedirectRule>

export function normalisePath(path: string): string {
  return path.replace(/\/+$/, '') || '/'
}

/** The CMS redirect documents as a lookup by normalised path. */
export function redirectRules(documents: RedirectsQueryResult): RedirectRules {
  const rules = new Map<string, RedirectRule>()
  for (const r of documents) {
    // Redirect documents model same-site paths only (the Studio validates both fields with the
    // same rule); a target that is not one is ignored, so no document can send visitors off the site.
    const to = sameSitePath(r.to)
    if (r.from && to) {
      rules.set(normalisePath(r.from), { to, permanent: r.permanent !== false })
    } else if (r.from) {
      console.error(
        `Ignoring the CMS redirect from ${JSON.stringify(r.from)}: its target is not a path on this site`,
      )
    }
  }
  return rules
}

/**
 * Where a same-site link should point given the rules: the end of its redirect chain. The link's
 * own query and #fragment are kept unless the target has its own. Links that are not site paths
 * come back unchanged.
 */
export function resolveLink(href: string, rules: RedirectRules): string {
  if (!href.startsWith('/') || href.startsWith('//')) return href
  const [, path = href, query = '', fragment = ''] = /^([^?#]*)(\?[^#]*)?(#.*)?$/.exec(href) ?? []
  let target = path
  // A chain of redirects ends within a few hops; a loop between documents stops here too.
  for (let hop = 0; hop < 5; hop++) {
    const rule = rules.get(normalisePath(target.replace(/[?#].*$/, '')))
    if (!rule) break
    target = rule.to
  }
  if (target === path) return href
  const withQuery = target.includes('?') || !query ? target : target.replace(/(#.*)?$/, `${query}$1`)
  return withQuery.includes('#') ? withQuery : `${withQuery}${fragment}`
}

// Redirects are CMS documents, read like all content: from the data cache under the redirect tag,
// so publishing one takes effect on the next request (the webhook expires the tag).
const getRules = cache(async () => redirectRules(await getRedirects()))

/** The CMS redirect of a path, for paths no page answers (app/cms-redirect). */
export async function findRedirect(path: string): Promise<RedirectRule | null> {
  return (await getRules()).get(normalisePath(path)) ?? null
}

/**
 * The Location of a redirect answered for a request: the target with the request's query string
 * (`?a=1`, or '' for none) added, before any #fragment of the target, which browsers keep.
 */
export function redirectLocation(to: string, search: string): string {
  if (!search || search === '?') return to
  const hash = to.indexOf('#')
  const [base, fragment] = hash === -1 ? [to, ''] : [to.slice(0, hash), to.slice(hash)]
  return `${base}${base.includes('?') ? '&' : '?'}${search.replace(/^\?/, '')}${fragment}`
}

/**
 * For a page whose document does not exist: its CMS redirect (308 when permanent, else 307), if
 * the path has one; the page draws the 404 page otherwise (components/not-found-in-page). Pages
 * that render unknown slugs on demand call this where app/cms-redirect would have answered; the
 * query string is not theirs to keep (they are rendered statically).
 */
export async function redirectIfMoved(path: string): Promise<void> {
  const rule = await findRedirect(path)
  if (!rule) return
  if (rule.permanent) permanentRedirect(rule.to)
  redirect(rule.to)
}

/**
 * Where a same-site link in the content should point: past its CMS redirects, so a visitor skips
 * the hop and the client router never prefetches a path that only redirects (Next 16 answers such
 * a segment prefetch with a 307 to itself, a loop the browser gives up on).
 */
export async function linkTarget(href: string): Promise<string> {
  if (!href.startsWith('/') || href.startsWith('//')) return href
  return resolveLink(href, await getRules())
}
