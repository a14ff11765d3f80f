import { decodeSignatureHeader, isValidSignature, SIGNATURE_HEADER_NAME } from '@sanity/webhook'
import { type Tag, tagForType } from './tags'

export { SIGNATURE_HEADER_NAME }

export type WebhookResult =
  | { ok: true; tags: Tag[] }
  | { ok: false; status: 400 | 401 | 409 | 429; message: string }

/** How long a signed request stays acceptable, either side of its timestamp (clock skew included). */
export const SIGNATURE_WINDOW_MS = 5 * 60_000
/** Far more deliveries than five minutes of Studio edits produce; beyond it, refuse rather than grow. */
const MAX_REMEMBERED = 10_000

/**
 * Signatures accepted in the last window, so the same signed request cannot be played again.
 * An entry is kept only until its signature's timestamp leaves the window: after that the
 * timestamp check refuses the request anyway.
 */
export class ReplayCache {
  readonly #expiries = new Map<string, number>()

  /** Records `signature` until `expiresAt`: 'seen' for a replay, 'full' when nothing can be evicted. */
  claim(signature: string, expiresAt: number, now: number): 'new' | 'seen' | 'full' {
    const known = this.#expiries.get(signature)
    if (known !== undefined && known >= now) return 'seen'
    if (this.#expiries.size >= MAX_REMEMBERED) {
      for (const [key, expiry] of this.#expiries) if (expiry < now) this.#expiries.delete(key)
      if (this.#expiries.size >= MAX_REMEMBERED) return 'full'
    }
    this.#expiries.set(signature, expiresAt)
    return 'new'
  }
}

/**
 * One cache per server process. Sanity sends each delivery once to one URL; a deployment with
 * several instances would let a captured request be replayed once per instance within the
 * window — the worst it can do is revalidate a cache tag again.
 */
const processReplays = new ReplayCache()

/**
 * Verifies a Sanity webhook (HMAC over the timestamp and raw body, header
 * `sanity-webhook-signature: t=<ms>,v1=<hmac>`), refuses it when the timestamp is more than five
 * minutes away from now or the same signature was accepted before, and turns its `{ _type, slug }`
 * projection into the cache tags to revalidate.
 */
export async function parseRevalidationWebhook(
  rawBody: string,
  signature: string | null,
  secret: string,
  { now = Date.now(), replays = processReplays }: { now?: number; replays?: ReplayCache } = {},
): Promise<WebhookResult> {
  if (!signature) return { ok: false, status: 401, message: 'Missing signature' }
  // The signature is checked first, so unsigned traffic can never fill the replay cache.
  if (!rawBody || !(await isValidSignature(rawBody, signature, secret))) {
    return { ok: false, status: 401, message: 'Invalid signature' }
  }
  const { timestamp } = decodeSignatureHeader(signature)
  if (Math.abs(now - timestamp) > SIGNATURE_WINDOW_MS) {
    return { ok: false, status: 401, message: 'Signature expired' }
  }
  const claim = replays.claim(signature.trim(), timestamp + SIGNATURE_WINDOW_MS, now)
  if (claim === 'seen') return { ok: false, status: 409, message: 'Signature already used' }
  if (claim === 'full') return { ok: false, status: 429, message: 'Too many webhook deliveries' }

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
