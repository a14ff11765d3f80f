// Sessions: password sign-in, refresh-token rotation, logout and the SSR cookies (src/auth/sign-in.ts, sessions.ts).
import { describe, expect, it } from 'vitest'
import {
  admin,
  type CookieJar,
  client,
  confirmedUser,
  keys,
  serverClient,
  signedIn,
  uniqueEmail,
  urls,
} from './helpers.js'

describe('password sign-in', () => {
  it('unconfirmed → email_not_confirmed, wrong password → invalid_credentials', async () => {
    const email = uniqueEmail('login')
    await client().auth.signUp({ email, password: 'password123' })
    const unconfirmed = await client().auth.signInWithPassword({ email, password: 'password123' })
    expect(unconfirmed.error?.status).toBe(400)
    expect(unconfirmed.error?.code).toBe('email_not_confirmed')
    const wrong = await client().auth.signInWithPassword({ email, password: 'nope-nope' })
    expect(wrong.error?.code).toBe('invalid_credentials')
  })

  it('exposes X-Supabase-Api-Version to browsers so the error code is readable', async () => {
    const res = await fetch(`${urls.auth}/token?grant_type=password`, {
      method: 'POST',
      headers: {
        apikey: keys.anonKey,
        Origin: 'http://127.0.0.1:3000',
        'X-Supabase-Api-Version': '2024-01-01',
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'x' }),
    })
    expect(res.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:3000')
    expect(res.headers.get('access-control-expose-headers')?.toLowerCase()).toContain(
      'x-supabase-api-version',
    )
    expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01')
    const preflight = await fetch(`${urls.rest}/todos`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://x.test', 'Access-Control-Request-Headers': 'apikey, prefer, x-client-info' },
    })
    expect(preflight.headers.get('access-control-allow-headers')).toBe('apikey, prefer, x-client-info')
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PATCH')
  })

  it('uses the legacy error shape without the version header', async () => {
    const res = await fetch(`${urls.auth}/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: keys.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'x' }),
    })
    expect(await res.json()).toEqual({
      code: 400,
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
    })
    expect(res.headers.get('x-sb-error-code')).toBe('invalid_credentials')
  })
})

describe('refresh token rotation', () => {
  it('rotates, tolerates reuse within the window, then detects reuse and revokes', async () => {
    const { session } = await signedIn('refresh')
    const refresh = (token: string) =>
      fetch(`${urls.auth}/token?grant_type=refresh_token`, {
        method: 'POST',
        headers: {
          apikey: keys.anonKey,
          'Content-Type': 'application/json',
          'X-Supabase-Api-Version': '2024-01-01',
        },
        body: JSON.stringify({ refresh_token: token }),
      })
    const first = (await (await refresh(session.refresh_token)).json()) as { refresh_token: string }
    expect(first.refresh_token).toMatch(/^[a-z2-7]{12}$/)
    expect(first.refresh_token).not.toBe(session.refresh_token)
    // The original token is the parent of the active one: the active token comes back.
    const reuse = (await (await refresh(session.refresh_token)).json()) as { refresh_token: string }
    expect(reuse.refresh_token).toBe(first.refresh_token)
    const second = (await (await refresh(first.refresh_token)).json()) as { refresh_token: string }
    expect(second.refresh_token).not.toBe(first.refresh_token)
    await new Promise((resolve) => setTimeout(resolve, 1300))
    const late = await refresh(session.refresh_token)
    expect(late.status).toBe(400)
    expect(await late.json()).toMatchObject({ code: 'refresh_token_already_used' })
    const revoked = await refresh(second.refresh_token)
    expect(revoked.status).toBe(400)
  })

  it('gives refresh_token_not_found after logout, and an empty token the OAuth error', async () => {
    const { supabase, session } = await signedIn('logout-refresh')
    await supabase.auth.signOut()
    const { error } = await client().auth.refreshSession({ refresh_token: session.refresh_token })
    expect(error?.code).toBe('refresh_token_not_found')
    const empty = await fetch(`${urls.auth}/token?grant_type=refresh_token`, {
      method: 'POST',
      headers: { apikey: keys.anonKey, 'Content-Type': 'application/json' },
      body: '{}',
    })
    expect(await empty.json()).toEqual({
      error: 'invalid_request',
      error_description: 'refresh_token required',
    })
  })
})

describe('logout', () => {
  it('GET /user gives 403 session_not_found, but REST accepts the token until exp', async () => {
    const { supabase, session, id } = await signedIn('logout')
    await supabase.auth.signOut()
    const res = await fetch(`${urls.auth}/user`, {
      headers: {
        apikey: keys.anonKey,
        Authorization: `Bearer ${session.access_token}`,
        'X-Supabase-Api-Version': '2024-01-01',
      },
    })
    expect(res.status).toBe(403)
    expect(await res.json()).toMatchObject({ code: 'session_not_found' })
    const rest = await fetch(`${urls.rest}/rpc/whoami`, {
      headers: { apikey: keys.anonKey, Authorization: `Bearer ${session.access_token}` },
    })
    expect(rest.status).toBe(200)
    expect(await rest.json()).toMatchObject({ uid: id, role: 'authenticated' })
  })
})

describe('session cookies (@supabase/ssr)', () => {
  it('chunks a large session into .0/.1 and clears stale chunks when it shrinks; domain option is applied', async () => {
    const user = await admin().auth.admin.createUser({
      email: uniqueEmail('cookie'),
      password: 'password123',
      email_confirm: true,
      user_metadata: { blob: 'x'.repeat(4000) },
    })
    const jar: CookieJar = { cookies: new Map() }
    const supabase = serverClient(jar, { domain: '.example.test', path: '/', sameSite: 'lax' })
    const { error } = await supabase.auth.signInWithPassword({
      email: user.data.user?.email as string,
      password: 'password123',
    })
    expect(error).toBeNull()
    expect(jar.cookies.has('sb-127-auth-token.0')).toBe(true)
    expect(jar.cookies.has('sb-127-auth-token.1')).toBe(true)
    expect(jar.cookies.get('sb-127-auth-token.0')?.options.domain).toBe('.example.test')
    const reader = serverClient(jar, { domain: '.example.test' })
    expect((await reader.auth.getUser()).data.user?.id).toBe(user.data.user?.id)
    // identity_data keeps the signup metadata, so shrinking means a smaller user signing in on the same jar.
    const small = await confirmedUser('password123', 'small-cookie')
    expect(
      (await supabase.auth.signInWithPassword({ email: small.email, password: small.password })).error,
    ).toBeNull()
    expect(jar.cookies.has('sb-127-auth-token')).toBe(true)
    expect(jar.cookies.has('sb-127-auth-token.0')).toBe(false)
    expect(jar.cookies.has('sb-127-auth-token.1')).toBe(false)
  })
})
