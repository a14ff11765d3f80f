import { createClient } from '@supabase/supabase-js'
import { vi } from 'vitest'
import ws from 'ws'
import type { Database } from '../src/types'

/** A client whose requests are recorded and answered by `reply`, so no server is needed. */
export function recordingClient(reply: (url: URL, init: RequestInit) => Response) {
  const requests: { url: URL; init: RequestInit }[] = []
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    requests.push({ url, init })
    return reply(url, init)
  })
  const client = createClient<Database>('http://db.test', 'anon-key', {
    global: { fetch },
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as never },
  })
  return { client, requests }
}

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
