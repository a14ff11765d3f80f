/*
 * TOTP as GoTrue runs it (pquerna/otp): RFC 6238 over HMAC-SHA1, 6 digits, 30 s steps, one step of
 * skew either way, and RFC 4648 base32 secrets without padding. No I/O here.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

export const TOTP_PERIOD_SECONDS = 30
export const TOTP_DIGITS = 6
/** GoTrue validates with `Skew: 1`: the previous and the next step are accepted too. */
export const TOTP_SKEW_STEPS = 1
/** pquerna/otp's default secret size, which GoTrue keeps. */
const SECRET_BYTES = 20

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

export function base32Encode(bytes: Uint8Array): string {
  let out = ''
  let buffer = 0
  let bits = 0
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte
    bits += 8
    while (bits >= 5) {
      out += ALPHABET[(buffer >>> (bits - 5)) & 31]
      bits -= 5
    }
    buffer &= (1 << bits) - 1
  }
  if (bits > 0) out += ALPHABET[(buffer << (5 - bits)) & 31]
  return out
}

/** Lenient like authenticator apps: case, spaces and `=` padding are ignored; undefined if invalid. */
export function base32Decode(text: string): Buffer | undefined {
  const clean = text.replace(/[\s=]/g, '').toUpperCase()
  const out: number[] = []
  let buffer = 0
  let bits = 0
  for (const char of clean) {
    const value = ALPHABET.indexOf(char)
    if (value < 0) return undefined
    buffer = (buffer << 5) | value
    bits += 5
    if (bits >= 8) {
      out.push((buffer >>> (bits - 8)) & 255)
      bits -= 8
    }
    buffer &= (1 << bits) - 1
  }
  return Buffer.from(out)
}

export function newTotpSecret(): string {
  return base32Encode(randomBytes(SECRET_BYTES))
}

/** RFC 4226 HOTP with dynamic truncation. */
export function hotp(key: Uint8Array, counter: number, digits = TOTP_DIGITS): string {
  const message = Buffer.alloc(8)
  message.writeBigUInt64BE(BigInt(counter))
  const mac = createHmac('sha1', key).update(message).digest()
  const offset = (mac[mac.length - 1] as number) & 0x0f
  const binary = mac.readUInt32BE(offset) & 0x7fffffff
  return String(binary % 10 ** digits).padStart(digits, '0')
}

export function totpStep(nowMs: number): number {
  return Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS)
}

/** The code an authenticator app shows for `secret` (base32) at `nowMs`. */
export function totpCode(secret: string, nowMs = Date.now()): string {
  const key = base32Decode(secret)
  if (!key) throw new Error('TOTP secret is not base32')
  return hotp(key, totpStep(nowMs))
}

/**
 * The time step `code` is valid for, within the skew window, or undefined. The step (not just a
 * yes/no) lets the caller refuse a code that was already spent. pquerna trims the code first.
 */
export function matchTotp(secret: string, code: string, nowMs = Date.now()): number | undefined {
  const key = base32Decode(secret)
  const given = Buffer.from(code.trim())
  if (!key || given.length !== TOTP_DIGITS) return undefined
  const current = totpStep(nowMs)
  let matched: number | undefined
  for (let step = current - TOTP_SKEW_STEPS; step <= current + TOTP_SKEW_STEPS; step++) {
    // Every window is compared, in constant time, so timing says nothing about which one matched.
    if (timingSafeEqual(Buffer.from(hotp(key, step)), given) && matched === undefined) matched = step
  }
  return matched
}

/** Go's url.PathEscape set minus the characters url.URL keeps literal in a path. */
function goPathEscape(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%(24|26|2B|2C|2F|3A|3B|3D|40)/g, (_, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    )
}

/** Go's url.QueryEscape: space is `+`, only unreserved characters stay literal. */
function goQueryEscape(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+')
}

/** pquerna/otp's `key.URL()`: query keys sorted, as Go's url.Values encodes them. */
export function otpauthUri(issuer: string, account: string, secret: string): string {
  const query = [
    ['algorithm', 'SHA1'],
    ['digits', String(TOTP_DIGITS)],
    ['issuer', issuer],
    ['period', String(TOTP_PERIOD_SECONDS)],
    ['secret', secret],
  ]
    .map(([key, value]) => `${key}=${goQueryEscape(value as string)}`)
    .join('&')
  return `otpauth://totp/${goPathEscape(`${issuer}:${account}`)}?${query}`
}
