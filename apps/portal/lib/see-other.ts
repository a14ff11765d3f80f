/**
 * A 303 to a path on this site. The Location stays relative: behind the site's rewrite the portal
 * sees its own origin, but the browser resolves the path against the address it actually used.
 */
export function seeOther(path: string): Response {
  return new Response(null, { status: 303, headers: { Location: path } })
}
