/** The URL of a service page: children live under their parent (`/services/<parent>/<child>`). */
export function serviceHref(slug: string, parent: string | null | undefined): string {
  return parent ? `/services/${parent}/${slug}` : `/services/${slug}`
}

/** The client portal's entry, in the header, the mobile menu and the footer (a page load: another app). */
export const PORTAL_LINK = { title: 'Client portal', href: '/portal/tickets' } as const
