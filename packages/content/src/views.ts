import type { BrandLogosQueryResult, GalleryQueryResult, SettingsQueryResult } from './sanity.types'

// Query results become the props the site's components take here, once per type, so components
// never repeat a null check or a fallback.

/** The site settings document; the settings query throws rather than return none. */
export type SiteSettings = NonNullable<SettingsQueryResult>

/** The contact details links and contact cards resolve against. */
export type SiteContacts = Pick<SiteSettings, 'phones' | 'emails' | 'whatsappNumber'>

export function siteContacts({ phones, emails, whatsappNumber }: SiteSettings): SiteContacts {
  return { phones, emails, whatsappNumber }
}

/** An image as `<img>` and next/image take it. */
export interface SizedImage {
  src: string
  alt: string
  width: number
  height: number
}

interface ImageResult {
  asset?: { url?: string | null; width?: number | null; height?: number | null } | null
}

/** The image with its size, or null when its asset has no file or no dimensions (nothing to lay out). */
export function sizedImage(image: ImageResult | null | undefined, alt: string): SizedImage | null {
  const asset = image?.asset
  if (!asset?.url || !asset.width || !asset.height) return null
  return { src: asset.url, alt, width: asset.width, height: asset.height }
}

export interface BrandLogo {
  name: string
  image: SizedImage
}

/** Partner logos that have a sized file; a logo's name is its alt text. */
export function toBrandLogos(logos: BrandLogosQueryResult): BrandLogo[] {
  return logos.flatMap(({ name, logo }) => {
    const image = sizedImage(logo, name)
    return image ? [{ name, image }] : []
  })
}

export interface GalleryItem {
  caption: string
  image: SizedImage
}

/** Gallery photos that have a sized file. */
export function toGalleryItems(items: GalleryQueryResult): GalleryItem[] {
  return items.flatMap(({ caption, image }) => {
    // The schema requires alt text; a document from before that rule still gets its caption.
    const sized = sizedImage(image, image.alt ?? caption)
    return sized ? [{ caption, image: sized }] : []
  })
}
