import { sameSitePath } from '@siyakha/schemas/same-site-path'

/**
 * Pure value checks shared by the schema's validation rules and the seed builder.
 * Each returns `true` or an error message.
 */

/** A site path (`/…`), an in-page anchor (`#…`) or an absolute https URL. */
export const HREF_PATTERN =
  /^(\/[^\s#?]*(\?[^\s#]*)?(#[A-Za-z][\w-]*)?|#[A-Za-z][\w-]*|https:\/\/[^\s/]+\.[^\s]+)$/
/** E.164 phone number: `+27110000000`. */
export const E164_PATTERN = /^\+[1-9]\d{7,14}$/
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
/** A site path for redirects: starts with `/`, no spaces, no query or fragment. */
export const PATH_PATTERN = /^\/[^\s?#]*$/
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
export const ANCHOR_PATTERN = /^[a-z][a-z0-9-]*$/
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/

type Result = true | string

export function checkHref(value: unknown): Result {
  if (value === undefined || value === null || value === '') return true
  // A value starting with '/' must be a same-site path by the rule the site applies (so '//host'
  // or '/\host' cannot pose as one); other sites are written as https:// URLs.
  if (
    typeof value !== 'string' ||
    !HREF_PATTERN.test(value) ||
    (value.startsWith('/') && sameSitePath(value) === null)
  ) {
    return 'Must be a site path ("/about"), an anchor ("#quote-form") or an https:// URL'
  }
  return true
}

/** `link` and rich-text link annotations: exactly one of `href` / `contact`. */
export function checkLinkTarget(value: unknown): Result {
  if (!value || typeof value !== 'object') return true
  const { href, contact } = value as { href?: unknown; contact?: unknown }
  const hasHref = typeof href === 'string' && href !== ''
  const hasContact = typeof contact === 'string' && contact !== ''
  if (hasHref === hasContact) return 'Set exactly one of "href" or "contact"'
  return true
}

export function checkPattern(pattern: RegExp, message: string) {
  return (value: unknown): Result => {
    if (value === undefined || value === null || value === '') return true
    return typeof value === 'string' && pattern.test(value) ? true : message
  }
}

export const checkE164 = checkPattern(E164_PATTERN, 'Must be an E.164 number like +27110000000')
export const checkEmail = checkPattern(EMAIL_PATTERN, 'Must be an email address')
/** Redirect paths: the site ignores a redirect whose target fails the shared same-site rule. */
export function checkPath(value: unknown): Result {
  if (value === undefined || value === null || value === '') return true
  return typeof value === 'string' && PATH_PATTERN.test(value) && sameSitePath(value) !== null
    ? true
    : 'Must be a site path starting with "/"'
}
export const checkAnchor = checkPattern(
  ANCHOR_PATTERN,
  'Lower-case letters, digits and hyphens, starting with a letter',
)
export const checkTime = checkPattern(TIME_PATTERN, 'Must be a 24-hour time like 08:00')
export const checkDate = checkPattern(DATE_PATTERN, 'Must be a date like 2024-05-31')

export function checkSlug(value: unknown): Result {
  if (!value || typeof value !== 'object') return true
  const current = (value as { current?: unknown }).current
  if (current === undefined || current === '') return true
  return typeof current === 'string' && SLUG_PATTERN.test(current)
    ? true
    : 'Lower-case words separated by hyphens ("infrastructure-and-networking")'
}

export function checkHttpsUrl(value: unknown): Result {
  if (value === undefined || value === null || value === '') return true
  if (typeof value !== 'string') return 'Must be a URL'
  try {
    const url = new URL(value)
    return url.protocol === 'https:' ? true : 'Must be an https:// URL'
  } catch {
    return 'Must be an https:// URL'
  }
}

export const checkCurrency = checkPattern(/^[A-Z]{3}$/, 'Must be a 3-letter currency code like "GBP"')
