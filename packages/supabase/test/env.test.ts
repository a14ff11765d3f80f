import { describe, expect, it } from 'vitest'
import { authCookieOptions, LOCAL_ANON_KEY, parsePublicEnv } from '../src/env'

describe('parsePublicEnv', () => {
  it('falls back to the local stack and local apps', () => {
    expect(parsePublicEnv({})).toEqual({
      NEXT_PUBLIC_SUPABASE_URL: 'http://127.0.0.1:54321',
      NEXT_PUBLIC_SUPABASE_ANON_KEY: LOCAL_ANON_KEY,
      NEXT_PUBLIC_SITE_URL: 'http://localhost:3000',
      NEXT_PUBLIC_PORTAL_URL: 'http://localhost:3001',
      AUTH_COOKIE_DOMAIN: undefined,
    })
  })

  it('treats blank values as unset', () => {
    const env = parsePublicEnv({ NEXT_PUBLIC_SUPABASE_URL: '', AUTH_COOKIE_DOMAIN: '  ' })
    expect(env.NEXT_PUBLIC_SUPABASE_URL).toBe('http://127.0.0.1:54321')
    expect(env.AUTH_COOKIE_DOMAIN).toBeUndefined()
  })

  it('keeps configured values', () => {
    const env = parsePublicEnv({
      NEXT_PUBLIC_SUPABASE_URL: 'https://abc.supabase.co',
      NEXT_PUBLIC_SUPABASE_ANON_KEY: 'sb_publishable_0123456789abcdefghij',
      AUTH_COOKIE_DOMAIN: '.siyakha.example',
    })
    expect(env.NEXT_PUBLIC_SUPABASE_URL).toBe('https://abc.supabase.co')
    expect(env.NEXT_PUBLIC_SUPABASE_ANON_KEY).toBe('sb_publishable_0123456789abcdefghij')
    expect(authCookieOptions(env)).toEqual({ domain: '.siyakha.example' })
  })

  it('rejects a malformed URL with a readable message', () => {
    expect(() => parsePublicEnv({ NEXT_PUBLIC_SUPABASE_URL: 'not a url' })).toThrow(
      /NEXT_PUBLIC_SUPABASE_URL/,
    )
  })

  it('sets no cookie domain unless configured', () => {
    expect(authCookieOptions({ AUTH_COOKIE_DOMAIN: undefined })).toBeUndefined()
  })
})
