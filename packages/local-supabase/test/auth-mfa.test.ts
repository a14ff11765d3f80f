// TOTP multi-factor auth through unmodified supabase-js (src/auth/mfa.ts, mfa-admin.ts, sessions.ts).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { totpCode } from '../src/auth/totp.js'
import { admin, client, keys, signedIn, sql, urls } from './helpers.js'

type Client = ReturnType<typeof client>

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString()) as {
    aal: string
    amr: { method: string; timestamp: number }[]
    session_id: string
  }

/** A valid code `steps` periods away: the server accepts one step either way, each code once. */
const codeAt = (secret: string, steps = 0) => totpCode(secret, Date.now() + steps * 30_000)

function api(path: string, init: { method?: string; token?: string; body?: unknown; raw?: string } = {}) {
  return fetch(`${urls.auth}${path}`, {
    method: init.method ?? 'POST',
    headers: {
      apikey: keys.anonKey,
      Authorization: `Bearer ${init.token ?? keys.anonKey}`,
      'Content-Type': 'application/json',
      'X-Supabase-Api-Version': '2024-01-01',
    },
    body: init.raw ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
  })
}

async function accessToken(supabase: Client): Promise<string> {
  const { data } = await supabase.auth.getSession()
  if (!data.session) throw new Error('no session')
  return data.session.access_token
}

async function enrollTotp(supabase: Client, friendlyName?: string) {
  const { data, error } = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName })
  if (error) throw error
  return data
}

/** A user with a verified TOTP factor, signed in at AAL2. */
async function withVerifiedFactor(prefix = 'mfa') {
  const user = await signedIn(prefix)
  const factor = await enrollTotp(user.supabase, 'phone app')
  // The moment whose code verified the factor: codes of later checks are counted from it, so a
  // 30-second step that ends during the test cannot make the spent code a fresh one.
  const verifiedAt = Date.now()
  const { error } = await user.supabase.auth.mfa.challengeAndVerify({
    factorId: factor.id,
    code: totpCode(factor.totp.secret, verifiedAt),
  })
  if (error) throw error
  const secret = factor.totp.secret
  return {
    ...user,
    factor,
    secret,
    codeFrom: (steps: number) => totpCode(secret, verifiedAt + steps * 30_000),
  }
}

