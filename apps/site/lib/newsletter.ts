import 'server-only'
import { callFunction } from '@siyakha/supabase/functions'
import { z } from 'zod'

export type NewsletterLinkOutcome = 'done' | 'invalid' | 'error'

const token = z.string().trim().min(1).max(200)

/**
 * Follows a confirmation or unsubscribe link: the token goes to the newsletter-subscribe function.
 * A missing, unknown or already used token is 'invalid'; an unreachable or failing service is 'error'.
 */
export async function followNewsletterLink(
  action: 'confirm' | 'unsubscribe',
  raw: string | string[] | undefined,
): Promise<NewsletterLinkOutcome> {
  const parsed = token.safeParse(Array.isArray(raw) ? raw[0] : raw)
  if (!parsed.success) return 'invalid'
  const answer = await callFunction('newsletter-subscribe', { body: { action, token: parsed.data } })
  if (answer.ok) return 'done'
  const { status } = answer.error
  return status === 400 || status === 404 || status === 409 || status === 410 ? 'invalid' : 'error'
}
