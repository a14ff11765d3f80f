/**
 * Cache tags. Every content read is tagged with the document types it depends on; the Sanity
 * webhook revalidates the tag of the changed document's type, so an edit refreshes exactly the
 * pages that show that type.
 */
export const TAGS = {
  siteSettings: 'siteSettings',
  page: 'page',
  service: 'service',
  regionalPage: 'regionalPage',
  project: 'project',
  galleryItem: 'galleryItem',
  testimonial: 'testimonial',
  post: 'post',
  industry: 'industry',
  brandLogo: 'brandLogo',
  redirect: 'redirect',
} as const

export type Tag = (typeof TAGS)[keyof typeof TAGS]

const known = new Set<string>(Object.values(TAGS))

export function tagForType(type: string): Tag | null {
  return known.has(type) ? (type as Tag) : null
}
