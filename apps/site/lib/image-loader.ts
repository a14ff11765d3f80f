import type { ImageLoaderProps } from 'next/image'

/** Where the embedded content source serves image files (CONTENT_ASSET_BASE's default). */
const LOCAL_IMAGES = '/cms-images/'
const SANITY_CDN = 'https://cdn.sanity.io/'

/**
 * Each srcset entry is written into the HTML and again into the RSC payload, for every width of
 * every image, so the URL is kept short: local content images go through next.config's
 * `/img/{width}/{file}` rewrite to the optimiser (half the length of its `/_next/image?url=…`),
 * and images on Sanity's CDN are resized by the CDN itself rather than fetched and re-encoded.
 */
export function cmsImageLoader({ src, width, quality }: ImageLoaderProps): string {
  const file = src.startsWith(LOCAL_IMAGES) ? src.slice(LOCAL_IMAGES.length) : null
  // The rewrite fixes the optimiser's default quality, so another quality takes the long form.
  if (file && /^[\w.-]+$/.test(file) && (quality ?? 75) === 75) return `/img/${width}/${file}`
  if (src.startsWith(SANITY_CDN)) {
    const url = new URL(src)
    url.searchParams.set('w', String(width))
    url.searchParams.set('q', String(quality ?? 75))
    url.searchParams.set('auto', 'format')
    return url.toString()
  }
  return `/_next/image?url=${encodeURIComponent(src)}&w=${width}&q=${quality ?? 75}`
}

/**
 * A srcset without the entries wider than the file itself: the optimiser never enlarges, so they
 * would name the same picture again. Keeps the narrowest entry when every one is wider.
 */
export function srcSetWithin(srcSet: string | undefined, intrinsicWidth: number): string | undefined {
  if (!srcSet) return srcSet
  const entries = srcSet
    .split(', ')
    .map((entry) => ({ entry, width: Number.parseInt(entry.split(' ')[1] ?? '', 10) }))
  const kept = entries.filter(({ width }) => width <= intrinsicWidth)
  return (kept.length > 0 ? kept : entries.slice(0, 1)).map(({ entry }) => entry).join(', ')
}
