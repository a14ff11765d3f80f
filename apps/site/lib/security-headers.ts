import {
  createNonce,
  type ScriptRule,
  securityHeaders,
  staticAssetHeaderRules,
  staticAssetHeaders,
} from '@siyakha/schemas/security-headers'
import { z } from 'zod'
import { SITE_URL, SUPABASE_URL } from './env'

/**
 * Where the Studio runs (its Presentation tool frames the site for preview); parsed once. With no
 * Sanity project the Studio is the local Content Lake's, or `sanity dev`'s.
 */
const STUDIO_ORIGINS = process.env.SANITY_STUDIO_URL
  ? [new URL(z.url().parse(process.env.SANITY_STUDIO_URL)).origin]
  : process.env.SANITY_PROJECT_ID
    ? ['http://localhost:3333']
    : ['https://localhost:54340', 'http://localhost:3333']

/** HSTS and upgrading requests only where the site is served over https. */
const SECURE_TRANSPORT = new URL(SITE_URL).protocol === 'https:'

/**
 * The site's only pages rendered per request: they act on the token in their link. proxy.ts gives
 * them a fresh nonce like the portal's pages; every other page is prerendered and served from the
 * cache with the prerendered script rule (see ScriptRule), its headers from next.config.ts.
 */
export const RENDERED_PER_REQUEST = ['/newsletter/confirm', '/newsletter/unsubscribe'] as const

/** Only the Studio may frame the site (for preview); the browser talks to Supabase; images may come from Sanity's CDN. */
function siteSecurityHeaders(scripts: ScriptRule) {
  return securityHeaders({
    scripts,
    frameAncestors: STUDIO_ORIGINS,
    connectOrigins: [SUPABASE_URL],
    imageOrigins: ['https://cdn.sanity.io'],
    secureTransport: SECURE_TRANSPORT,
    development: process.env.NODE_ENV === 'development',
  })
}

const PRERENDERED = siteSecurityHeaders('prerendered')

/**
 * The headers for a response of proxy.ts: with a fresh nonce for a page rendered per request, the
 * prerendered set (as next.config.ts gives it) for anything else.
 */
export function securityHeadersFor(pathname: string): {
  headers: ReturnType<typeof securityHeaders>
  nonce: boolean
} {
  return (RENDERED_PER_REQUEST as readonly string[]).includes(pathname)
    ? { headers: siteSecurityHeaders({ nonce: createNonce() }), nonce: true }
    : { headers: PRERENDERED, nonce: false }
}

/** Paths whose headers come from elsewhere: the portal's (forwarded) and the pages proxy.ts serves. */
const NOT_PRERENDERED = [
  '_next/static/',
  '_next/image',
  'img/',
  '_portal/',
  'auth(?:/|$)',
  'portal(?:/|$)',
  ...RENDERED_PER_REQUEST.map((path) => `${path.slice(1)}$`),
]

/**
 * The headers in next.config.ts form: the full set on every page, route and 404 of the site (set
 * by Next's router, so serving a cached page runs no code of ours), a file's own set on hashed
 * static files and images (see staticAssetHeaders).
 */
export function configuredSecurityHeaders() {
  const toConfig = (headers: Record<string, string>) =>
    Object.entries(headers).map(([key, value]) => ({ key, value }))
  return [
    {
      source: `/:path((?!${NOT_PRERENDERED.join('|')}).*)`,
      headers: toConfig(PRERENDERED),
    },
    ...staticAssetHeaderRules('/_next/static'),
    { source: '/_next/image', headers: staticAssetHeaders() },
    { source: '/img/:path*', headers: staticAssetHeaders() },
  ]
}
