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
 * cache with its own hashes (see ScriptRule): lib/csp-cache-handler.mjs adds them.
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

/** Scripts from this origin only: what a response that is no page (a route, a redirect) gets. */
export const NO_INLINE_SCRIPTS = siteSecurityHeaders({ hashes: [] })

/**
 * A prerendered page's policy before its hashes: lib/csp-cache-handler.mjs (plain JavaScript,
 * loaded by Next at run time) adds the SHA-256 of each page's inline scripts after
 * `script-src 'self'`. next.config.ts hands it over in this environment variable.
 */
export const PAGE_POLICY_ENV = 'SITE_PAGE_CONTENT_SECURITY_POLICY'
export const PAGE_POLICY_TEMPLATE = NO_INLINE_SCRIPTS['Content-Security-Policy']

/** Set by draft mode (Next's preview cookie): such a page is rendered per request, not cached. */
export const DRAFT_MODE_COOKIE = '__prerender_bypass'

/**
 * The headers for a response of proxy.ts: a fresh nonce for a page rendered per request (the
 * newsletter pages, and any page in draft mode, which bypasses the cache and so its hashes), else
 * the set for a response that is no page (a refused request).
 */
export function securityHeadersFor(
  pathname: string,
  draftMode = false,
): {
  headers: ReturnType<typeof securityHeaders>
  nonce: boolean
} {
  return draftMode || (RENDERED_PER_REQUEST as readonly string[]).includes(pathname)
    ? { headers: siteSecurityHeaders({ nonce: createNonce() }), nonce: true }
    : { headers: NO_INLINE_SCRIPTS, nonce: false }
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
 * The site's route handlers a visitor reaches by their own path (the 404 and CMS redirects are
 * answered under the page's path, by app/cms-redirect, which sets its own policy).
 */
const ROUTE_HANDLERS = ['api/', 'robots\\.txt$', 'sitemap\\.xml$', 'blog/rss\\.xml$', 'icon\\.svg$']

/**
 * The headers in next.config.ts form (set by Next's router, so serving a cached page runs no code
 * of ours): every page, route and 404 of the site gets the document headers; the route handlers
 * also get the no-inline-script policy, while a page's policy, with its hashes, comes with the
 * page from the cache (lib/csp-cache-handler.mjs): two policies would both apply. Hashed static
 * files and images get a file's own set (see staticAssetHeaders).
 */
export function configuredSecurityHeaders() {
  const toConfig = (headers: Record<string, string>) =>
    Object.entries(headers).map(([key, value]) => ({ key, value }))
  const { 'Content-Security-Policy': policy, ...documentHeaders } = NO_INLINE_SCRIPTS
  return [
    {
      source: `/:path((?!${NOT_PRERENDERED.join('|')}).*)`,
      headers: toConfig(documentHeaders),
    },
    {
      source: `/:path((?:${ROUTE_HANDLERS.join('|')}).*)`,
      headers: toConfig({ 'Content-Security-Policy': policy }),
    },
    ...staticAssetHeaderRules('/_next/static'),
    { source: '/_next/image', headers: staticAssetHeaders() },
    { source: '/img/:path*', headers: staticAssetHeaders() },
  ]
}
