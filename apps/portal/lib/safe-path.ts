import { sameSitePathOr } from '@siyakha/schemas/same-site-path'

/** Where signing in lands when no (usable) `from`/`next` is given: /portal sends each user on (portal/page.tsx). */
export const AFTER_SIGN_IN = '/portal'

/**
 * A redirect target from a query string (`from`, `next`), kept only if it is a path on this site
 * by the shared same-site rule; anything else lands on `fallback`.
 */
export function safePath(value: string | null | undefined, fallback: string = AFTER_SIGN_IN): string {
  return sameSitePathOr(value, fallback)
}
