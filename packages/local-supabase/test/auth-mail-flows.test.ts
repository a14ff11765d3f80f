// Sign-up, recovery and magic-link mails and the links they carry (src/auth/mail-flows.ts, mail.ts, verify.ts).
import { describe, expect, it } from 'vitest'
import {
  type CookieJar,
  client,
  keys,
  latestMail,
  linkFrom,
  serverClient,
  signedIn,
  sql,
  uniqueEmail,
  urls,
} from './helpers.js'

const REDIRECT = 'http://127.0.0.1:3000/auth/callback'

describe('PKCE sign-up', () => {
  it('mails a pkce_ link that redirects with ?code=, exchanges once into the sb-127-auth-token cookie', async () => {
    const jar: CookieJar = { cookies: new Map() }
    const supabase = serverClient(jar)
    const email = uniqueEmail('pkce')
    const { data, error } = await supabase.auth.signUp({
      email,
      password: 'password123',
      options: { emailRedirectTo: REDIRECT },
    })
    expect(error).toBeNull()
    expect(data.session).toBeNull()
    expect(data.user?.identities).toHaveLength(1)
    expect(data.user?.confirmation_sent_at).toBeTruthy()

    const mail = await latestMail(email)
    expect(mail.Subject).toContain('Siyakha Tech')
    const link = linkFrom(mail)
    expect(link.searchParams.get('token')).toMatch(/^pkce_[0-9a-f]{56}$/)
    expect(link.searchParams.get('type')).toBe('signup')
    expect(link.searchParams.get('redirect_to')).toBe(REDIRECT)

    const res = await fetch(link, { redirect: 'manual' })
    expect(res.status).toBe(303)
    const location = new URL(res.headers.get('location') as string)
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT)
    const code = location.searchParams.get('code') as string
    expect(code).toMatch(/^[0-9a-f-]{36}$/)

    const exchanged = await supabase.auth.exchangeCodeForSession(code)
    expect(exchanged.error).toBeNull()
    expect(exchanged.data.session?.user.email).toBe(email)
    expect(jar.cookies.has('sb-127-auth-token')).toBe(true)
    const claims = JSON.parse(
      Buffer.from(
        String(exchanged.data.session?.access_token).split('.')[1] as string,
        'base64url',
      ).toString(),
    )
    expect(claims).toMatchObject({
      aud: 'authenticated',
      role: 'authenticated',
      aal: 'aal1',
      email,
      is_anonymous: false,
    })
    expect(claims.amr[0].method).toBe('email/signup')
    expect(claims.user_metadata.email_verified).toBe(true)

    const again = await fetch(`${urls.auth}/token?grant_type=pkce`, {
      method: 'POST',
      headers: {
        apikey: keys.anonKey,
        'Content-Type': 'application/json',
        'X-Supabase-Api-Version': '2024-01-01',
      },
      body: JSON.stringify({ auth_code: code, code_verifier: 'x'.repeat(56) }),
    })
    expect(again.status).toBe(404)
    expect(await again.json()).toMatchObject({ code: 'flow_state_not_found' })
  })

  it('rejects an exchange more than 300 s after signup with 422 flow_state_expired', async () => {
    const jar: CookieJar = { cookies: new Map() }
    const supabase = serverClient(jar)
    const email = uniqueEmail('expired')
    await supabase.auth.signUp({ email, password: 'password123', options: { emailRedirectTo: REDIRECT } })
    const res = await fetch(linkFrom(await latestMail(email)), { redirect: 'manual' })
    const code = new URL(res.headers.get('location') as string).searchParams.get('code') as string
    await sql(`update auth.flow_state set created_at = now() - interval '301 seconds' where auth_code = $1`, [
      code,
    ])
    const { error } = await supabase.auth.exchangeCodeForSession(code)
    expect(error?.status).toBe(422)
    expect(error?.code).toBe('flow_state_expired')
  })

  it('redirects a used link to the error fragment', async () => {
    const supabase = client(keys.anonKey, { auth: { flowType: 'pkce' } })
    const email = uniqueEmail('reuse')
    await supabase.auth.signUp({ email, password: 'password123', options: { emailRedirectTo: REDIRECT } })
    const link = linkFrom(await latestMail(email))
    expect((await fetch(link, { redirect: 'manual' })).status).toBe(303)
    const second = await fetch(link, { redirect: 'manual' })
    const location = second.headers.get('location') as string
    expect(location).toContain('error_code=otp_expired')
    expect(new URL(location).hash).toContain('error=access_denied')
  })
})

describe('token_hash verification', () => {
  it('verifyOtp with token_hash gives a session once, then 403 otp_expired', async () => {
    const supabase = client(keys.anonKey, { auth: { flowType: 'implicit' } })
    const email = uniqueEmail('hash')
    await supabase.auth.signUp({ email, password: 'password123' })
    const tokenHash = linkFrom(await latestMail(email)).searchParams.get('token') as string
    const first = await supabase.auth.verifyOtp({ type: 'email', token_hash: tokenHash })
    expect(first.error).toBeNull()
    expect(first.data.session?.access_token).toBeTruthy()
    const second = await client().auth.verifyOtp({ type: 'email', token_hash: tokenHash })
    expect(second.error?.status).toBe(403)
    expect(second.error?.code).toBe('otp_expired')
  })

  it('implicit links redirect with tokens in the fragment', async () => {
    const email = uniqueEmail('implicit')
    await client(keys.anonKey, { auth: { flowType: 'implicit' } }).auth.signUp({
      email,
      password: 'password123',
    })
    const res = await fetch(linkFrom(await latestMail(email)), { redirect: 'manual' })
    const hash = new URLSearchParams(new URL(res.headers.get('location') as string).hash.slice(1))
    expect([...hash.keys()]).toEqual([
      'access_token',
      'expires_at',
      'expires_in',
      'refresh_token',
      'sb',
      'token_type',
      'type',
    ])
  })
})

describe('recovery and redirects', () => {
  it('recover mails a recovery link, unknown emails get 200 {}, and max_frequency gives 429', async () => {
    const { email } = await signedIn('recover')
    const supabase = client()
    expect((await supabase.auth.resetPasswordForEmail(email, { redirectTo: REDIRECT })).error).toBeNull()
    expect(linkFrom(await latestMail(email)).searchParams.get('type')).toBe('recovery')
    const again = await supabase.auth.resetPasswordForEmail(email)
    expect(again.error?.status).toBe(429)
    expect(again.error?.code).toBe('over_email_send_rate_limit')
    expect((await supabase.auth.resetPasswordForEmail(uniqueEmail('ghost'))).error).toBeNull()
  })

  it('redirect_to outside the allow-list falls back to site_url', async () => {
    const email = uniqueEmail('redirect')
    await client().auth.signUp({
      email,
      password: 'password123',
      options: { emailRedirectTo: 'https://evil.example.com/x' },
    })
    expect(linkFrom(await latestMail(email)).searchParams.get('redirect_to')).toBe('http://127.0.0.1:3000')
  })
})
