import { seeOther } from '@/lib/see-other'
import { serverSupabase } from '@/lib/session'

/** Sign Out (a POST form, so links and prefetches cannot sign anyone out); then the auth screen. */
export async function POST() {
  const supabase = await serverSupabase()
  // 'local' ends this browser's session; the auth server treats 401/403/404 as already signed out.
  const { error } = await supabase.auth.signOut({ scope: 'local' })
  if (error) console.error('Sign out failed', error.message)
  return seeOther('/auth')
}

/** A plain visit changes nothing: it goes to the auth screen, which sends signed-in users on. */
export function GET() {
  return seeOther('/auth')
}
