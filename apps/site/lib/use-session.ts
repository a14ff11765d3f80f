'use client'

import { useEffect, useState } from 'react'

/**
 * The visitor's session on the (static) public pages, for the header's Sign Out and the admin
 * panel. The session cookie is HttpOnly, so scripts cannot see it: the page asks the site's
 * server (/api/session) once per page load, and gets a yes/no answer, never a token. Until it
 * answers the visitor counts as signed out.
 */
export type SiteSession = { signedIn: boolean; admin: boolean }

const SIGNED_OUT: SiteSession = { signedIn: false, admin: false }

let answer: Promise<SiteSession> | undefined

function askServer(): Promise<SiteSession> {
  answer ??= fetch('/api/session', { cache: 'no-store', credentials: 'same-origin' })
    .then(async (response) => {
      if (!response.ok) throw new Error(`/api/session answered ${response.status}`)
      const body = (await response.json()) as Partial<SiteSession>
      return { signedIn: body.signedIn === true, admin: body.admin === true }
    })
    .catch((error: unknown) => {
      console.error('Could not check the session', error)
      answer = undefined
      return SIGNED_OUT
    })
  return answer
}

export function useSiteSession(): SiteSession {
  const [session, setSession] = useState<SiteSession>(SIGNED_OUT)
  useEffect(() => {
    let active = true
    void askServer().then((next) => {
      if (active) setSession(next)
    })
    return () => {
      active = false
    }
  }, [])
  return session
}
