import { checkPreviewRequest } from '@siyakha/content/preview'
import { cookies, draftMode } from 'next/headers'
import { redirect } from 'next/navigation'

/** Next's draft-mode cookie. */
const BYPASS_COOKIE = '__prerender_bypass'

/**
 * Entered from the Studio's Presentation tool: drafts are shown until draft mode is disabled.
 * The Studio frames the site from another site (its own origin), where browsers that block
 * third-party cookies drop Next's draft-mode cookie. In a frame it is set again as a partitioned
 * cookie (CHIPS), kept for frames under that Studio only; a preview link opened in its own tab
 * keeps Next's cookie (Chromium refuses a partitioned one under a plain-HTTP top-level site).
 */
export async function GET(request: Request) {
  const check = await checkPreviewRequest(request.url)
  if (!check.ok) return new Response(check.message, { status: check.status })
  ;(await draftMode()).enable()
  const jar = await cookies()
  const bypass = jar.get(BYPASS_COOKIE)
  if (bypass && request.headers.get('sec-fetch-dest') === 'iframe') {
    jar.set(BYPASS_COOKIE, bypass.value, {
      httpOnly: true,
      path: '/',
      sameSite: 'none',
      secure: true,
      partitioned: true,
    })
  }
  redirect(check.redirectTo)
}
