// Anonymous sign-ins (src/auth/anonymous.ts) and reauthentication nonces (reauthenticate.ts,
// password-change.ts), on a stack of its own: the shared one keeps anonymous sign-ins off and
// secure_password_change false, as the fixture's config.toml says.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createClient } from '@supabase/supabase-js'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningStack } from '../src/index.js'
import { startTestStack, testClientOptions } from '../src/testing.js'

const here = path.dirname(fileURLToPath(import.meta.url))
let stack: RunningStack
let stop: (() => Promise<void>) | undefined

beforeAll(async () => {
  ;({ stack, stop } = await startTestStack({
    rootDir: path.join(here, 'fixtures'),
    name: 'local-supabase-anonymous',
    // Apart from the other stacks' ranges (global setup 40000+, auth-hardening 45000–49000).
    ports: { first: 50000, blocks: 300 },
    config: {
      auth: {
        enable_anonymous_sign_ins: true,
        rate_limit: { sign_in_sign_ups: 100_000, anonymous_users: 5 },
        email: { secure_password_change: true, max_frequency: 1 },
      },
    },
  }))
}, 120_000)

afterAll(() => stop?.())

const clientWith = (key: string) => createClient(stack.urls.api, key, testClientOptions())
const anon = () => clientWith(stack.keys.anonKey)
const admin = () => clientWith(stack.keys.serviceRoleKey)
let counter = 0
const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${counter++}@example.com`

async function sql<T extends pg.QueryResultRow>(text: string, params: unknown[] = []): Promise<T[]> {
  const db = new pg.Client({ connectionString: stack.urls.db })
  await db.connect()
  try {
    return (await db.query<T>(text, params)).rows
  } finally {
    await db.end()
  }
}

async function latestText(to: string): Promise<string> {
  const deadline = Date.now() + 5000
  for (;;) {
    const res = await fetch(`${stack.urls.mailbox}/api/v1/messages?to=${encodeURIComponent(to)}`)
    const first = ((await res.json()) as { messages: { ID: string }[] }).messages[0]
    if (first) {
      const mail = await fetch(`${stack.urls.mailbox}/api/v1/message/${first.ID}`)
      return ((await mail.json()) as { Text: string }).Text
    }
    if (Date.now() > deadline) throw new Error(`no mail for ${to}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString()) as Record<string, unknown>

