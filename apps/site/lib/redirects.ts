import { redirectsQuery } from '@siyakha/content/queries'
import { getContentSource } from '@siyakha/content/source'
import { sameSitePath } from '@siyakha/schemas/same-site-path'

export interface RedirectRule {
  to: string
  permanent: boolean
}

// Redirects are CMS documents, looked up for paths no page answers (app/cms-redirect). A short TTL
// keeps an edit in the Studio live within a minute without a rebuild or a per-request fetch.
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

export function normalisePath(path: string): string {
  return path.replace(/\/+$/, '') || '/'
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
