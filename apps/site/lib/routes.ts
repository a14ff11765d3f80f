/** The URL of a service page: children live under their parent (`/services/<parent>/<child>`). */
export function serviceHref(slug: string, parent: string | null | undefined): string {
  return parent ? `/services/${parent}/${slug}` : `/services/${slug}`
}
