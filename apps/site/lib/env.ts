import { SITE_URL } from '@siyakha/supabase/env'

// Parsed once, in @siyakha/supabase/env (with the local defaults); server-only settings live in
// server-env.ts.
export { PORTAL_URL, SITE_URL, SUPABASE_URL } from '@siyakha/supabase/env'

export function absoluteUrl(path: string): string {
  return path === '/' ? SITE_URL : `${SITE_URL}${path}`
}
