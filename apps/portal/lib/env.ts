// The portal's public URLs, parsed once in @siyakha/supabase/env.
export { PORTAL_URL, SITE_URL } from '@siyakha/supabase/env'