describe('anonymous sign-ins', () => {
  it('sign in: an anonymous user without address or identity, is_anonymous in the token', async () => {
    const supabase = anon()
    const { data, error } = await supabase.auth.signInAnonymously({ options: { data: { color: 'blue' } } })
    expect(error).toBeNull()
    const user = data.user
    expect(user).toMatchObject({
      is_anonymous: true,
      role: 'authenticated',
      email: '',
      user_metadata: { color: 'blue' },
      app_metadata: { provider: 'anonymous', providers: ['anonymous'] },
      identities: [],
    })
    const claims = claimsOf(data.session?.access_token as string)
    expect(claims).toMatchObject({ is_anonymous: true, role: 'authenticated', sub: user?.id })
    expect(claims.amr).toEqual([{ method: 'anonymous', timestamp: expect.any(Number) }])
    expect((await supabase.auth.getUser()).data.user?.id).toBe(user?.id)
    const refreshed = await supabase.auth.refreshSession()
    expect(claimsOf(refreshed.data.session?.access_token as string).is_anonymous).toBe(true)
  })

  it('no MFA, no reauthentication, no password without an address', async () => {
    const supabase = anon()
    await supabase.auth.signInAnonymously()
    const enroll = await supabase.auth.mfa.enroll({ factorType: 'totp' })
    expect([enroll.error?.status, enroll.error?.code]).toEqual([403, 'no_authorization'])
    const reauth = await supabase.auth.reauthenticate()
    expect([reauth.error?.status, reauth.error?.message]).toEqual([
      400,
      'Reauthentication requires the user to have an email or a phone number',
    ])
    const password = await supabase.auth.updateUser({ password: 'password123' })
    expect([password.error?.status, password.error?.message]).toEqual([
      422,
      'Updating password of an anonymous user without an email or phone is not allowed',
    ])
  })

  it('adding an email through the email-change mail makes the user permanent', async () => {
    const supabase = anon()
    const { data } = await supabase.auth.signInAnonymously()
    const email = uniqueEmail('convert')
    const update = await supabase.auth.updateUser({ email })
    expect(update.error).toBeNull()
    expect(update.data.user).toMatchObject({ is_anonymous: true, new_email: email })
    const code = /\b(\d{6})\b/.exec(await latestText(email))?.[1] as string
    const verified = await supabase.auth.verifyOtp({ email, token: code, type: 'email_change' })
    expect(verified.error).toBeNull()
    expect(verified.data.user).toMatchObject({
      id: data.user?.id,
      email,
      is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email'] },
    })
    expect(verified.data.user?.identities?.map((identity) => identity.provider)).toEqual(['email'])
    expect(claimsOf(verified.data.session?.access_token as string).is_anonymous).toBe(false)
    const withPassword = await supabase.auth.updateUser({ password: 'password123' })
    expect(withPassword.error).toBeNull()
    const again = await anon().auth.signInWithPassword({ email, password: 'password123' })
    expect(again.data.user?.id).toBe(data.user?.id)
  })

  it('data that is not an object: 400 bad_json, never a 5xx', async () => {
    const res = await fetch(`${stack.urls.auth}/signup`, {
      method: 'POST',
      headers: { apikey: stack.keys.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ data: 'not an object' }),
    })
    expect(res.status).toBe(400)
  })

  it('limited per address and hour ([auth.rate_limit] anonymous_users)', async () => {
    const results = []
    for (let i = 0; i < 3; i++) results.push((await anon().auth.signInAnonymously()).error?.status)
    // Four sign-ins above came from this address: one more fits the limit of five, then 429.
    expect(results).toEqual([undefined, 429, 429])
  })
})

describe('reauthentication', () => {
  async function signedInLongAgo() {
    const email = uniqueEmail('reauth')
    await admin().auth.admin.createUser({ email, password: 'password123', email_confirm: true })
    const supabase = anon()
    const { data } = await supabase.auth.signInWithPassword({ email, password: 'password123' })
    // A session older than GoTrue's 24 hours needs a nonce to change the password.
    await sql(`update auth.sessions set created_at = now() - interval '25 hours' where id = $1`, [
      claimsOf(data.session?.access_token as string).session_id,
    ])
    return { email, supabase }
  }

  it('mails a code that lets an old session change the password once', async () => {
    const { email, supabase } = await signedInLongAgo()
    const without = await supabase.auth.updateUser({ password: 'password456' })
    expect([without.error?.status, without.error?.code]).toEqual([400, 'reauthentication_needed'])
    const sent = await supabase.auth.reauthenticate()
    expect(sent.error).toBeNull()
    expect(sent.data).toEqual({ user: null, session: null })
    const text = await latestText(email)
    const nonce = /\b(\d{6})\b/.exec(text)?.[1] as string
    const wrong = await supabase.auth.updateUser({ password: 'password456', nonce: '000000' })
    expect([wrong.error?.status, wrong.error?.code, wrong.error?.message]).toEqual([
      422,
      'reauthentication_not_valid',
      'Nonce has expired or is invalid',
    ])
    const right = await supabase.auth.updateUser({ password: 'password456', nonce })
    expect(right.error).toBeNull()
    const reused = await supabase.auth.updateUser({ password: 'password789', nonce })
    expect(reused.error?.code).toBe('reauthentication_not_valid')
    expect((await anon().auth.signInWithPassword({ email, password: 'password456' })).error).toBeNull()
  })

  it('again within max_frequency: 429 over_email_send_rate_limit', async () => {
    const { supabase } = await signedInLongAgo()
    expect((await supabase.auth.reauthenticate()).error).toBeNull()
    const again = await supabase.auth.reauthenticate()
    expect([again.error?.status, again.error?.code]).toEqual([429, 'over_email_send_rate_limit'])
  })
})
