import { staticAssetHeaderRules } from '@siyakha/schemas/security-headers'
import type { NextConfig } from 'next'

const config: NextConfig = {
  poweredByHeader: false,
  // The site forwards /auth and /portal/* here; a path prefix on the portal's assets lets the site
  // forward them too (/_portal/*), so pages work from either origin.
  assetPrefix: '/_portal',
  reactStrictMode: true,
  // Workspace packages ship TypeScript source.
  transpilePackages: ['@siyakha/content', '@siyakha/schemas', '@siyakha/supabase', '@siyakha/ui'],
  // Hashed static assets skip proxy.ts: they get a file's own headers (staticAssetHeaders).
  async headers() {
    return [...staticAssetHeaderRules('/_portal/_next/static'), ...staticAssetHeaderRules('/_next/static')]
  },
  // Replies carry up to 5 attachments of 10 MB each (@siyakha/schemas/attachments), posted with
  // the form to its server action, through the proxy.
  experimental: {
    serverActions: { bodySizeLimit: '52mb' },
    proxyClientMaxBodySize: '52mb',
  },
  // ws backs supabase-js' realtime client on Node 20 (server side only); keep it out of the bundle.
  serverExternalPackages: ['ws'],
}

export default config
