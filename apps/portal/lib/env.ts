import { publicEnv } from '@siyakha/supabase/env'

/** The portal's public URLs (parsed once in @siyakha/supabase/env), without trailing slashes. */
export const SITE_URL = publicEnv.NEXT_PUBLIC_SITE_URL.replace(/\/$/, '')
export const PORTAL_URL = publicEnv.NEXT_PUBLIC_PORTAL_URL.replace(/\/$/, '')
