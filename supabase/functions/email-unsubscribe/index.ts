// One-click unsubscribe (RFC 8058) from a ticket email's List-Unsubscribe header: a POST with the
// signed token in ?t= turns that category off for that address. A GET never unsubscribes (mail
// scanners fetch links): it sends the person to the portal's settings page instead. verify_jwt off:
// mail clients call it without a session; the token's signature is the check.
import { setting } from '../_shared/config.ts'
import { HttpError, json, readBody, serve } from '../_shared/http.ts'
import { portalUrl } from '../_shared/mail.ts'
import { serviceClient } from '../_shared/supabase.ts'
import { readUnsubscribeToken } from '../_shared/unsubscribe-token.ts'

serve({
  async GET() {
    return new Response(null, { status: 303, headers: { Location: `${portalUrl()}/portal/notifications` } })
  },
  async POST(req) {
    // The body is 'List-Unsubscribe=One-Click'; what it says changes nothing, but it is read (and
    // its size limited) like every other body.
    await readBody(req)
    const token = new URL(req.url).searchParams.get('t') ?? ''
    const target = await readUnsubscribeToken(setting('UNSUBSCRIBE_SECRET'), token)
    if (!target)
      throw new HttpError(400, { error: 'invalid_token', message: 'This unsubscribe link is not valid.' })
    const { error } = await serviceClient().rpc('unsubscribe_email', {
      p_email: target.email,
      p_category: target.category,
    })
    if (error?.code === '22023')
      throw new HttpError(400, { error: 'invalid_token', message: 'This unsubscribe link is not valid.' })
    if (error) throw new Error(`unsubscribe_email: ${error.message}`)
    return json(req, 200, { unsubscribed: true, category: target.category })
  },
})
