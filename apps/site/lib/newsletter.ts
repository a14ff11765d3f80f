import 'server-only'
import { z } from 'zod'
import { callFunction } from './functions'

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
  try {
    const { status, body } = await callFunction('newsletter-subscribe', {
      method: 'POST',
      body: { action, token: parsed.data },
    })
    if (status >= 200 && status < 300) return 'done'
    if (status === 400 || status === 404 || status === 409 || status === 410) return 'invalid'
    console.error(`newsletter-subscribe (${action}) answered ${status}`, body)
    return 'error'
  } catch (error) {
    console.error(`newsletter-subscribe (${action}) could not be reached`, error)
    return 'error'
  }
}
