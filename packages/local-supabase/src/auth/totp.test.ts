import { describe, expect, it } from 'vitest'
import {
  base32Decode,
  base32Encode,
  hotp,
  matchTotp,
  newTotpSecret,
  otpauthUri,
  totpCode,
  totpStep,
} from './totp.js'

// RFC 6238 appendix B and RFC 4226 appendix D use this 20-byte ASCII key for SHA-1.
const RFC_KEY = Buffer.from('12345678901234567890')
const RFC_SECRET = base32Encode(RFC_KEY)

describe('TOTP', () => {
  it('matches the RFC 4226 HOTP vectors', () => {
    const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583']
    expect(expected.map((_, counter) => hotp(RFC_KEY, counter))).toEqual(expected)
  })

  it('matches the RFC 6238 SHA-1 vectors (8 digits, and the 6 an app shows)', () => {
    const vectors: [number, string][] = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1111111111, '14050471'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
      [20000000000, '65353130'],
    ]
    for (const [seconds, code] of vectors) {
      expect(hotp(RFC_KEY, totpStep(seconds * 1000), 8)).toBe(code)
      expect(totpCode(RFC_SECRET, seconds * 1000)).toBe(code.slice(2))
    }
  })

  it('accepts one step of skew either way, nothing further', () => {
    const now = 1_700_000_000_000
    const secret = newTotpSecret()
    const step = totpStep(now)
    expect(matchTotp(secret, totpCode(secret, now), now)).toBe(step)
    expect(matchTotp(secret, ` ${totpCode(secret, now - 30_000)} `, now)).toBe(step - 1)
    expect(matchTotp(secret, totpCode(secret, now + 30_000), now)).toBe(step + 1)
    const far = totpCode(secret, now - 90_000)
    const near = [-1, 0, 1].map((delta) => totpCode(secret, now + delta * 30_000))
    if (!near.includes(far)) expect(matchTotp(secret, far, now)).toBeUndefined()
    expect(matchTotp(secret, '12345', now)).toBeUndefined()
    expect(matchTotp(secret, 'abcdef', now)).toBeUndefined()
  })

  it('makes 32-character base32 secrets that round-trip', () => {
    const secret = newTotpSecret()
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(base32Encode(base32Decode(secret) as Buffer)).toBe(secret)
    expect(base32Decode('not base32!')).toBeUndefined()
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI')
  })

  it('builds the otpauth URI the way pquerna/otp does', () => {
    expect(otpauthUri('127.0.0.1:3000', 'a+b@example.com', 'ABC')).toBe(
      'otpauth://totp/127.0.0.1:3000:a+b@example.com?algorithm=SHA1&digits=6&issuer=127.0.0.1%3A3000&period=30&secret=ABC',
    )
    expect(otpauthUri('My App', 'x@y.z', 'S')).toBe(
      'otpauth://totp/My%20App:x@y.z?algorithm=SHA1&digits=6&issuer=My+App&period=30&secret=S',
    )
  })
})
