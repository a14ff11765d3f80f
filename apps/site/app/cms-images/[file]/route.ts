import { fetchLocalImage } from '@siyakha/content/local-assets'

/**
 * Content images of the local Content Lake, under the site's own origin (CONTENT_ASSET_BASE), so
 * pages and the image optimiser read them like any local file. Asset files never change under a
 * name (the name is their hash), so browsers and the optimiser may keep them for good.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  const image = await fetchLocalImage((await params).file)
  if (!image) return new Response('Not found', { status: 404 })
  return new Response(image.body, {
    headers: {
      'Content-Type': image.headers.get('content-type') ?? 'application/octet-stream',
      'Cache-Control': 'public, max-age=31536000, immutable',
      // An SVG an editor uploaded is opened as a document if someone follows its link: no scripts.
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    },
  })
}
