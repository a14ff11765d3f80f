// Public: newsletter sign-up with double opt-in, plus the confirm and unsubscribe links.
//   POST { email }                          → { ok: true } (the same answer whatever the address's state)
//   POST { action: 'confirm', token }       → { status: 'confirmed' } or 404
//   POST { action: 'unsubscribe', token }   → { status: 'unsubscribed' } or 404
import { newsletterSubscribeSchema, newsletterTokenSchema } from '@siyakha/schemas/newsletter'
import type { SupabaseClient } from '@supabase/supabase-js'
import { isBot } from '../_shared/honeypot.ts'
import { clientIp, HttpError, json, readJson, serve, sha256, validationError } from '../_shared/http.ts'
import { sendMail, siteUrl } from '../_shared/mail.ts'
import { enforceRateLimit, mayMail, serviceClient } from '../_shared/supabase.ts'

interface Subscriber {
  id: string
  email: string
  status: 'pending' | 'confirmed' | 'unsubscribed'
  confirm_token: string
  unsubscribe_token: string
}

const COLUMNS = 'id, email, status, confirm_token, unsubscribe_token'
const notFound = () =>
  new HttpError(404, { error: 'not_found', message: 'This link is unknown or has expired.' })

async function subscriber(service: SupabaseClient, email: string): Promise<Subscriber> {
  const { data: found, error } = await service
    .from('newsletter_subscribers')
    .select(COLUMNS)
    .eq('email', email)
    .maybeSingle()
  if (error) throw new Error(`find subscriber: ${error.message}`)
  if (found?.status === 'unsubscribed') {
    // Signing up again after leaving: back to pending, with a fresh confirmation token.
    const { data, error: updateError } = await service
      .from('newsletter_subscribers')
      .update({ status: 'pending', unsubscribed_at: null, confirm_token: crypto.randomUUID() })
      .eq('id', found.id)
      .select(COLUMNS)
      .single()
    if (updateError) throw new Error(`resubscribe: ${updateError.message}`)
    return data as Subscriber
  }
  if (found) return found as Subscriber
  const { data, error: insertError } = await service
    .from('newsletter_subscribers')
    .insert({ email })
    .select(COLUMNS)
    .single()
  if (insertError?.code === '23505') return subscriber(service, email)
  if (insertError) throw new Error(`subscribe: ${insertError.message}`)
  return data as Subscriber
}

async function subscribe(req: Request, service: SupabaseClient, body: Record<string, unknown>) {
  const parsed = newsletterSubscribeSchema.safeParse(body)
  if (!parsed.success) throw validationError(parsed.error.issues)
  const entry = await subscriber(service, parsed.data.email)
  // The confirmation has its own per-recipient bucket: signing an address up again and again
  // must not turn this form into a way to flood someone's inbox.
  if (entry.status === 'pending' && (await mayMail(service, 'newsletter-confirmation', entry.email))) {
    await sendMail({
      to: entry.email,
      subject: 'Please confirm your Siyakha Tech newsletter subscription',
      text: [
        'Hello,',
        '',
        'Someone, hopefully you, asked to receive the Siyakha Tech newsletter at this address.',
        'Please confirm by opening this link:',
        `${siteUrl()}/newsletter/confirm?token=${entry.confirm_token}`,
        '',
        "If it wasn't you, ignore this email and you won't hear from us again.",
        `Changed your mind later? Unsubscribe here: ${siteUrl()}/newsletter/unsubscribe?token=${entry.unsubscribe_token}`,
        '',
        'Siyakha Tech',
      ].join('\n'),
    })
  }
  // The same answer for new, pending and confirmed addresses, so nobody can probe the list.
  return json(req, 200, { ok: true })
}

async function useToken(req: Request, service: SupabaseClient, body: Record<string, unknown>) {
  const parsed = newsletterTokenSchema.safeParse(body)
  if (!parsed.success) {
    if (parsed.error.issues.some((i) => i.path[0] === 'token')) throw notFound()
    throw validationError(parsed.error.issues)
  }
  const { action, token } = parsed.data
  const now = new Date().toISOString()
  const query =
    action === 'confirm'
      ? service
          .from('newsletter_subscribers')
          .update({ status: 'confirmed', confirmed_at: now })
          .eq('confirm_token', token)
          .in('status', ['pending', 'confirmed'])
      : service
          .from('newsletter_subscribers')
          .update({ status: 'unsubscribed', unsubscribed_at: now })
          .eq('unsubscribe_token', token)
  const { data, error } = await query.select('status').maybeSingle()
  if (error) throw new Error(`${action}: ${error.message}`)
  if (!data) throw notFound()
  return json(req, 200, { status: data.status })
}

serve({
  async POST(req) {
    const service = serviceClient()
    const body = await readJson(req)
    const ip = await sha256(clientIp(req))
    if ('action' in body) {
      await enforceRateLimit(service, 'newsletter-token', ip, 600, 30)
      return useToken(req, service, body)
    }
    await enforceRateLimit(service, 'newsletter-subscribe', ip, 600, 5)
    if (isBot(body)) return json(req, 200, { ok: true })
    return subscribe(req, service, body)
  },
})
