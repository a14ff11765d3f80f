// RFC 6238 time-based one-time codes, as an authenticator app computes them from the key Supabase
// Auth hands out on enrolment (base32, HMAC-SHA1, 30-second steps, 6 digits). The tests play the
// app; nothing of the product's own code is used, so a wrong implementation on either side shows.
import { createHmac } from 'node:crypto'

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

function base32(secret: string): Buffer {
  const bytes: number[] = []
  let buffer = 0
  let bits = 0
  for (const char of secret.replace(/[\s=]/g, '').toUpperCase()) {
    const value = ALPHABET.indexOf(char)
    if (value < 0) throw new Error(`Not a base32 key: ${secret}`)
    buffer = (buffer << 5) | value
    bits += 5
    if (bits >= 8) {
      bytes.push((buffer >>> (bits - 8)) & 0xff)
      bits -= 8
    }
  }
  return Buffer.from(bytes)
}

/** The code for `at` (ms since the epoch); `stepOffset` moves a whole 30-second step. */
export function totp(secret: string, at = Date.now(), stepOffset = 0): string {
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30) + stepOffset))
  const mac = createHmac('sha1', base32(secret)).update(counter).digest()
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f
  const value = mac.readUInt32BE(offset) & 0x7fffffff
  return String(value % 1_000_000).padStart(6, '0')
}
