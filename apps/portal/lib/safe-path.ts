/** Where signing in lands when no (usable) `from`/`next` is given (spec §9). */
export const AFTER_SIGN_IN = '/portal/tickets'

/**
 * A redirect target from a query string, kept only if it is a path on this site: '/…' but not
 * '//host' or '/\host' (browsers read both as another origin), and nothing that resolves elsewhere.
 */
export function safePath(value: string | null | undefined, fallback: string = AFTER_SIGN_IN): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(value)) return fallback
  const base = 'http://portal.invalid'
  const url = new URL(value, base)
  if (url.origin !== base) return fallback
  return `${url.pathname}${url.search}${url.hash}`
}
