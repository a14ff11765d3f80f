import type { NextConfig } from 'next'
import { PORTAL_URL } from './lib/env'

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
