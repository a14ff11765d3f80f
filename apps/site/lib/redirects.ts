import { redirectsQuery } from '@siyakha/content/queries'
import { getContentSource } from '@siyakha/content/source'
import { sameSitePath } from '@siyakha/schemas/same-site-path'
import { notFound, permanentRedirect, redirect } from 'next/navigation'

export interface RedirectRule {
  to: string
  permanent: boolean
}

// Redirects are CMS documents, looked up for paths no page answers (app/cms-redirect). The publish
// webhook clears the table; the short TTL covers an edit whose webhook never arrived.
const TTL_MS = 60_000
let table: { rules: Map<string, RedirectRule>; loadedAt: number } | undefined
let loading: Promise<Map<string, RedirectRule>> | undefined

async function loadRules(): Promise<Map<string, RedirectRule>> {
  const source = await getContentSource()
  const rules = new Map<string, RedirectRule>()
  for (const r of await source.fetch(redirectsQuery)) {
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

/** A published redirect takes effect on the next lookup (the revalidation webhook calls this). */
export function forgetRedirects() {
  table = undefined
}

export function normalisePath(path: string): string {
  return path.replace(/\/+$/, '') || '/'
}

/**
 * For a page whose document does not exist: its CMS redirect (308 when permanent, else 307), or
 * the 404 page. Pages that render unknown slugs on demand call this where app/cms-redirect would
 * have answered; the query string is not theirs to keep (they are rendered statically).
 */
export async function redirectOrNotFound(path: string): Promise<never> {
  const rule = await findRedirect(path)
  if (!rule) notFound()
  if (rule.permanent) permanentRedirect(rule.to)
  redirect(rule.to)
}

export async function findRedirect(path: string): Promise<RedirectRule | null> {
  if (!table || Date.now() - table.loadedAt > TTL_MS) {
    loading ??= loadRules().finally(() => {
      loading = undefined
    })
    table = { rules: await loading, loadedAt: Date.now() }
  }
  return table.rules.get(normalisePath(path)) ?? null
}

/**
 * Where a same-site link in the content should point: the end of its CMS redirect chain, so a
 * visitor skips the hop and the client router never prefetches a path that only redirects (Next
 * 16 answers such a segment prefetch with a 307 to itself, a loop the browser gives up on).
 * The link's own query and #fragment are kept unless the target has its own. Links that are not
 * site paths come back unchanged.
 */
export async function linkTarget(href: string): Promise<string> {
  if (!href.startsWith('/') || href.startsWith('//')) return href
  const [, path = href, query = '', fragment = ''] = /^([^?#]*)(\?[^#]*)?(#.*)?$/.exec(href) ?? []
  let target = path
  // A chain of redirects ends within a few hops; a loop between documents stops here too.
  for (let hop = 0; hop < 5; hop++) {
    const rule = await findRedirect(target.replace(/[?#].*$/, ''))
    if (!rule) break
    target = rule.to
  }
  if (target === path) return href
  const withQuery = target.includes('?') || !query ? target : target.replace(/(#.*)?$/, `${query}$1`)
  return withQuery.includes('#') ? withQuery : `${withQuery}${fragment}`
}
