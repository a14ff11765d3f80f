import type { Metadata } from 'next'
import { absoluteUrl } from './env'

/** The 404 page's: app/not-found.tsx, and a page drawing it for a slug with no document. */
export const NOT_FOUND_METADATA: Metadata = { title: 'Page not found', robots: { index: false } }

export interface MetadataInput {
  title: string
  description: string
  path: string
  brandName: string
  image?: { url: string; width?: number | null; height?: number | null; alt?: string | null } | null
  type?: 'website' | 'article'
  publishedTime?: string | null
  modifiedTime?: string | null
}

const DEFAULT_SOCIAL_IMAGE = { url: '/og-default.webp', width: 1200, height: 630 }

/** Title, description, absolute canonical, Open Graph and Twitter tags for one page. */
export function buildMetadata(input: MetadataInput): Metadata {
  const url = absoluteUrl(input.path)
  const image = input.image?.url ? input.image : DEFAULT_SOCIAL_IMAGE
  const images = [
    {
      url: image.url.startsWith('http') ? image.url : absoluteUrl(image.url),
      width: image.width ?? undefined,
      height: image.height ?? undefined,
      alt: ('alt' in image && image.alt) || input.title,
    },
  ]
  return {
    title: { absolute: input.title },
    description: input.description,
    alternates: { canonical: url },
    openGraph: {
      type: input.type ?? 'website',
      url,
      title: input.title,
      description: input.description,
      siteName: input.brandName,
      locale: 'en_ZA',
      images,
      ...(input.type === 'article'
        ? { publishedTime: input.publishedTime ?? undefined, modifiedTime: input.modifiedTime ?? undefined }
        : {}),
    },
    twitter: {
      card: 'summary_large_image',
      title: input.title,
      description: input.description,
      images: images.map((i) => i.url),
    },
  }
}
