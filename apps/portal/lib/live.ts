'use client'

import { createRealtimeClient } from '@siyakha/supabase/browser-realtime'

/**
 * The page's one Realtime client. Its token comes from the portal (/portal/realtime-token) when
 * Realtime asks for one, is kept in memory only, and is fetched again a minute before it runs out.
 */
let client: ReturnType<typeof createRealtimeClient> | undefined
let cached: { token: string; expiresAt: number } | undefined
/** The request under way: Realtime asks more than once as a page connects; one request answers all. */
let pending: Promise<string | null> | undefined

function liveToken(): Promise<string | null> {
  if (cached && cached.expiresAt - Date.now() > 60_000) return Promise.resolve(cached.token)
  pending ??= fetchToken().finally(() => {
    pending = undefined
  })
  return pending
}

async function fetchToken(): Promise<string | null> {
  try {
    const response = await fetch('/portal/realtime-token', { cache: 'no-store', credentials: 'same-origin' })
    if (!response.ok) throw new Error(`/portal/realtime-token answered ${response.status}`)
    const answer = (await response.json()) as { token?: unknown; expiresAt?: unknown }
    if (typeof answer.token !== 'string' || typeof answer.expiresAt !== 'number') {
      throw new Error('/portal/realtime-token answered without a token')
    }
    cached = { token: answer.token, expiresAt: answer.expiresAt }
    return cached.token
  } catch (error) {
    console.error('No live updates: could not get a Realtime token', error)
    cached = undefined
    return null
  }
}

export function liveClient(): ReturnType<typeof createRealtimeClient> {
  client ??= createRealtimeClient(liveToken)
  return client
}
