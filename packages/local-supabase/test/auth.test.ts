import { describe, expect, it } from 'vitest'
import {
  admin,
  type CookieJar,
  client,
  confirmedUser,
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

describe('§7.1 PKCE signup', () => {
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

describe('§7.2 token_hash', () => {
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

describe('§7.3 password login', () => {
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

describe('§7.4 refresh', () => {
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

describe('§7.5 logout', () => {
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

describe('§7.8 triggers on auth.users', () => {
  it('a non-SECURITY DEFINER trigger writing public.* fails as in production', async () => {
    const { error } = await client().auth.signUp({ email: uniqueEmail('invoker'), password: 'password123' })
    expect(error?.status).toBe(500)
    expect(error?.message).toBe('Database error saving new user')
  })

  it('a SECURITY DEFINER trigger works', async () => {
    const email = uniqueEmail('definer')
    const { data, error } = await client().auth.signUp({ email, password: 'password123' })
    expect(error).toBeNull()
    const rows = await sql('select email from public.profiles where id = $1', [data.user?.id])
    expect(rows).toEqual([{ email }])
  })
})

describe('auth endpoints', () => {
  it('GET/PUT /user, metadata merge, same_password and weak_password', async () => {
    const { supabase } = await signedIn('update')
    const updated = await supabase.auth.updateUser({ data: { plan: 'gold', keep: 1 } })
    expect(updated.data.user?.user_metadata).toMatchObject({ plan: 'gold', keep: 1 })
    const removed = await supabase.auth.updateUser({ data: { plan: null } })
    expect(removed.data.user?.user_metadata.plan).toBeUndefined()
    const same = await supabase.auth.updateUser({ password: 'password123' })
    expect(same.error?.code).toBe('same_password')
    const weak = await supabase.auth.updateUser({ password: 'abc' })
    expect(weak.error?.code).toBe('weak_password')
    expect((await supabase.auth.getUser()).data.user?.user_metadata.keep).toBe(1)
  })

  it('getClaims verifies the ES256 token with JWKS', async () => {
    const { supabase, id } = await signedIn('claims')
    const { data, error } = await supabase.auth.getClaims()
    expect(error).toBeNull()
    expect(data?.claims.sub).toBe(id)
    const jwks = await fetch(`${urls.auth}/.well-known/jwks.json`, { headers: { apikey: keys.anonKey } })
    const body = (await jwks.json()) as { keys: Record<string, unknown>[] }
    expect(body.keys[0]).toMatchObject({ kid: 'b81269f1-21d8-4f2e-b719-c2240a840d90', alg: 'ES256' })
    expect(body.keys[0]).not.toHaveProperty('d')
  })

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

  it('admin: create, list, get, update, generate_link, invite, delete; non-admins get not_admin', async () => {
    const api = admin().auth.admin
    const email = uniqueEmail('admin')
    const created = await api.createUser({
      email,
      password: 'password123',
      email_confirm: true,
      app_metadata: { role: 'staff' },
    })
    expect(created.error).toBeNull()
    const id = created.data.user?.id as string
    expect((await api.createUser({ email, password: 'password123' })).error?.code).toBe('email_exists')
    expect((await api.getUserById(id)).data.user?.email).toBe(email)
    const list = await api.listUsers({ page: 1, perPage: 1000 })
    expect(list.data.users.some((u) => u.id === id)).toBe(true)
    const updated = await api.updateUserById(id, { user_metadata: { name: 'N' } })
    expect(updated.data.user?.user_metadata.name).toBe('N')
    const link = await api.generateLink({ type: 'magiclink', email })
    expect(link.data.properties?.action_link).toContain('type=magiclink')
    const verified = await client().auth.verifyOtp({
      type: 'magiclink',
      token_hash: link.data.properties?.hashed_token as string,
    })
    expect(verified.data.session).toBeTruthy()
    const invitee = uniqueEmail('invite')
    const invited = await api.inviteUserByEmail(invitee)
    expect(invited.data.user?.invited_at).toBeTruthy()
    expect(linkFrom(await latestMail(invitee)).searchParams.get('type')).toBe('invite')
    expect((await api.deleteUser(id)).error).toBeNull()
    expect((await api.getUserById(id)).error?.status).toBe(404)
    const notAdmin = await client().auth.admin.listUsers()
    expect(notAdmin.error?.status).toBe(403)
  })

  it('settings and health', async () => {
    const settings = await fetch(`${urls.auth}/settings`, { headers: { apikey: keys.anonKey } })
    expect(await settings.json()).toMatchObject({
      external: { email: true, phone: false },
      mailer_autoconfirm: false,
    })
    const health = await fetch(`${urls.auth}/health`, { headers: { apikey: keys.anonKey } })
    expect(await health.json()).toMatchObject({ name: 'GoTrue' })
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

describe('§7.10 cookies', () => {
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
