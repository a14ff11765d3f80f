import { describe, expect, it } from 'vitest'
import { authCookieName, hasAuthCookie } from './auth-cookie'

describe('auth cookie detection', () => {
  it('derives the name as @supabase/ssr does', () => {
    expect(authCookieName('http://127.0.0.1:54321')).toBe('sb-127-auth-token')
    expect(authCookieName('https://abcd.supabase.co')).toBe('sb-abcd-auth-token')
  })

  it('finds a whole or chunked session cookie and nothing else', () => {
    const url = 'http://127.0.0.1:54321'
    expect(hasAuthCookie(url, 'a=1; sb-127-auth-token=base64-eyJ')).toBe(true)
    expect(hasAuthCookie(url, 'sb-127-auth-token.0=base64-eyJ; sb-127-auth-token.1=x')).toBe(true)
    expect(hasAuthCookie(url, 'sb-127-auth-token-code-verifier=abc')).toBe(false)
    expect(hasAuthCookie(url, 'sb-127-auth-token=')).toBe(false)
    expect(hasAuthCookie(url, 'sb-localhost-auth-token=x')).toBe(false)
    expect(hasAuthCookie(url, '')).toBe(false)
  })
})
