import { stringToBase64URL } from '@supabase/ssr'
import { NextRequest } from 'next/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { updateSession } from '../src/proxy'

const COOKIE = 'sb-127-auth-token'
const requiresSession = (path: string) => path.startsWith('/portal')

/** A session cookie as @supabase/ssr writes it, its access token expiring `inSeconds` from now. */
function sessionCookie(inSeconds: number) {
  const expiresAt = Math.floor(Date.now() / 1000) + inSeconds
  const claims = stringToBase64URL(
    JSON.stringify({ sub: '00000000-0000-4000-8000-000000000001', exp: expiresAt }),
  )
  const session = {
    access_token: `eyJhbGciOiJFUzI1NiIsImtpZCI6ImsxIiwidHlwIjoiSldUIn0.${claims}.c2ln`,
    refresh_token: 'abcdefghijkl',
    token_type: 'bearer',
    expires_in: inSeconds,
    expires_at: expiresAt,
    user: { id: '00000000-0000-4000-8000-000000000001' },
  }
  return `${COOKIE}=base64-${stringToBase64URL(JSON.stringify(session))}`
}

function portalRequest(cookie?: string) {
  return new NextRequest('http://localhost:3001/portal/my-tickets', cookie ? { headers: { cookie } } : {})
}

/** Every request the proxy makes to the auth server; each is refused, as for an ended session. */
function recordAuthCalls() {
  const calls: string[] = []
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    calls.push(String(input instanceof Request ? input.url : input))
    return Response.json(
      { code: 400, error_code: 'refresh_token_not_found', msg: 'Invalid Refresh Token' },
      {
        status: 400,
      },
    )
  })
  return calls
}

afterEach(() => vi.restoreAllMocks())

describe('updateSession', () => {
  it('lets a session with time to run through without asking the auth server', async () => {
    const calls = recordAuthCalls()
    const response = await updateSession(portalRequest(sessionCookie(3600)), { requiresSession })
    expect(response.headers.get('location')).toBeNull()
    expect(response.headers.get('x-middleware-next')).toBe('1')
    expect(response.cookies.getAll()).toEqual([])
    expect(calls).toEqual([])
  })

  it('refreshes a session about to expire (here the refresh is refused: signed out, sent to sign in)', async () => {
    const calls = recordAuthCalls()
    const response = await updateSession(portalRequest(sessionCookie(60)), {
      requiresSession,
      signInPath: '/auth',
    })
    expect(calls.some((url) => url.includes('/auth/v1/token?grant_type=refresh_token'))).toBe(true)
    expect(response.headers.get('location')).toBe('http://localhost:3001/auth?next=%2Fportal%2Fmy-tickets')
    expect(response.cookies.get(COOKIE)?.value).toBe('')
  })

  it('sends a request without a session, or with one it cannot read, to sign in', async () => {
    recordAuthCalls()
    // @supabase/ssr warns that it treats the unreadable cookies as absent, as this test expects.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    for (const cookie of [undefined, `${COOKIE}=base64-not-json`, `${COOKIE}=${'x'.repeat(40)}`]) {
      const response = await updateSession(portalRequest(cookie), { requiresSession, signInPath: '/auth' })
      expect(response.headers.get('location'), cookie).toBe(
        'http://localhost:3001/auth?next=%2Fportal%2Fmy-tickets',
      )
    }
    expect(warn).toHaveBeenCalled()
  })
})
