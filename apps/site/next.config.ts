import { staticAssetHeaders } from '@siyakha/schemas/security-headers'
import type { NextConfig } from 'next'
import { PORTAL_URL } from './lib/env'

// The same nonce-free headers proxy.ts gives the pages; the e2e suite checks they agree.
const STATIC_ASSET_HEADERS = staticAssetHeaders()

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
  images: {
    formats: ['image/avif', 'image/webp'],
    remotePatterns: [{ protocol: 'https', hostname: 'cdn.sanity.io' }],
    dangerouslyAllowSVG: true,
    contentDispositionType: 'attachment',
    contentSecurityPolicy: "default-src 'self'; script-src 'none'; sandbox;",
  },
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
