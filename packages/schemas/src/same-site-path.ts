import { z } from 'zod'

/**
 * The one rule for every redirect target that arrives from outside the code — a query string
 * (`from`, `next`), a CMS redirect document, a Studio path field, a preview link: a path on this
 * site, or nothing. Pure TypeScript, so the Next apps, the Studio and Deno share it.
 *
 * Browsers are generous with what they read as "another host": `//host`, `/\host`, `/.//host`
 * (the URL parser removes the dot segment and leaves `//host`), `/%2F%2Fhost` once some layer
 * decodes it, and tabs or newlines, which the URL parser silently deletes. So the value is checked
 * as given, fully percent-decoded, and after the URL parser's own normalisation; any doubt refuses.
 */

/** Longer than any real path on the sites; a cap keeps the repeated decoding cheap. */
const MAX_LENGTH = 2048
/** Double-encoding is common in attacks and never in our links; deeper nesting is refused. */
const MAX_DECODE_ROUNDS = 4
const BASE = 'http://same-site.invalid'
// C0 and C1 controls, DEL, the Unicode line and paragraph separators, and backslashes (read as
// '/' in the path of http(s) URLs).
// biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\\]/

function fullyDecoded(value: string): string | null {
  let current = value
  for (let round = 0; round <= MAX_DECODE_ROUNDS; round++) {
    let next: string
    try {
      next = decodeURIComponent(current)
    } catch {
      return null // malformed percent-encoding: nothing we would have produced
    }
    if (next === current) return current
    current = next
  }
  return null
}

/** `/…` but not `//…`, with no control characters or backslashes. */
function looksLikeLocalPath(value: string): boolean {
  return value.startsWith('/') && !value.startsWith('//') && !FORBIDDEN.test(value)
}

/** The path the URL parser makes of `value`, or null when that lands on another origin or on `//…`. */
function normalised(value: string): string | null {
  let url: URL
  try {
    url = new URL(value, BASE)
  } catch {
    return null
  }
  if (url.origin !== BASE) return null
  const path = `${url.pathname}${url.search}${url.hash}`
  return looksLikeLocalPath(path) ? path : null
}

/**
 * The normalised same-site path (`/portal/tickets?x=1#y`) for `value`, or null when `value` is not
 * a path on this site in every reading a browser or server might give it.
 */
export function sameSitePath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LENGTH) return null
  if (!looksLikeLocalPath(value)) return null
  const decoded = fullyDecoded(value)
  if (decoded === null || !looksLikeLocalPath(decoded) || normalised(decoded) === null) return null
  return normalised(value)
}

/** A same-site path or `fallback`: for redirect targets read from a request. */
export function sameSitePathOr(value: unknown, fallback: string): string {
  return sameSitePath(value) ?? fallback
}

/** The same rule as a zod schema, for payloads that carry a redirect target. */
export const sameSitePathSchema = z.string().transform((value, context) => {
  const path = sameSitePath(value)
  if (path === null) {
    context.addIssue({ code: 'custom', message: 'Must be a path on this site, like "/about"' })
    return z.NEVER
  }
  return path
})
