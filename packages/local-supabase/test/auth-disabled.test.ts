// Features the stand-in leaves off answer as GoTrue does when a project has them off
// (src/auth/disabled.ts, external-grants.ts, verify-phone.ts), and the gateway's bearer handling.
import { describe, expect, it } from 'vitest'
import { admin, client, keys, signedIn, urls } from './helpers.js'

/** A raw auth request with the anon key as apikey and, optionally, a bearer token. */
async function auth(path: string, init: { method?: string; body?: unknown; bearer?: string } = {}) {
  const headers: Record<string, string> = { apikey: keys.anonKey, 'Content-Type': 'application/json' }
  if (init.bearer) headers.Authorization = `Bearer ${init.bearer}`
  const res = await fetch(`${urls.auth}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

describe('a request without a user session', () => {
  it('only the apikey: 401 no_authorization, as hosted Kong passes no bearer to GoTrue', async () => {
    for (const [method, path] of [
      ['GET', '/user'],
      ['PUT', '/user'],
      ['POST', '/factors'],
      ['GET', '/reauthenticate'],
      ['POST', '/logout'],
    ] as const) {
      const { status, body } = await auth(path, { method, body: method === 'GET' ? undefined : {} })
      expect([path, status, body.error_code, body.msg]).toEqual([
        path,
        401,
        'no_authorization',
        'This endpoint requires a valid Bearer token',
      ])
    }
  })

  it('the anon key as bearer (what supabase-js sends): the missing sub claim', async () => {
    const { status, body } = await auth('/user', { bearer: keys.anonKey })
    expect([status, body.msg]).toEqual([403, 'invalid claim: missing sub claim'])
  })

  it('an admin endpoint with the service key only as apikey needs the bearer too', async () => {
    const res = await fetch(`${urls.auth}/admin/users`, { headers: { apikey: keys.serviceRoleKey } })
    expect(res.status).toBe(401)
    const viaClient = await admin().auth.admin.listUsers({ page: 1, perPage: 1 })
    expect(viaClient.error).toBeNull()
  })

  it('REST still runs as anon with only the apikey', async () => {
    const res = await fetch(`${urls.rest}/numbers?id=eq.1`, { headers: { apikey: keys.anonKey } })
    expect(res.status).toBe(200)
  })
})

describe('disabled features', () => {
  it('anonymous sign-ins off: 422 anonymous_provider_disabled', async () => {
    const { data, error } = await client().auth.signInAnonymously()
    expect(data.session).toBeNull()
    expect([error?.status, error?.code, error?.message]).toEqual([
      422,
      'anonymous_provider_disabled',
      'Anonymous sign-ins are disabled',
    ])
  })

  it('SSO: 404 saml_provider_disabled', async () => {
    const { error } = await client().auth.signInWithSSO({ domain: 'example.com' })
    expect([error?.status, error?.code, error?.message]).toEqual([
      404,
      'saml_provider_disabled',
      'SAML 2.0 is disabled',
    ])
    expect((await auth('/sso/saml/metadata')).body.error_code).toBe('saml_provider_disabled')
  })

  it('Web3: 422 web3_provider_disabled', async () => {
    const { status, body } = await auth('/token?grant_type=web3', {
      method: 'POST',
      body: { chain: 'solana', message: 'x', signature: 'y' },
    })
    expect([status, body.error_code, body.msg]).toEqual([
      422,
      'web3_provider_disabled',
      'Web3 provider is disabled',
    ])
  })

  it('ID tokens: the provider is not enabled; malformed requests are told first', async () => {
    const google = await client().auth.signInWithIdToken({ provider: 'google', token: 'x.y.z' })
    expect([google.error?.status, google.error?.code, google.error?.message]).toEqual([
      400,
      'provider_disabled',
      'Provider (issuer "https://accounts.google.com") is not enabled',
    ])
    const apple = await client().auth.signInWithIdToken({ provider: 'apple', token: 'not-a-jwt' })
    expect(apple.error?.message).toBe('Unable to detect issuer in ID token for Apple provider')
    const missing = await auth('/token?grant_type=id_token', { method: 'POST', body: { provider: 'google' } })
    expect([missing.status, missing.body.error_description]).toEqual([400, 'id_token required'])
    const custom = await auth('/token?grant_type=id_token', {
      method: 'POST',
      body: { provider: 'custom:acme', id_token: 'x' },
    })
    expect(custom.body.msg).toBe('Custom OAuth providers are disabled')
  })

  it('manual linking: 404 manual_linking_disabled for a signed-in user', async () => {
    const { supabase } = await signedIn('linking')
    const link = await supabase.auth.linkIdentity({
      provider: 'google',
      options: { skipBrowserRedirect: true },
    })
    expect([link.error?.status, link.error?.code]).toEqual([404, 'manual_linking_disabled'])
    const { data } = await supabase.auth.getUserIdentities()
    const identity = data?.identities[0]
    if (!identity) throw new Error('no identity')
    const unlink = await supabase.auth.unlinkIdentity(identity)
    expect(unlink.error?.message).toBe('Manual linking is disabled')
  })

  it('OAuth server admin: 404 feature_disabled for the service role, not_admin for others', async () => {
    const { error } = await admin().auth.admin.oauth.listClients()
    expect([error?.status, error?.message]).toEqual([404, 'OAuth server is disabled'])
    const anon = await auth('/admin/oauth/clients', { bearer: keys.anonKey })
    expect([anon.status, anon.body.error_code]).toEqual([403, 'not_admin'])
    expect((await auth('/oauth/authorize')).body.error_code).toBe('feature_disabled')
  })

  it('passkeys: 404 passkey_disabled', async () => {
    const { status, body } = await auth('/passkeys/authentication/options', { method: 'POST', body: {} })
    expect([status, body.error_code, body.msg]).toEqual([404, 'passkey_disabled', 'Passkeys are disabled'])
  })
})

describe('verify with a phone number (no SMS provider)', () => {
  it('checks the type and the E.164 format, then answers as for a code that matches nothing', async () => {
    const supabase = client()
    const bad = await supabase.auth.verifyOtp({ phone: '12345-invalid', token: '123456', type: 'sms' })
    expect([bad.error?.status, bad.error?.message]).toEqual([
      400,
      'Invalid phone number format (E.164 required)',
    ])
    const none = await supabase.auth.verifyOtp({ phone: '+27 82 555 0100', token: '123456', type: 'sms' })
    expect([none.error?.status, none.error?.code, none.error?.message]).toEqual([
      403,
      'otp_expired',
      'Token has expired or is invalid',
    ])
    const change = await supabase.auth.verifyOtp({
      phone: '27825550100',
      token: '123456',
      type: 'phone_change',
    })
    expect(change.error?.code).toBe('otp_expired')
    const noType = await auth('/verify', { method: 'POST', body: { email: 'a@example.com', token: '1' } })
    expect(noType.body.msg).toBe('Verify requires a verification type')
    const odd = await auth('/verify', {
      method: 'POST',
      body: { type: 'odd', email: 'a@example.com', token: '1' },
    })
    expect(odd.body.msg).toBe('Unsupported verification type')
    const junk = await auth('/verify', { method: 'POST', body: { type: 'sms', phone: 5, token: [] } })
    expect(junk.status).toBe(400)
  })
})
