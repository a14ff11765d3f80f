import { createNonce, isLocalHost, securityHeaders } from '@siyakha/schemas/security-headers'
import type { NextRequest, NextResponse } from 'next/server'
import { z } from 'zod'
import { SUPABASE_URL } from './env'

/** Where the Studio runs (its Presentation tool frames the site for preview); parsed once. */
const STUDIO_ORIGIN = new URL(
  z
    .url()
    .default('http://localhost:3333')
    .parse(process.env.SANITY_STUDIO_URL || undefined),
).origin

/**
 * A fresh nonce and this site's policy for one request: only the Studio may frame the site (the
 * Presentation tool's preview), the browser talks to Supabase, images come from Sanity's CDN.
 */
export function securityHeadersFor(request: NextRequest): ReturnType<typeof securityHeaders> {
  return securityHeaders({
    nonce: createNonce(),
    frameAncestors: [STUDIO_ORIGIN],
    connectOrigins: [SUPABASE_URL],
    imageOrigins: ['https://cdn.sanity.io'],
    secureTransport: !isLocalHost(request.nextUrl.hostname),
    development: process.env.NODE_ENV === 'development',
  })
}

/**
 * The page render reads the policy from the request (Next puts its nonce on every script it
 * emits); the browser reads it from the response.
 */
export function withSecurityHeaders(
  request: NextRequest,
  respond: (requestHeaders: Headers) => NextResponse,
): NextResponse {
  const headers = securityHeadersFor(request)
  const requestHeaders = new Headers(request.headers)
  requestHeaders.set('Content-Security-Policy', headers['Content-Security-Policy'])
  const response = respond(requestHeaders)
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value)
  return response
}
