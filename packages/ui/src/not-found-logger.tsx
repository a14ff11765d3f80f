'use client'

import { usePathname } from 'next/navigation'
import { useEffect, useRef } from 'react'

/**
 * The unknown path of a not-found page, logged to the console (once, even under React's dev
 * double-run), the same way on the site and the portal.
 */
export function NotFoundLogger() {
  const pathname = usePathname()
  const logged = useRef<string | null>(null)

  useEffect(() => {
    if (logged.current === pathname) return
    logged.current = pathname
    console.error('404 Error: User attempted to access non-existent route:', pathname)
  }, [pathname])

  return null
}
