// The token of a mail's List-Unsubscribe link (messaging-contract.md §2): base64url of
// {"e": email, "c": category, "i": issued} + '.' + base64url(HMAC-SHA256(UNSUBSCRIBE_SECRET, first part)).
// Signed, so a link unsubscribes only the address it was sent to, from the category it named.

import { hmacSha256, sameBytes } from './signatures.ts'

const encoder = new TextEncoder()

function base64url(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

function fromBase64url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null
  const padded = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4)
  try {
    return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0))
  } catch {
    return null
  }
}

export async function unsubscribeToken(secret: string, email: string, category: string): Promise<string> {
  const body = base64url(encoder.encode(JSON.stringify({ e: email, c: category, i: Date.now() })))
  return `${body}.${base64url(await hmacSha256(secret, body))}`
}

/** The address and category of a genuine token; null for anything else. */
export async function readUnsubscribeToken(
  secret: string,
  token: string,
): Promise<{ email: string; category: string } | null> {
  const [body, signature, extra] = token.split('.')
  if (!body || !signature || extra !== undefined || body.length > 2000) return null
  const given = fromBase64url(signature)
  const expected = await hmacSha256(secret, body)
  if (!given || !sameBytes(given, expected)) return null
  const decoded = fromBase64url(body)
  if (!decoded) return null
  try {
    const value = JSON.parse(new TextDecoder().decode(decoded)) as { e?: unknown; c?: unknown }
    return typeof value.e === 'string' && typeof value.c === 'string'
      ? { email: value.e, category: value.c }
      : null
  } catch {
    return null
  }
}
