// Reply addresses (../shared/docs/messaging-contract.md §2, §3.4): each recipient of a ticket's mail
// gets a Reply-To of their own, `reply+{ref}.{recipient}.{sig}@{domain}`. The signature binds the
// ticket AND the recipient, so the address in one person's mail proves nothing about anyone else:
// a customer's address cannot write as staff, nor one customer's as another's. The recipient part
// is a keyed hash of the address the mail went to, so a reply's From can be checked against it
// without a lookup, and nothing in the token reveals the address.
//
// The first form, `reply+{ref}.{sig}@` (the ticket only), is still read: it finds the ticket, but
// proves nobody's identity, since every recipient of the ticket's mail had the same one.
import { hmacSha256, sameSecret } from './signatures.ts'

/** RFC 4648 base32, lower case, unpadded. */
function base32(bytes: Uint8Array): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567'
  let bits = 0
  let value = 0
  let out = ''
  for (const byte of bytes) {
    value = (value << 8) | byte
    bits += 8
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31]
      bits -= 5
    }
  }
  if (bits > 0) out += alphabet[(value << (5 - bits)) & 31]
  return out
}

/** The first form's signature: the first 10 base32 characters of HMAC-SHA256(secret, ticket id). */
export async function ticketTokenSignature(ticketId: string, secret: string): Promise<string> {
  return base32(await hmacSha256(secret, ticketId)).slice(0, 10)
}

/** Who a token was issued to: 8 base32 characters of HMAC-SHA256(secret, `recipient:` + address). */
export async function recipientId(address: string, secret: string): Promise<string> {
  return base32(await hmacSha256(secret, `recipient:${address.trim().toLowerCase()}`)).slice(0, 8)
}

/** The signature over ticket and recipient: 10 base32 characters of HMAC(secret, `{ticket}:{recipient}`). */
export async function recipientTokenSignature(
  ticketId: string,
  recipient: string,
  secret: string,
): Promise<string> {
  return base32(await hmacSha256(secret, `${ticketId}:${recipient}`)).slice(0, 10)
}

/** `reply+tck-7q4m2a.{recipient}.{sig}@{domain}`: the reply address in the mail to `address` only. */
export async function replyAddressFor(
  ticket: { id: string; trackingRef: string },
  address: string,
  settings: { replyDomain: string; replyTokenSecret: string },
): Promise<string> {
  const recipient = await recipientId(address, settings.replyTokenSecret)
  const sig = await recipientTokenSignature(ticket.id, recipient, settings.replyTokenSecret)
  return `reply+${ticket.trackingRef.toLowerCase()}.${recipient}.${sig}@${settings.replyDomain}`
}

/** A reply address as read off a received mail, its signature not yet checked. */
export interface ReplyToken {
  /** `TCK-7Q4M2A` */
  ref: string
  /** The recipient part (new form), or null (first form: the ticket only). */
  recipient: string | null
  sig: string
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The reply addresses among `addresses` (bare, lower-cased), either form. */
export function readReplyTokens(addresses: readonly string[], replyDomain: string): ReplyToken[] {
  const pattern = new RegExp(
    `^reply\\+(tck-[a-z0-9]{6})\\.(?:([a-z2-7]{8})\\.)?([a-z2-7]{10})@${escapeRegExp(replyDomain)}$`,
    'i',
  )
  const tokens: ReplyToken[] = []
  for (const address of addresses) {
    // Local parts are at most 64 characters: anything longer is no address of ours.
    if (address.length > 320) continue
    const match = pattern.exec(address)
    if (!match) continue
    tokens.push({
      ref: (match[1] as string).toUpperCase(),
      recipient: match[2] ? match[2].toLowerCase() : null,
      sig: (match[3] as string).toLowerCase(),
    })
  }
  return tokens
}

/**
 * What a token proves about a mail from `sender` for the ticket `ticketId`: nothing (a forged or
 * foreign signature), the ticket only (first form, or a genuine token used by someone it was not
 * sent to), or the ticket and that the sender is the person it was sent to.
 */
export async function checkReplyToken(
  token: ReplyToken,
  ticketId: string,
  sender: string,
  secret: string,
): Promise<'invalid' | 'ticket' | 'recipient'> {
  if (token.recipient === null) {
    return sameSecret(token.sig, await ticketTokenSignature(ticketId, secret)) ? 'ticket' : 'invalid'
  }
  if (!sameSecret(token.sig, await recipientTokenSignature(ticketId, token.recipient, secret)))
    return 'invalid'
  return sameSecret(token.recipient, await recipientId(sender, secret)) ? 'recipient' : 'ticket'
}
