import type { NextConfig } from 'next'

const config: NextConfig = {
  poweredByHeader: false,
  // The site forwards /auth and /portal/* here; a path prefix on the portal's assets lets the site
  // forward them too (/_portal/*), so pages work from either origin.
  assetPrefix: '/_portal',
  reactStrictMode: true,
  // Workspace packages ship TypeScript source.
  transpilePackages: ['@siyakha/schemas', '@siyakha/supabase', '@siyakha/ui'],
  // ws backs supabase-js' realtime client on Node 20 (server side only); keep it out of the bundle.
  serverExternalPackages: ['ws'],
  // AUTH_COOKIE_DOMAIN (shared with the site) is needed in the browser client too.
  env: {
    NEXT_PUBLIC_AUTH_COOKIE_DOMAIN:
      process.env.AUTH_COOKIE_DOMAIN ?? process.env.NEXT_PUBLIC_AUTH_COOKIE_DOMAIN ?? '',
  },
}

export default config
