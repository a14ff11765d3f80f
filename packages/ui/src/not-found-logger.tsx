'use client'

import { usePathname } from 'next/navigation'
import { useEffect, useRef } from 'react'
import { NOT_FOUND_SELECTOR } from './not-found'

/**
 * Logs the unknown path of a not-found page to the console (once, even under React's dev
 * double-run), the same way on the site and the portal. It sits in the root layout and looks for
 * the page's `notFoundMarker` after each navigation: a client component rendered by not-found.tsx
 * itself would be a script of its own that every page loads, since any page may end up not found.
 */
export function NotFoundLogger() {
  const pathname = usePathname()
  const logged = useRef<string | null>(null)

  useEffect(() => {
    if (logged.current === pathname || !document.querySelector(NOT_FOUND_SELECTOR)) return
    logged.current = pathname
    console.error('404 Error: User attempted to access non-existent route:', pathname)
  }, [pathname])

  return null
}
