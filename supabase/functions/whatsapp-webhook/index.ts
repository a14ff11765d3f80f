// Meta's WhatsApp webhook (issue 12, part 7; ../shared/docs/messaging-contract.md §6). GET is the
// verification handshake: the challenge comes back only with the configured verify token (403
// otherwise). POST carries messages and delivery statuses, accepted only with a valid
// X-Hub-Signature-256 over the raw body (401 otherwise), checked before anything is parsed.
// Inbound messages land on their ticket (public.receive_whatsapp), statuses move the delivery
// state of ours (public.whatsapp_status); both ignore re-deliveries. A database error answers 500,
// so Meta delivers again. verify_jwt off: Meta calls it, and the signature is the check.
import { setting } from '../_shared/config.ts'
import { HttpError, json, readBody, serve } from '../_shared/http.ts'
import { hmacSha256, sameBytes, sameSecret, toHex } from '../_shared/signatures.ts'
import { serviceClient } from '../_shared/supabase.ts'

const encoder = new TextEncoder()

/**
 * Meta signs the body with every non-ASCII character written as \uXXXX (lower-case hex, UTF-16
 * units); a body sent as raw UTF-8 is checked both as it is and in that escaped form.
 */
async function signedByMeta(raw: Uint8Array, header: string | null): Promise<boolean> {
  const given = /^sha256=([0-9a-f]{64})$/i.exec(header ?? '')?.[1]?.toLowerCase()
  if (!given) return false
  const secret = setting('WHATSAPP_APP_SECRET')
  const expected = encoder.encode(toHex(await hmacSha256(secret, raw)))
  if (sameBytes(encoder.encode(given), expected)) return true
  const text = new TextDecoder().decode(raw)
  const escaped = text.replace(
    /[\u0080-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
  if (escaped === text) return false
  return sameBytes(encoder.encode(given), encoder.encode(toHex(await hmacSha256(secret, escaped))))
}

type Json = Record<string, unknown>
const obj = (value: unknown): Json =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {}
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])
/**
 * A string as the database can store it: lone surrogates become U+FFFD and NUL characters go
 * (PostgreSQL text takes neither); anything else, or an empty string, is null. Cut before the
 * surrogates are mended: a cut through an emoji leaves half of it, which jsonb refuses.
 */
const str = (value: unknown, max = 4096): string | null =>
  typeof value === 'string' && value !== ''
    ? value.replaceAll('\u0000', '').slice(0, max).toWellFormed() || null
    : null
/** JSON for a jsonb column: strings cleaned as above, at most 4 levels and 50 keys deep. */
function plain(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return str(value) ?? ''
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return value
  if (depth >= 4 || typeof value !== 'object') return null
  if (Array.isArray(value)) return value.slice(0, 50).map((item) => plain(item, depth + 1))
  return Object.fromEntries(
    Object.entries(value)
      .slice(0, 50)
      .map(([key, item]) => [str(key, 100) ?? '_', plain(item, depth + 1)]),
  )
}
const STATUSES = new Set(['sent', 'delivered', 'read', 'played', 'failed'])
/** Unix seconds, as Meta writes them; anything else is left out (the database takes now). */
const unixSeconds = (value: unknown) => (typeof value === 'string' && /^\d{1,11}$/.test(value) ? value : null)

/** A message as one line of text for the timeline; media fields go to metadata. */
function describe(message: Json): { body: string | null; media?: Json } {
  const type = str(message.type)
  const part = obj(type ? message[type] : undefined)
  switch (type) {
    case 'text':
      return { body: str(part.body) }
    case 'image':
    case 'video':
    case 'sticker':
      return { body: str(part.caption) ?? `[${type}]`, media: { type, ...part } }
    case 'audio':
      return { body: part.voice ? '[voice note]' : '[audio]', media: { type, ...part } }
    case 'document':
      return {
        body: str(part.caption) ?? `[document: ${str(part.filename) ?? 'file'}]`,
        media: { type, ...part },
      }
    case 'button':
      return { body: str(part.text) }
    case 'interactive': {
      const reply = obj(part.button_reply ?? part.list_reply)
      return { body: str(reply.title) }
    }
    case 'location':
      return {
        body: `[location: ${[str(part.name), str(part.address), `${typeof part.latitude === 'number' ? part.latitude : '?'}, ${typeof part.longitude === 'number' ? part.longitude : '?'}`].filter(Boolean).join(', ')}]`,
      }
    case 'contacts':
      return {
        body: `[contact: ${list(message.contacts)
          .map((c) => str(obj(obj(c).name).formatted_name))
          .filter(Boolean)
          .join(', ')}]`,
      }
    case 'reaction':
    case 'system':
      return { body: null }
    default:
      return { body: '[unsupported message type]' }
  }
}

