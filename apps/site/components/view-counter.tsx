'use client'

import { displayedViews, pageKey, VIEW_COUNT_ROUTE, viewBaseline } from '@siyakha/schemas/view-counter'
import { useEffect, useRef, useState } from 'react'
import { formatCount } from '@/lib/format'

/** Reads (or, with increment, bumps and reads) the counted views for a page key. */
export type ViewCountLoader = (key: string, increment: boolean) => Promise<unknown>

/**
 * GET the site's own `/api/page-views?key=&op=hit|get`, answering `{ "value": n }`. The site's
 * server checks that the page is one of its articles or pages and picks the namespace (the
 * site's host), then asks the page-views function.
 */
export const siteViewCountLoader: ViewCountLoader = async (key, increment) => {
  const query = new URLSearchParams({ key, op: increment ? 'hit' : 'get' })
  const response = await fetch(`${VIEW_COUNT_ROUTE}?${query}`, { cache: 'no-store' })
  if (!response.ok) throw new Error(`View counter answered ${response.status}`)
  const body: unknown = await response.json()
  return body && typeof body === 'object' && 'value' in body ? body.value : undefined
}

let warned = false

export type ViewCounterProps = {
  path: string
  /** The page's fixed baseline (the CMS's per-article value); without one, the path's hashed one. */
  baseline?: number | null
  /** Count this visit (articles do, on load). */
  increment?: boolean
  /** Overrides the site's route (tests, previews). */
  loader?: ViewCountLoader
}

/** '—' while loading, then 'N views' (baseline + counted); any failure shows the baseline. */
export function ViewCounter({
  path,
  baseline: fixedBaseline,
  increment = false,
  loader = siteViewCountLoader,
}: ViewCounterProps) {
  const baseline = viewBaseline(path, fixedBaseline)
  const [count, setCount] = useState<number | null>(null)
  // React's development double-run of effects must not count the visit twice.
  const loadedKey = useRef<string | null>(null)

  useEffect(() => {
    const key = pageKey(path)
    if (loadedKey.current === key) return
    loadedKey.current = key
    setCount(null)
    Promise.resolve()
      .then(() => loader(key, increment))
      .then(
        (value) => setCount(displayedViews(baseline, value)),
        (error: unknown) => {
          if (!warned) {
            warned = true
            console.warn('View counter unavailable; showing the baseline.', error)
          }
          setCount(baseline)
        },
      )
  }, [loader, path, increment, baseline])

  if (count === null) {
    return (
      <span>
        <span aria-hidden="true">—</span>
        <span className="sr-only">Loading views</span>
      </span>
    )
  }
  return <span>{formatCount(count)} views</span>
}
