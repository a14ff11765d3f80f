'use client'

import { displayedViews, pageKey } from '@siyakha/schemas/view-counter'
import { useEffect, useMemo, useRef, useState } from 'react'

/** Reads (or, with increment, bumps and reads) the counted views for a page key. */
export type ViewCountLoader = (key: string, increment: boolean) => Promise<unknown>

/** Where the page-views edge function lives; it is public, so the anon key is all it needs. */
export type PageViewsService = { supabaseUrl: string; anonKey: string }

/** Counters are kept per site host (spec §7): a fixed prefix plus the host with dots as hyphens. */
export function viewNamespace(hostname: string): string {
  return `siyakha_${hostname
    .toLowerCase()
    .replace(/\./g, '-')
    .replace(/[^a-z0-9_-]/g, '')}`
}

/** GET `/functions/v1/page-views?ns=&key=&op=hit|get`, answering `{ "value": n }`. */
export function pageViewsLoader({ supabaseUrl, anonKey }: PageViewsService): ViewCountLoader {
  return async (key, increment) => {
    const query = new URLSearchParams({
      ns: viewNamespace(window.location.hostname),
      key,
      op: increment ? 'hit' : 'get',
    })
    const response = await fetch(`${supabaseUrl.replace(/\/+$/, '')}/functions/v1/page-views?${query}`, {
      headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}` },
      cache: 'no-store',
    })
    if (!response.ok) throw new Error(`View counter answered ${response.status}`)
    const body: unknown = await response.json()
    return body && typeof body === 'object' && 'value' in body ? body.value : undefined
  }
}

const unavailable: ViewCountLoader = () => Promise.reject(new Error('No view counter service is configured'))

let warned = false

export type ViewCounterProps = {
  path: string
  baseline: number
  /** Count this visit (articles do, on load). */
  increment?: boolean
  /** The page-views function; `loader` overrides it (tests, previews). */
  service?: PageViewsService
  loader?: ViewCountLoader
}

/** '—' while loading, then 'N views' (baseline + counted); any failure shows the baseline. */
export function ViewCounter({
  path,
  baseline,
  increment = false,
  service,
  loader: givenLoader,
}: ViewCounterProps) {
  const supabaseUrl = service?.supabaseUrl
  const anonKey = service?.anonKey
  const loader = useMemo(
    () => givenLoader ?? (supabaseUrl && anonKey ? pageViewsLoader({ supabaseUrl, anonKey }) : unavailable),
    [givenLoader, supabaseUrl, anonKey],
  )
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
  return <span>{count.toLocaleString('en-ZA')} views</span>
}