const REF = /\bRef:\s*(TCK-[A-Z0-9]{6})\b/i
const BARE_REF = /\bTCK-[A-Z0-9]{6}\b/i

serve({
  async GET(req) {
    const params = new URL(req.url).searchParams
    const mode = params.get('hub.mode')
    const token = params.get('hub.verify_token')
    const challenge = params.get('hub.challenge')
    if (!mode || token === null || challenge === null) {
      throw new HttpError(400, {
        error: 'bad_request',
        message: 'hub.mode, hub.verify_token and hub.challenge are required',
      })
    }
    if (mode !== 'subscribe' || !sameSecret(token, setting('WHATSAPP_VERIFY_TOKEN'))) {
      throw new HttpError(403, { error: 'forbidden', message: 'The verify token does not match.' })
    }
    return new Response(challenge, { status: 200, headers: { 'Content-Type': 'text/plain' } })
  },
  async POST(req) {
    const raw = await readBody(req)
    if (!(await signedByMeta(raw, req.headers.get('x-hub-signature-256')))) {
      throw new HttpError(401, { error: 'invalid_signature', message: 'The webhook signature is not valid.' })
    }
    let payload: Json
    try {
      payload = obj(JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(raw)))
    } catch {
      throw new HttpError(400, { error: 'invalid_json', message: 'The request body must be JSON' })
    }
    if (payload.object !== 'whatsapp_business_account') return json(req, 200, { ignored: true })
    const ours = setting('WHATSAPP_PHONE_NUMBER_ID')
    const service = serviceClient()
    const outcomes: string[] = []
    // Meta may batch: every entry, every change.
    for (const entry of list(payload.entry)) {
      for (const change of list(obj(entry).changes)) {
        const { field, value } = obj(change)
        const v = obj(value)
        if (field !== 'messages' || obj(v.metadata).phone_number_id !== ours) continue
        const profiles = new Map(
          list(v.contacts).map((c) => [
            str(obj(c).wa_id) ?? str(obj(c).user_id),
            str(obj(obj(c).profile).name),
          ]),
        )
        for (const item of list(v.messages)) {
          const message = obj(item)
          const wamid = str(message.id, 500)
          if (!wamid || message.group_id) continue
          const { body, media } = describe(message)
          if (body === null) {
            outcomes.push('skipped')
            continue
          }
          // Numbers are digits (E.164 without the +); a user known only by username has none.
          const from = /^\d{6,15}$/.test(String(str(message.from) ?? '')) ? (message.from as string) : null
          const userId = str(message.from_user_id, 200)
          const ref = (REF.exec(body)?.[1] ?? BARE_REF.exec(body)?.[0])?.toUpperCase() ?? null
          const { data, error } = await service.rpc('receive_whatsapp', {
            p: {
              wamid,
              from: from ? `+${from}` : null,
              user_id: userId,
              profile_name: str(profiles.get(from) ?? profiles.get(userId), 200),
              timestamp: unixSeconds(message.timestamp),
              body,
              context_id: str(obj(message.context).id),
              ref,
              media: media ? plain(media) : null,
            },
          })
          if (error) throw new Error(`receive_whatsapp: ${error.message}`)
          outcomes.push(String(obj(data).outcome))
        }
        for (const item of list(v.statuses)) {
          const status = obj(item)
          const wamid = str(status.id, 500)
          const value = str(status.status)
          if (!wamid || !value || !STATUSES.has(value)) continue
          const { data, error } = await service.rpc('whatsapp_status', {
            p: {
              wamid,
              status: value,
              timestamp: unixSeconds(status.timestamp),
              callback: str(status.biz_opaque_callback_data, 512),
              ...(Array.isArray(status.errors) ? { errors: plain(status.errors) } : {}),
              ...(status.pricing ? { pricing: plain(status.pricing) } : {}),
            },
          })
          if (error) throw new Error(`whatsapp_status: ${error.message}`)
          outcomes.push(String(data))
        }
      }
    }
    return json(req, 200, { outcomes })
  },
})
