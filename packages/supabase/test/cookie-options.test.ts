import { describe, expect, it } from 'vitest'
import {
  DEFAULT_SESSION_MAX_AGE,
  hardenCookieOptions,
  isLocalOrigin,
  parseSessionMaxAge,
  sessionCookieOptions,
} from '../src/cookie-options'

const FOUR_HUNDRED_DAYS = 400 * 24 * 60 * 60

describe('session cookie options', () => {
  it('are HttpOnly and SameSite=Lax, and not Secure on a local origin', () => {
    for (const origin of ['http://localhost:3001', 'http://127.0.0.1:3000', 'http://[::1]:3001']) {
      expect(sessionCookieOptions({ origin })).toEqual({
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: false,
        maxAge: DEFAULT_SESSION_MAX_AGE,
      })
    }
  })

  it('are Secure on every other origin, with the shared domain when one is set', () => {
    expect(
      sessionCookieOptions({ origin: 'https://portal.siyakha.example', domain: '.siyakha.example' }),
    ).toEqual({
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: true,
      maxAge: DEFAULT_SESSION_MAX_AGE,
      domain: '.siyakha.example',
    })
    expect(sessionCookieOptions({ origin: 'http://192.168.1.20:3001' }).secure).toBe(true)
    expect(isLocalOrigin('https://localhost.siyakha.example')).toBe(false)
  })

  it('override what @supabase/ssr asks for: a script-readable cookie for 400 days', () => {
    const asked = { path: '/', sameSite: 'lax' as const, httpOnly: false, maxAge: FOUR_HUNDRED_DAYS }
    const hardened = hardenCookieOptions(asked, { origin: 'https://portal.siyakha.example', maxAge: 86_400 })
    expect(hardened).toMatchObject({ httpOnly: true, sameSite: 'lax', secure: true, maxAge: 86_400 })
  })

  it('never make a cookie live longer than the session, and keep a removal a removal', () => {
    const settings = { origin: 'http://localhost:3001', maxAge: 3_600 }
    expect(hardenCookieOptions({ maxAge: 60 }, settings).maxAge).toBe(60)
    expect(hardenCookieOptions({ maxAge: 0 }, settings).maxAge).toBe(0)
    expect(hardenCookieOptions(undefined, settings).maxAge).toBe(3_600)
    expect(hardenCookieOptions({ maxAge: 0, httpOnly: false }, settings).httpOnly).toBe(true)
  })

  it('read AUTH_SESSION_MAX_AGE, with a default and bounds', () => {
    expect(parseSessionMaxAge(undefined)).toBe(DEFAULT_SESSION_MAX_AGE)
    expect(parseSessionMaxAge(' ')).toBe(DEFAULT_SESSION_MAX_AGE)
    expect(parseSessionMaxAge('86400')).toBe(86_400)
    expect(() => parseSessionMaxAge('forever')).toThrow(/AUTH_SESSION_MAX_AGE/)
    expect(() => parseSessionMaxAge(String(FOUR_HUNDRED_DAYS + 1))).toThrow(/AUTH_SESSION_MAX_AGE/)
  })
})
