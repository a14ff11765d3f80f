/**
 * The response headers both Next apps send, built in one place so the site and the portal cannot
 * drift apart. Pure functions: each app's proxy.ts supplies its own origins and script rule.
 */

/**
 * Which scripts may run. Never `'unsafe-inline'`: an injected inline script never runs.
 * - `{ nonce }`: pages rendered per request (the portal). Next puts this response's nonce on its
 *   own scripts and nothing else may run, not even same-origin files it did not load.
 * - `{ hashes }`: pages rendered once and served to everyone from the cache (the site). Such a
 *   page cannot carry a per-request nonce, and Next writes its data into inline scripts that
 *   differ per page and per render, so each page's policy names the SHA-256 of its own inline
 *   scripts (`'sha256-…'`, computed from the page as cached) beside this origin's files. With no
 *   hashes, only this origin's files run: responses that are no page (route handlers, redirects).
 */
export type ScriptRule = { nonce: string } | { hashes: readonly string[] }

export interface SecurityHeaderOptions {
  scripts: ScriptRule
  /** Origins allowed to frame the pages (the Studio's, for preview); none when empty. */
  frameAncestors: readonly string[]
  /** Origins the browser talks to besides this one (Supabase: REST, Auth, Realtime). */
  connectOrigins: readonly string[]
  /** Origins images load from besides this one. */
  imageOrigins?: readonly string[]
  /** False on localhost: no HSTS and no upgrading of requests to https. */
  secureTransport: boolean
  /** `next dev` evaluates code for fast refresh; a production build never does. */
  development?: boolean
}

/** Features no page uses; turning them off keeps injected or third-party code from asking. */
export const PERMISSIONS_POLICY =
  'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()'

/** Full URLs within the site, the origin only to other https sites, nothing to http. */
export const REFERRER_POLICY = 'strict-origin-when-cross-origin'

/** Two years, the usual requirement for HSTS preload lists. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=63072000; includeSubDomains'

/** A fresh 128-bit nonce, base64, for one response. */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return btoa(String.fromCharCode(...bytes))
}

/** localhost, *.localhost and loopback addresses: served over plain http in development and tests. */
export function isLocalHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase()
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\./.test(host)
}

/** `http://x:1` → also `ws://x:1`, so Supabase Realtime can open its socket. */
function withWebSocket(origin: string): string[] {
  const url = new URL(origin)
  const ws = url.protocol === 'https:' ? 'wss:' : 'ws:'
  return [url.origin, `${ws}//${url.host}`]
}

export function contentSecurityPolicy(options: SecurityHeaderOptions): string {
  const scripts =
    'nonce' in options.scripts
      ? [`'self'`, `'nonce-${options.scripts.nonce}'`, `'strict-dynamic'`]
      : [`'self'`, ...options.scripts.hashes.map((hash) => `'sha256-${hash}'`)]
  if (options.development) scripts.push(`'unsafe-eval'`)
  const directives: [string, ...string[]][] = [
    ['default-src', `'self'`],
    ['script-src', ...scripts],
    // React sets style attributes and Next may inline CSS; a nonce would disable 'unsafe-inline'
    // for styles, so styles stay inline-allowed.
    ['style-src', `'self'`, `'unsafe-inline'`],
    ['img-src', `'self'`, 'data:', 'blob:', ...(options.imageOrigins ?? [])],
    ['font-src', `'self'`],
    ['connect-src', `'self'`, ...options.connectOrigins.flatMap(withWebSocket)],
    ['object-src', `'none'`],
    ['base-uri', `'self'`],
    ['form-action', `'self'`],
    ['frame-ancestors', ...(options.frameAncestors.length ? options.frameAncestors : [`'none'`])],
  ]
  if (options.secureTransport) directives.push(['upgrade-insecure-requests'])
  return directives.map((directive) => directive.join(' ')).join('; ')
}

/** The headers for every page, route handler, redirect and 404. */
export function securityHeaders(
  options: SecurityHeaderOptions,
): { 'Content-Security-Policy': string } & Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(options),
    ...documentPolicyHeaders(options.secureTransport),
  }
}

/** What a page or route's response carries besides its CSP. */
function documentPolicyHeaders(secureTransport: boolean): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': REFERRER_POLICY,
    'Permissions-Policy': PERMISSIONS_POLICY,
    ...(secureTransport ? { 'Strict-Transport-Security': STRICT_TRANSPORT_SECURITY } : {}),
  }
}

/**
 * The headers of a hashed static file, as next.config.ts `headers()` takes them. Only what means
 * something on that kind of response: `nosniff` on everything (a file is only ever run or applied
 * as the type it was sent as); the referrer policy on stylesheets, whose `url()` fetches follow the
 * stylesheet's own policy. CSP, the permissions policy and framing rules govern documents, and HSTS
 * is remembered per host from the pages, so a script, font or image carries none of them: on a
 * page that loads a dozen scripts they would be ~2 KB of headers that no browser reads.
 */
export function staticAssetHeaders(kind: 'stylesheet' | 'other' = 'other'): { key: string; value: string }[] {
  return [
    { key: 'X-Content-Type-Options', value: 'nosniff' },
    ...(kind === 'stylesheet' ? [{ key: 'Referrer-Policy', value: REFERRER_POLICY }] : []),
  ]
}

/**
 * next.config.ts `headers()` rules for the hashed files under `prefix` (`/_next/static`): the
 * stylesheets' set and everything else's. Next applies every matching rule, so the two patterns
 * must not overlap.
 */
export function staticAssetHeaderRules(prefix: string) {
  return [
    { source: `${prefix}/:path(.*\\.css)`, headers: staticAssetHeaders('stylesheet') },
    { source: `${prefix}/:path((?!.*\\.css$).*)`, headers: staticAssetHeaders() },
  ]
}
