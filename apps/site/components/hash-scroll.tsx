'use client'

import { usePathname } from 'next/navigation'
import { useEffect } from 'react'

/**
 * On a route or hash change, scroll smoothly to the element the hash names if it exists,
 * otherwise jump to the top, as a visitor following a section link from another page expects.
 * Reduced-motion visitors get an instant scroll.
 */
export function HashScroll() {
  const pathname = usePathname()

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every route change
  useEffect(() => {
    const scroll = () => {
      const target = hashTarget(window.location.hash)
      if (target) {
        const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches
        target.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' })
      } else {
        window.scrollTo({ top: 0, left: 0, behavior: 'instant' })
      }
    }
    scroll()
    window.addEventListener('hashchange', scroll)
    return () => window.removeEventListener('hashchange', scroll)
  }, [pathname])

  return null
}

function hashTarget(hash: string): HTMLElement | null {
  if (hash.length < 2) return null
  let id = hash.slice(1)
  try {
    id = decodeURIComponent(id)
  } catch {
    // A malformed escape: look the raw text up instead.
  }
  return document.getElementById(id)
}
