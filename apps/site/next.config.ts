import type { NextConfig } from 'next'
import { PORTAL_URL } from './lib/env'

/*
 * The nonce-free part of @siyakha/schemas/security-headers (next.config.ts cannot import a
 * workspace package's TypeScript source); the e2e suite checks assets and pages agree. HSTS needs
 * the request's host, so it rides on the pages only: browsers remember it per host anyway.
 */
const STATIC_ASSET_HEADERS = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  {
    key: 'Permissions-Policy',
    value:
      'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()',
  },
]

const config: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // Workspace packages ship TypeScript source.
  transpilePackages: [
    '@siyakha/content',
    '@siyakha/schemas',
    '@siyakha/supabase',
    '@siyakha/ui',
    '@siyakha/studio',
  ],
  // AUTH_COOKIE_DOMAIN (shared with the portal) is needed by the browser's Supabase client too.
  env: {
    NEXT_PUBLIC_AUTH_COOKIE_DOMAIN:
      process.env.AUTH_COOKIE_DOMAIN ?? process.env.NEXT_PUBLIC_AUTH_COOKIE_DOMAIN ?? '',
  },
  images: {
    formats: ['image/avif', 'image/webp'],
    remotePatterns: [{ protocol: 'https', hostname: 'cdn.sanity.io' }],
    dangerouslyAllowSVG: true,
    contentDispositionType: 'attachment',
    contentSecurityPolicy: "default-src 'self'; script-src 'none'; sandbox;",
  },
  experimental: { inlineCss: true },
  // Hashed static assets skip proxy.ts (there is no nonce to give them).
  async headers() {
    return [
      { source: '/_next/static/:path*', headers: STATIC_ASSET_HEADERS },
      { source: '/_next/image', headers: STATIC_ASSET_HEADERS },
    ]
  },
  /*
   * The portal (its own Next app) owns /auth and /portal/*; the site forwards them, path and query
   * kept, so every route works from the site's origin and both apps share the auth cookie. The
   * portal builds with `assetPrefix: '/_portal'`, so its scripts and styles are forwarded too.
   */
  async rewrites() {
    return [
      { source: '/auth', destination: `${PORTAL_URL}/auth` },
      { source: '/auth/:path*', destination: `${PORTAL_URL}/auth/:path*` },
      { source: '/portal', destination: `${PORTAL_URL}/portal` },
      { source: '/portal/:path*', destination: `${PORTAL_URL}/portal/:path*` },
      { source: '/_portal/:path*', destination: `${PORTAL_URL}/_portal/:path*` },
    ]
  },
}

export default config
