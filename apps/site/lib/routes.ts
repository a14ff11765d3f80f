/** The URL of a service page: children live under their parent (`/services/<parent>/<child>`). */
export function serviceHref(slug: string, parent: string | null | undefined): string {
  return parent ? `/services/${parent}/${slug}` : `/services/${slug}`
}

/**
 * The way into the portal, in the header, the mobile menu and the footer. It is a separate app
 * behind the site's rewrites, so it is reached with a full page load (a plain `<a>`), never with
 * client-side navigation. Signed-out visitors land on its sign-in page and come back here after
 * signing in.
 */
export const PORTAL_LINK = { title: 'Client portal', href: '/portal/tickets' } as const
