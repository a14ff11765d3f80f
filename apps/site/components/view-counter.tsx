'use client'

import { displayedViews, pageKey } from '@siyakha/schemas/view-counter'
import { useEffect, useRef, useState } from 'react'

/** Reads (or, with increment, bumps and reads) the counted views for a page key. */
export type ViewCountLoader = (key: string, increment: boolean) => Promise<unknown>

/**
 * The counter service: GET `<NEXT_PUBLIC_VIEW_COUNTER_URL>/hit<key>` to count a view or
 * `/get<key>` to read, answering `{ "value": n }` (the service's namespace is part of the URL).
 * Unset, it rejects and the baseline shows.
 */
export const defaultViewCountLoader: ViewCountLoader = async (key, increment) => {
  const base = process.env.NEXT_PUBLIC_VIEW_COUNTER_URL
  if (!base) throw new Error('NEXT_PUBLIC_VIEW_COUNTER_URL is not set')
  const response = await fetch(`${base.replace(/\/+$/, '')}/${increment ? 'hit' : 'get'}${key}`, {
    cache: 'no-store',
  })
  if (!response.ok) throw new Error(`View counter answered ${response.status}`)
  const body: unknown = await response.json()
  return body && typeof body === 'object' && 'value' in body ? body.value : undefined
}

let warned = false

export type ViewCounterProps = {
  path: string
  baseline: number
  /** Count this visit (articles do, on load). */
  increment?: boolean
  loader?: ViewCountLoader
}

/** '—' while loading, then 'N views' (baseline + counted); any failure shows the baseline. */
export function ViewCounter({
  path,
  baseline,
  increment = false,
  loader = defaultViewCountLoader,
}: ViewCounterProps) {
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