describe('enroll → challenge → verify', () => {
  it('answers GoTrue’s shapes and raises the session to aal2 with a totp amr entry', async () => {
    const { supabase, email } = await signedIn('mfa-flow')
    const before = await supabase.auth.mfa.getAuthenticatorAssuranceLevel()
    expect(before.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' })

    const enrolled = await enrollTotp(supabase, 'My phone')
    expect(enrolled).toMatchObject({ type: 'totp', friendly_name: 'My phone' })
    expect(enrolled.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<\?xml version="1.0"\?>\n<svg /)
    expect(enrolled.totp.qr_code).not.toContain('#')
    expect(enrolled.totp.secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(enrolled.totp.uri).toBe(
      `otpauth://totp/127.0.0.1:3000:${email}?algorithm=SHA1&digits=6&issuer=127.0.0.1%3A3000&period=30&secret=${enrolled.totp.secret}`,
    )
    const pending = await supabase.auth.mfa.listFactors()
    expect(pending.data?.all).toMatchObject([{ id: enrolled.id, status: 'unverified', factor_type: 'totp' }])
    expect(pending.data?.totp).toEqual([])

    const challenge = await supabase.auth.mfa.challenge({ factorId: enrolled.id })
    expect(challenge.error).toBeNull()
    expect(challenge.data).toMatchObject({ type: 'totp' })
    const expiresIn = (challenge.data?.expires_at ?? 0) - Date.now() / 1000
    expect(expiresIn).toBeGreaterThan(290)
    expect(expiresIn).toBeLessThanOrEqual(300)

    const verified = await supabase.auth.mfa.verify({
      factorId: enrolled.id,
      challengeId: challenge.data?.id as string,
      code: codeAt(enrolled.totp.secret),
    })
    expect(verified.error).toBeNull()
    const claims = claimsOf(verified.data?.access_token as string)
    expect(claims.aal).toBe('aal2')
    expect(claims.amr.map((entry) => entry.method)).toEqual(['totp', 'password'])
    expect(verified.data?.refresh_token).toMatch(/^[a-z2-7]{12}$/)
    expect(verified.data?.user.factors).toMatchObject([{ id: enrolled.id, status: 'verified' }])

    const after = await supabase.auth.mfa.getAuthenticatorAssuranceLevel()
    expect(after.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' })
    expect(after.data?.currentAuthenticationMethods).toMatchObject([
      { method: 'totp' },
      { method: 'password' },
    ])
    const listed = await supabase.auth.mfa.listFactors()
    expect(listed.data?.totp).toMatchObject([
      { id: enrolled.id, friendly_name: 'My phone', factor_type: 'totp', status: 'verified', phone: '' },
    ])
    const rows = await sql('select aal::text, factor_id from auth.sessions where id = $1', [
      claims.session_id,
    ])
    expect(rows[0]).toEqual({ aal: 'aal2', factor_id: enrolled.id })
  })

  it('keeps aal2 and the amr across a refresh; a new sign-in starts at aal1 with aal2 next', async () => {
    const { supabase, email, password } = await withVerifiedFactor('mfa-refresh')
    const refreshed = await supabase.auth.refreshSession()
    expect(refreshed.error).toBeNull()
    const claims = claimsOf(refreshed.data.session?.access_token as string)
    expect(claims.aal).toBe('aal2')
    expect(claims.amr.map((entry) => entry.method)).toEqual(['totp', 'password'])

    const second = client()
    await second.auth.signInWithPassword({ email, password })
    const level = await second.auth.mfa.getAuthenticatorAssuranceLevel()
    expect(level.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' })
    expect(claimsOf(await accessToken(second)).aal).toBe('aal1')
  })

  it('refuses a wrong code, a reused code, a used challenge and an expired challenge', async () => {
    const { supabase, factor, codeFrom } = await withVerifiedFactor('mfa-wrong')
    const valid = [-1, 0, 1, 2].map(codeFrom)
    const wrongCode = valid.includes('000000') ? '111111' : '000000'
    const wrong = await supabase.auth.mfa.challengeAndVerify({ factorId: factor.id, code: wrongCode })
    expect(wrong.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' })
    expect(wrong.error?.message).toBe('Invalid TOTP code entered')

    const reused = await supabase.auth.mfa.challengeAndVerify({ factorId: factor.id, code: codeFrom(0) })
    expect(reused.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' })

    const challenge = await supabase.auth.mfa.challenge({ factorId: factor.id })
    const challengeId = challenge.data?.id as string
    const ok = await supabase.auth.mfa.verify({ factorId: factor.id, challengeId, code: codeFrom(1) })
    expect(ok.error).toBeNull()
    const again = await supabase.auth.mfa.verify({
      factorId: factor.id,
      challengeId,
      code: codeFrom(-1),
    })
    expect(again.error).toMatchObject({ status: 422, code: 'mfa_ip_address_mismatch' })

    const stale = await supabase.auth.mfa.challenge({ factorId: factor.id })
    const staleId = stale.data?.id as string
    await sql(`update auth.mfa_challenges set created_at = now() - interval '301 seconds' where id = $1`, [
      staleId,
    ])
    const expired = await supabase.auth.mfa.verify({
      factorId: factor.id,
      challengeId: staleId,
      code: codeFrom(-1),
    })
    expect(expired.error).toMatchObject({ status: 422, code: 'mfa_challenge_expired' })
    expect(expired.error?.message).toBe(
      `MFA challenge ${staleId} has expired, verify against another challenge or create a new challenge.`,
    )
    expect(await sql('select 1 from auth.mfa_challenges where id = $1', [staleId])).toEqual([])

    const unknown = await supabase.auth.mfa.verify({
      factorId: factor.id,
      challengeId: crypto.randomUUID(),
      code: '123456',
    })
    expect(unknown.error).toMatchObject({ status: 422, code: 'mfa_factor_not_found' })
    const empty = await api(`/factors/${factor.id}/verify`, {
      token: await accessToken(supabase),
      body: { challenge_id: staleId, code: '' },
    })
    expect(await empty.json()).toEqual({ code: 'validation_failed', message: 'Code needs to be non-empty' })
  })
})

describe('factor rules', () => {
  it('needs aal2 to unenroll a verified factor, then downgrades the session', async () => {
    const { email, password, factor, codeFrom } = await withVerifiedFactor('mfa-unenroll')
    const aal1 = client()
    await aal1.auth.signInWithPassword({ email, password })
    const refused = await aal1.auth.mfa.unenroll({ factorId: factor.id })
    expect(refused.error).toMatchObject({ status: 422, code: 'insufficient_aal' })
    expect(refused.error?.message).toBe('AAL2 required to unenroll verified factor')
    const another = await aal1.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'second' })
    expect(another.error).toMatchObject({ status: 403, code: 'insufficient_aal' })

    const raised = await aal1.auth.mfa.challengeAndVerify({ factorId: factor.id, code: codeFrom(1) })
    expect(raised.error).toBeNull()
    const removed = await aal1.auth.mfa.unenroll({ factorId: factor.id })
    expect(removed.error).toBeNull()
    expect(removed.data).toEqual({ id: factor.id })
    const listed = await aal1.auth.mfa.listFactors()
    expect(listed.data?.all).toEqual([])
    const refreshed = await aal1.auth.refreshSession()
    const claims = claimsOf(refreshed.data.session?.access_token as string)
    expect(claims.aal).toBe('aal1')
    expect(claims.amr.map((entry) => entry.method)).toEqual(['password'])
  })

  it('verifying ends the user’s other aal1 sessions and drops unverified factors', async () => {
    const { supabase, email, password } = await signedIn('mfa-others')
    const other = client()
    await other.auth.signInWithPassword({ email, password })
    const spare = await enrollTotp(supabase, 'spare')
    const used = await enrollTotp(supabase, 'used')
    const { error } = await supabase.auth.mfa.challengeAndVerify({
      factorId: used.id,
      code: codeAt(used.totp.secret),
    })
    expect(error).toBeNull()
    const { data } = await supabase.auth.mfa.listFactors()
    expect(data?.all.map((factor) => factor.id)).toEqual([used.id])
    expect(data?.all.some((factor) => factor.id === spare.id)).toBe(false)
    const gone = await other.auth.getUser()
    expect(gone.error?.name).toBe('AuthSessionMissingError')
    expect(gone.data.user).toBeNull()
  })

  it('refuses a taken friendly name, too many factors, and deletes stale unverified ones', async () => {
    const { supabase } = await signedIn('mfa-limits')
    await enrollTotp(supabase, 'dup')
    const dup = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'dup' })
    expect(dup.error).toMatchObject({ status: 422, code: 'mfa_factor_name_conflict' })
    expect(dup.error?.message).toBe('A factor with the friendly name "dup" for this user already exists')

    const stale = await enrollTotp(supabase, 'stale')
    await sql(`update auth.mfa_factors set created_at = now() - interval '10 minutes' where id = $1`, [
      stale.id,
    ])
    for (let i = 0; i < 9; i++) await enrollTotp(supabase, `f${i}`)
    const names = (await supabase.auth.mfa.listFactors()).data?.all.map((factor) => factor.friendly_name)
    expect(names).not.toContain('stale')
    expect(names).toHaveLength(10)
    const tooMany = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'eleventh' })
    expect(tooMany.error).toMatchObject({ status: 422, code: 'too_many_enrolled_mfa_factors' })
  })

  it('answers GoTrue’s errors for disabled factor types, unknown types and bad ids', async () => {
    const { supabase } = await signedIn('mfa-disabled')
    const phone = await supabase.auth.mfa.enroll({ factorType: 'phone', phone: '+27821234567' })
    expect(phone.error).toMatchObject({ status: 422, code: 'mfa_phone_enroll_not_enabled' })
    expect(phone.error?.message).toBe('MFA enroll is disabled for Phone')
    const token = await accessToken(supabase)
    const webauthn = await api('/factors', { token, body: { factor_type: 'webauthn' } })
    expect(webauthn.status).toBe(422)
    expect(await webauthn.json()).toEqual({
      code: 'mfa_webauthn_enroll_not_enabled',
      message: 'MFA enroll is disabled for WebAuthn',
    })
    const unknown = await api('/factors', { token, body: { factor_type: 'sms' } })
    expect(unknown.status).toBe(400)
    expect(await unknown.json()).toEqual({
      code: 'validation_failed',
      message: 'factor_type needs to be totp, phone, or webauthn',
    })
    const badId = await api('/factors/not-a-uuid/challenge', { token, body: {} })
    expect(badId.status).toBe(404)
    expect((await badId.json()).code).toBe('validation_failed')
    const missing = await api(`/factors/${crypto.randomUUID()}/challenge`, { token, body: {} })
    expect(await missing.json()).toEqual({ code: 'mfa_factor_not_found', message: 'Factor not found' })
    const badJson = await api('/factors', { token, raw: '{"factor_type": 1}' })
    expect(badJson.status).toBe(400)
    expect((await badJson.json()).code).toBe('bad_json')
    const noToken = await api('/factors', { token: keys.anonKey, body: { factor_type: 'totp' } })
    expect(noToken.status).toBe(403)
  })

  it('lets nobody touch another user’s factor', async () => {
    const { factor } = await withVerifiedFactor('mfa-owner')
    const { supabase } = await signedIn('mfa-intruder')
    const challenge = await supabase.auth.mfa.challenge({ factorId: factor.id })
    expect(challenge.error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' })
    const unenroll = await supabase.auth.mfa.unenroll({ factorId: factor.id })
    expect(unenroll.error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' })
  })
})

describe('account changes with a factor turned on', () => {
  it('needs aal2 to change the password or the address, as GoTrue does; metadata needs no more', async () => {
    const { supabase, email, password } = await withVerifiedFactor('mfa-secrets')
    const passwordOnly = client()
    await passwordOnly.auth.signInWithPassword({ email, password })
    const change = await passwordOnly.auth.updateUser({ password: 'another-Password-1' })
    expect([change.error?.status, change.error?.code, change.error?.message]).toEqual([
      401,
      'insufficient_aal',
      'AAL2 session is required to update email or password when MFA is enabled.',
    ])
    const address = await passwordOnly.auth.updateUser({ email: `moved-${Date.now()}@example.com` })
    expect(address.error?.code).toBe('insufficient_aal')
    expect((await passwordOnly.auth.updateUser({ data: { shown: 'yes' } })).error).toBeNull()
    expect((await supabase.auth.updateUser({ password: 'another-Password-1' })).error).toBeNull()
  })
})

describe('admin factor endpoints', () => {
  it('lists, renames and deletes a user’s factors', async () => {
    const { id, factor } = await withVerifiedFactor('mfa-admin')
    const listed = await admin().auth.admin.mfa.listFactors({ userId: id })
    expect(listed.error).toBeNull()
    expect(listed.data?.factors).toMatchObject([{ id: factor.id, status: 'verified', factor_type: 'totp' }])

    const put = (body: unknown, factorId = factor.id) =>
      fetch(`${urls.auth}/admin/users/${id}/factors/${factorId}`, {
        method: 'PUT',
        headers: { apikey: keys.serviceRoleKey, Authorization: `Bearer ${keys.serviceRoleKey}` },
        body: JSON.stringify(body),
      })
    const renamed = await put({ friendly_name: 'work phone' })
    expect(renamed.status).toBe(200)
    expect(await renamed.json()).toMatchObject({ id: factor.id, friendly_name: 'work phone' })
    const unknown = await put({ friendly_name: 'x' }, crypto.randomUUID())
    expect(unknown.status).toBe(404)

    const asUser = await client().auth.admin.mfa.listFactors({ userId: id })
    expect(asUser.error?.status).toBe(403)
    const noUser = await admin().auth.admin.mfa.listFactors({ userId: crypto.randomUUID() })
    expect(noUser.error).toMatchObject({ status: 404, code: 'user_not_found' })

    const deleted = await admin().auth.admin.mfa.deleteFactor({ userId: id, id: factor.id })
    expect(deleted.error).toBeNull()
    // auth-js 2.105 wraps this one answer once more ({data: factor, error}), whatever the server.
    expect(deleted.data).toMatchObject({ data: { id: factor.id, friendly_name: 'work phone' } })
    const after = await admin().auth.admin.mfa.listFactors({ userId: id })
    expect(after.data?.factors).toEqual([])
    const user = await admin().auth.admin.getUserById(id)
    expect(user.data.user?.factors).toBeUndefined()
  })
})

describe('hostile input', () => {
  it('never answers an MFA request with a 5xx', async () => {
    const { supabase, id, factor } = await withVerifiedFactor('mfa-fuzz')
    const token = await accessToken(supabase)
    const challenge = await supabase.auth.mfa.challenge({ factorId: factor.id })
    const text = fc.oneof(
      fc.string(),
      fc.constantFrom('', '\u0000', 'totp', 'phone', 'webauthn', 'x'.repeat(5000)),
    )
    const field = fc.oneof(text, fc.jsonValue(), fc.constant(challenge.data?.id), fc.constant(null))
    const body = fc.oneof(
      fc.record(
        {
          factor_type: field,
          friendly_name: field,
          issuer: field,
          challenge_id: field,
          code: field,
          phone: field,
        },
        { requiredKeys: [] },
      ),
      fc.jsonValue(),
    )
    const segment = fc.oneof(fc.constant(factor.id), fc.uuid(), fc.string(), fc.constant('%E0%A4%A'))
    const path = fc.oneof(
      fc.constant('/factors'),
      segment.map((s) => `/factors/${s}`),
      segment.map((s) => `/factors/${s}/challenge`),
      segment.map((s) => `/factors/${s}/verify`),
      segment.map((s) => `/admin/users/${id}/factors/${s}`),
      segment.map((s) => `/admin/users/${s}/factors`),
    )
    const auth = fc.constantFrom(token, keys.anonKey, keys.serviceRoleKey, 'garbage')
    await fc.assert(
      fc.asyncProperty(
        path,
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE'),
        body,
        auth,
        async (p, m, b, t) => {
          const safePath = p.replace(/[?#]/g, '_')
          const res = await api(safePath, {
            method: m,
            token: t,
            raw: m === 'GET' ? undefined : JSON.stringify(b),
          })
          await res.arrayBuffer()
          expect(res.status, `${m} ${safePath} ${JSON.stringify(b)}`).toBeLessThan(500)
        },
      ),
      { numRuns: 150 },
    )
  })
})
