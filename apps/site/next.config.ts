import { join } from 'node:path'
import type { NextConfig } from 'next'
import { PORTAL_URL } from './lib/env'
import { configuredSecurityHeaders, PAGE_POLICY_ENV, PAGE_POLICY_TEMPLATE } from './lib/security-headers'

// Read by the page cache below, in this process (next start loads this file before serving).
process.env[PAGE_POLICY_ENV] = PAGE_POLICY_TEMPLATE

const config: NextConfig = {
  poweredByHeader: false,
  /*
   * Next's own file-system page cache, which also gives every page it serves a
   * Content-Security-Policy with the SHA-256 of that page's inline scripts: prerendered pages stay
   * static and no inline script runs that the page did not have when it was rendered. Next runs
   * commands in the app's folder.
   */
  cacheHandler: join(process.cwd(), 'lib/csp-cache-handler.mjs'),
  experimental: {
    /*
     * Most visits land on one page and leave (a content site), so a first load should be few
     * requests. Turbopack's default keeps chunks under 50 KB apart: every page fetched Next's
     * client code and the layout's parts in 11 scripts, each with ~330 bytes of headers. Merging
     * chunks under 200 KB takes every page to 9, 1.8 KB lighter; no page fetches code it does not
     * run (measured per template, docs/performance.md).
     */
    turbopackChunking: { minChunkSize: 200_000 },
  },
  reactStrictMode: true,
  // Workspace packages ship TypeScript source.
  transpilePackages: ['@siyakha/content', '@siyakha/schemas', '@siyakha/supabase', '@siyakha/ui'],
  images: {
    formats: ['image/avif', 'image/webp'],
    // Every width is a srcset entry in the HTML and again in the RSC payload, for every image.
    // Content photos are 1200 px wide; phones at DPR 3 want ~1240 px, wide screens 1920 px.
    deviceSizes: [640, 828, 1200, 1920],
    imageSizes: [256, 384],
    remotePatterns: [{ protocol: 'https', hostname: 'cdn.sanity.io' }],
    dangerouslyAllowSVG: true,
    contentDispositionType: 'attachment',
    contentSecurityPolicy: "default-src 'self'; script-src 'none'; sandbox;",
  },
  async headers() {
    return configuredSecurityHeaders()
  },
  /*
   * The portal (its own Next app) owns /auth and /portal/*; the site forwards them, path and query
   * kept, so every route works from the site's origin and both apps share the auth cookie. The
   * portal builds with `assetPrefix: '/_portal'`, so its scripts and styles are forwarded too.
   */
  async rewrites() {
    return {
      // Short srcset URLs for content images (lib/image-loader.ts).
      beforeFiles: [
        { source: '/img/:w/:file', destination: '/_next/image?url=%2Fcms-images%2F:file&w=:w&q=75' },
      ],
      afterFiles: [
        { source: '/auth', destination: `${PORTAL_URL}/auth` },
        { source: '/auth/:path*', destination: `${PORTAL_URL}/auth/:path*` },
        { source: '/portal', destination: `${PORTAL_URL}/portal` },
        { source: '/portal/:path*', destination: `${PORTAL_URL}/portal/:path*` },
        { source: '/_portal/:path*', destination: `${PORTAL_URL}/_portal/:path*` },
      ],
      // A path no page, file or route answers may be a CMS redirect (see app/cms-redirect).
      fallback: [{ source: '/:path*', destination: '/cms-redirect/:path*' }],
    }
  },
}

export default config
