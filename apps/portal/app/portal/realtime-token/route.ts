import { NextResponse } from 'next/server'
import { serverSupabase } from '@/lib/session'

/**
 * A token for the browser's Realtime connection (architecture.md: the server hands the browser a
 * short-lived token where it needs a live channel): the signed-in user's current access token,
 * which lives minutes to an hour, with when it runs out. The browser keeps it in memory only and
 * asks again before then; the refresh token never leaves the HttpOnly cookie.
 */
export async function GET(): Promise<NextResponse> {
  const noStore = { 'Cache-Control': 'no-store' }
  const supabase = await serverSupabase()
  // getUser asks Auth, so a revoked session gets no token even if its cookie still parses.
  const { data: user, error } = await supabase.auth.getUser()
  if (error || !user.user)
    return NextResponse.json({ error: 'Not signed in' }, { status: 401, headers: noStore })
  const { data } = await supabase.auth.getSession()
  if (!data.session) return NextResponse.json({ error: 'Not signed in' }, { status: 401, headers: noStore })
  return NextResponse.json(
    { token: data.session.access_token, expiresAt: (data.session.expires_at ?? 0) * 1000 },
    { headers: noStore },
  )
}
