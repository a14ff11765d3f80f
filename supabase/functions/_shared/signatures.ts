// Webhook and secret checks, written with WebCrypto so they run the same in Deno (the functions)
// and Node (the tests and the local stand-ins that sign what they send). Every comparison of a
// secret or a signature takes the same time whatever the input, so none can be guessed a
// character at a time.

const encoder = new TextEncoder()

/** Equal byte strings, compared in constant time (for the length of the longer one). */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  let diff = a.length ^ b.length
  for (let i = 0; i < Math.max(a.length, b.length); i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0)
  return diff === 0
}

/** Equal strings (a shared secret against the configured one), compared in constant time. */
export function sameSecret(given: string, expected: string): boolean {
  return sameBytes(encoder.encode(given), encoder.encode(expected))
}

export async function hmacSha256(key: Uint8Array | string, data: Uint8Array | string): Promise<Uint8Array> {
  // Copies, so the buffers are plain ArrayBuffers as WebCrypto's types want.
  const cryptoKey = await crypto.subtle.importKey(
    'raw',
    typeof key === 'string' ? encoder.encode(key) : new Uint8Array(key),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  )
  return new Uint8Array(
    await crypto.subtle.sign(
      'HMAC',
      cryptoKey,
      typeof data === 'string' ? encoder.encode(data) : new Uint8Array(data),
    ),
  )
}

export function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

function fromBase64(text: string): Uint8Array | null {
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0))
  } catch {
    return null
  }
}

export const toHex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')

/** How far a signed timestamp may be from now (Svix / Standard Webhooks): 5 minutes. */
export const WEBHOOK_TOLERANCE_SECONDS = 300

/**
 * The `v1,<base64>` signature Svix (Resend's webhooks) sends: HMAC-SHA256 over
 * `${id}.${timestamp}.${body}` with the secret's bytes (base64 after `whsec_`).
 */
export async function svixSignature(
  secret: string,
  id: string,
  timestamp: string,
  body: string,
): Promise<string> {
  const key = fromBase64(secret.replace(/^whsec_/, ''))
  if (!key) throw new Error('The webhook secret is not base64 after whsec_')
  return `v1,${toBase64(await hmacSha256(key, `${id}.${timestamp}.${body}`))}`
}

/**
 * True when the headers carry a genuine, fresh Svix signature of `body`: all three headers are
 * there, the timestamp is within 5 minutes of `nowSeconds`, and one of the space-separated
 * signatures matches (a secret being rotated signs with both keys).
 */
export async function verifySvix(
  secret: string,
  headers: { id: string | null; timestamp: string | null; signature: string | null },
  body: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<boolean> {
  const { id, timestamp, signature } = headers
  if (!id || !timestamp || !signature || !/^\d{1,12}$/.test(timestamp)) return false
  if (Math.abs(nowSeconds - Number(timestamp)) > WEBHOOK_TOLERANCE_SECONDS) return false
  const expected = encoder.encode(await svixSignature(secret, id, timestamp, body))
  let found = false
  for (const candidate of signature.split(' ')) {
    if (sameBytes(encoder.encode(candidate), expected)) found = true
  }
  return found
}
