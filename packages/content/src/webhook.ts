import { isValidSignature, SIGNATURE_HEADER_NAME } from '@sanity/webhook'
import { type Tag, tagForType } from './tags'

export { SIGNATURE_HEADER_NAME }

export type WebhookResult = { ok: true; tags: Tag[] } | { ok: false; status: 400 | 401; message: string }

/**
 * Verifies a Sanity webhook (HMAC over the raw body, header `sanity-webhook-signature`) and
 * turns its `{ _type, slug }` projection into the cache tags to revalidate.
 */
export async function parseRevalidationWebhook(
  rawBody: string,
  signature: string | null,
  secret: string,
): Promise<WebhookResult> {
  if (!signature) return { ok: false, status: 401, message: 'Missing signature' }
  if (!(await isValidSignature(rawBody, signature, secret))) {
    return { ok: false, status: 401, message: 'Invalid signature' }
  }
  let body: unknown
  try {
    body = JSON.parse(rawBody)
  } catch {
    return { ok: false, status: 400, message: 'Body is not JSON' }
  }
  const type = typeof body === 'object' && body !== null && '_type' in body ? body._type : null
  const tag = typeof type === 'string' ? tagForType(type) : null
  if (!tag) return { ok: false, status: 400, message: 'Unknown or missing _type' }
  return { ok: true, tags: [tag] }
}
