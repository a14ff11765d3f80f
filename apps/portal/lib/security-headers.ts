import { createNonce, isLocalHost, securityHeaders } from '@siyakha/schemas/security-headers'
import { publicEnv } from '@siyakha/supabase/env'
import type { NextRequest } from 'next/server'

/**
 * A fresh nonce and the portal's policy for one request: nothing may frame the portal (sign-in
 * and tickets are clickjacking targets), and the browser talks to Supabase (Realtime, and the
 * signed links that show attachments inline).
 */
export function securityHeadersFor(request: NextRequest): ReturnType<typeof securityHeaders> {
  return securityHeaders({
    scripts: { nonce: createNonce() },
    frameAncestors: [],
    connectOrigins: [publicEnv.NEXT_PUBLIC_SUPABASE_URL],
    imageOrigins: [publicEnv.NEXT_PUBLIC_SUPABASE_URL],
    secureTransport: !isLocalHost(request.nextUrl.hostname),
    development: process.env.NODE_ENV === 'development',
  })
}
