import { isProviderAdminQuery } from '@siyakha/supabase/queries'
import { NextResponse } from 'next/server'
import { verifiedSession } from '@/lib/site-session'

/**
 * Whether this browser holds a live session, for the header's Sign Out and the admin panel on the
 * (static) public pages. The session cookie is HttpOnly, so the page asks here instead of reading
 * it; the answer carries no token. Roles are only looked up for a signed-in visitor.
 */
export async function GET() {
  const session = await verifiedSession()
  const body = session
    ? { signedIn: true, admin: await isProviderAdminQuery(session.supabase) }
    : { signedIn: false, admin: false }
  return NextResponse.json(body, { headers: { 'Cache-Control': 'private, no-store' } })
}
