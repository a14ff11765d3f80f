import { NextResponse } from 'next/server'
import { currentUser } from '@/lib/session'

/**
 * Whether this browser still holds a live session: a yes/no for the portal's route guard (the
 * session cookie is HttpOnly, so the page cannot look itself). Never a token.
 */
export async function GET() {
  const user = await currentUser()
  return NextResponse.json({ signedIn: !!user }, { headers: { 'Cache-Control': 'private, no-store' } })
}
