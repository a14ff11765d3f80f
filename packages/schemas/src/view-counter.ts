/**
 * Article view counts. The old site kept them in a third-party counter; we keep the same
 * semantics (baseline + counted views, baseline alone on failure) over our own backend.
 */

/** The site's route the browser's view counter calls (apps/site/app/api/page-views). */
export const VIEW_COUNT_ROUTE = '/api/page-views'

/** The page key: the path reduced to letters, digits, '/', '_' and '-', no trailing slash. */
export function pageKey(path: string): string {
  const cleaned = path.replace(/[^A-Za-z0-9/_-]/g, '').replace(/\/+$/, '')
  return cleaned || '/'
}

/** Baseline for paths without a fixed one: a hash of the path picks one of the spec's values. */
export function hashedBaseline(path: string): number {
  let hash = 0
  for (const char of path) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0
  switch (hash % 5) {
    case 0:
      return 600
    case 1:
    case 2:
      return 100
    case 3:
      return 59
    default:
      return 90
  }
}

/**
 * The baseline a page's counter starts from: its fixed one (the CMS's per-article value) when it
 * has one, else the hashed one of its page key, so '/about' and '/about/' agree.
 */
export function viewBaseline(path: string, fixed?: number | null): number {
  return typeof fixed === 'number' && Number.isFinite(fixed) ? fixed : hashedBaseline(pageKey(path))
}

/** Counters are kept per site host: a fixed prefix plus the host with dots as hyphens. */
export function viewNamespace(hostname: string): string {
  return `siyakha_${hostname
    .toLowerCase()
    .replace(/\./g, '-')
    .replace(/[^a-z0-9_-]/g, '')}`
}

/** Displayed count: a non-number from the service counts as 0. */
export function displayedViews(baseline: number, counted: unknown): number {
  return baseline + (typeof counted === 'number' && Number.isFinite(counted) && counted > 0 ? counted : 0)
}
