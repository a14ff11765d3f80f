import type { NextConfig } from 'next'

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
  // The site forwards /auth and /portal/* here; a path prefix on the portal's assets lets the site
  // forward them too (/_portal/*), so pages work from either origin.
  assetPrefix: '/_portal',
  reactStrictMode: true,
  // Workspace packages ship TypeScript source.
  transpilePackages: ['@siyakha/schemas', '@siyakha/supabase', '@siyakha/ui'],
  // Hashed static assets skip proxy.ts (there is no nonce to give them).
  async headers() {
    return [
      { source: '/_portal/_next/static/:path*', headers: STATIC_ASSET_HEADERS },
      { source: '/_next/static/:path*', headers: STATIC_ASSET_HEADERS },
    ]
  },
  // ws backs supabase-js' realtime client on Node 20 (server side only); keep it out of the bundle.
  serverExternalPackages: ['ws'],
  // AUTH_COOKIE_DOMAIN (shared with the site) is needed in the browser client too.
  env: {
    NEXT_PUBLIC_AUTH_COOKIE_DOMAIN:
      process.env.AUTH_COOKIE_DOMAIN ?? process.env.NEXT_PUBLIC_AUTH_COOKIE_DOMAIN ?? '',
  },
}

export default config
