// Sign-in hardening of the local Auth, as hosted Supabase behaves with the project's settings:
// per-address and per-account sign-in limits (429 over_request_rate_limit), answers and timings
// that do not tell whether an account exists, the password policy, secure_password_change, and
// the longest email address. Unmodified supabase-js against a stack of its own (low limits).
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { AuthApiError, AuthWeakPasswordError, createClient } from '@supabase/supabase-js'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import ws from 'ws'
import { loadProjectConfig } from '../src/config/project.js'
import type { RunningStack } from '../src/index.js'
import { startTestStack } from '../src/testing.js'

const here = path.dirname(fileURLToPath(import.meta.url))
// Above what the earlier tests use from 127.0.0.1, so only the last test reaches it.
const PER_ADDRESS = 60
let stack: RunningStack
let stop: (() => Promise<void>) | undefined

beforeAll(async () => {
  ;({ stack, stop } = await startTestStack({
    rootDir: path.join(here, 'fixtures'),
    name: 'local-supabase-hardening',
    ports: { first: 45000, blocks: 400 },
    config: {
      auth: {
        minimum_password_length: 8,
        password_requirements: 'letters_digits',
        rate_limit: { sign_in_sign_ups: PER_ADDRESS },
        email: { secure_password_change: true },
      },
    },
  }))
}, 120_000)

afterAll(() => stop?.())

// Node 20 lacks a native WebSocket, so realtime gets `ws` (as in helpers.ts).
const clientWith = (key: string) =>
  createClient(stack.urls.api, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as never },
  })
const anon = () => clientWith(stack.keys.anonKey)
const admin = () => clientWith(stack.keys.serviceRoleKey)
let counter = 0
const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${counter++}@example.com`

async function confirmedUser(password = 'Password123!') {
  const email = uniqueEmail('hardening')
  const { data, error } = await admin().auth.admin.createUser({ email, password, email_confirm: true })
  if (error) throw error
  return { email, password, id: data.user.id }
}

async function expectRateLimited(error: unknown) {
  expect(error).toBeInstanceOf(AuthApiError)
  expect((error as AuthApiError).status).toBe(429)
  expect((error as AuthApiError).code).toBe('over_request_rate_limit')
}

// Each sign-in costs a bcrypt check; a busy machine needs more than the default 30 s.
describe('per-account limit on failed sign-ins', { timeout: 120_000 }, () => {
  it('refuses the 11th attempt within 5 minutes with 429, also with the right password', async () => {
    const user = await confirmedUser()
    const supabase = anon()
    for (let i = 0; i < 10; i++) {
      const { error } = await supabase.auth.signInWithPassword({ email: user.email, password: 'wrong-pass1' })
      expect((error as AuthApiError).code).toBe('invalid_credentials')
    }
    const { error } = await supabase.auth.signInWithPassword({ email: user.email, password: user.password })
    await expectRateLimited(error)
  })

  it('answers an address without an account exactly like an account (also once limited)', async () => {
    const user = await confirmedUser()
    const nobody = uniqueEmail('nobody')
    const answers = async (email: string) => {
      const res = await fetch(`${stack.urls.api}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { apikey: stack.keys.anonKey, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, password: 'wrong-pass1' }),
      })
      return { status: res.status, body: await res.json() }
    }
    const first = await answers(user.email)
    expect(await answers(nobody)).toEqual(first)
    expect(first).toEqual({
      status: 400,
      body: { code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' },
    })
  })
})

describe('timings', { timeout: 120_000 }, () => {
  const median = (values: number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number
  async function timed(work: () => Promise<unknown>): Promise<number> {
    const started = performance.now()
    await work()
    return performance.now() - started
  }

  it('a sign-in for an unknown address takes as long as a wrong password', async () => {
    const user = await confirmedUser()
    const supabase = anon()
    const known: number[] = []
    const unknown: number[] = []
    for (let i = 0; i < 4; i++) {
      known.push(
        await timed(() => supabase.auth.signInWithPassword({ email: user.email, password: `wrong-${i}a` })),
      )
      unknown.push(
        await timed(() =>
          supabase.auth.signInWithPassword({ email: uniqueEmail('ghost'), password: 'wrong-1a' }),
        ),
      )
    }
    // Without the decoy check an unknown address answers in a few ms, a bcrypt check takes tens.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.5)
  })

  it('a sign-up for a registered address takes as long as a new sign-up, with a user-shaped answer', async () => {
    const user = await confirmedUser()
    const supabase = anon()
    const existing: number[] = []
    const fresh: number[] = []
    await supabase.auth.signUp({ email: uniqueEmail('warm-up'), password: 'Another1pass' })
    for (let i = 0; i < 3; i++) {
      existing.push(await timed(() => supabase.auth.signUp({ email: user.email, password: 'Another1pass' })))
      fresh.push(
        await timed(() => supabase.auth.signUp({ email: uniqueEmail('new'), password: 'Another1pass' })),
      )
    }
    expect(median(existing)).toBeGreaterThan(median(fresh) * 0.5)
    const { data, error } = await supabase.auth.signUp({ email: user.email, password: 'Another1pass' })
    expect(error).toBeNull()
    expect(data.user?.email).toBe(user.email)
    expect(data.session).toBeNull()
  })
})

describe('password policy and changes', () => {
  it('refuses passwords under 8 characters or without letters and digits (422 weak_password)', async () => {
    const supabase = anon()
    for (const [password, reasons] of [
      ['abc123', ['length']],
      ['onlyletters', ['characters']],
      ['12345678', ['characters']],
    ] as const) {
      const { error } = await supabase.auth.signUp({ email: uniqueEmail('weak'), password })
      expect(error).toBeInstanceOf(AuthWeakPasswordError)
      expect((error as AuthWeakPasswordError).status).toBe(422)
      expect((error as AuthWeakPasswordError).reasons).toEqual(reasons)
    }
    const { error } = await supabase.auth.signUp({ email: uniqueEmail('strong'), password: 'letters8digits' })
    expect(error).toBeNull()
  })

  it('changes the password in a fresh session, asks to reauthenticate in a day-old one', async () => {
    const user = await confirmedUser()
    const supabase = anon()
    const { data } = await supabase.auth.signInWithPassword({ email: user.email, password: user.password })
    expect((await supabase.auth.updateUser({ password: 'Changed1pass' })).error).toBeNull()

    const db = new pg.Client({ connectionString: stack.urls.db })
    await db.connect()
    try {
      await db.query(`update auth.sessions set created_at = now() - interval '25 hours' where id = $1`, [
        JSON.parse(Buffer.from(data.session?.access_token.split('.')[1] ?? '', 'base64url').toString())
          .session_id,
      ])
    } finally {
      await db.end()
    }
    const { error } = await supabase.auth.updateUser({ password: 'Changed2pass' })
    expect((error as AuthApiError).status).toBe(400)
    expect((error as AuthApiError).code).toBe('reauthentication_needed')
  })
})

describe('email addresses', () => {
  it('refuses sign-up with an address over 254 characters', async () => {
    const long = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(54)}.example`
    expect(long.length).toBe(255)
    const { error } = await anon().auth.signUp({ email: long, password: 'Password123!' })
    expect((error as AuthApiError).status).toBe(400)
    expect((error as AuthApiError).code).toBe('validation_failed')
    expect(error?.message).toBe('An email address is too long')
  })
})

describe('per-address limit on sign-ins and sign-ups', () => {
  // Last: it uses up this stack's allowance for 127.0.0.1.
  it(`allows ${PER_ADDRESS} per 5 minutes from one address, then answers 429 over_request_rate_limit`, async () => {
    const supabase = anon()
    let refused: unknown
    // Weak-password sign-ups: counted like any other attempt, and answered without hashing.
    for (let i = 0; i < PER_ADDRESS * 2 && !refused; i++) {
      const { error } = await supabase.auth.signUp({ email: uniqueEmail('ip'), password: 'short' })
      if ((error as AuthApiError)?.status === 429) refused = error
      else expect((error as AuthApiError).code).toBe('weak_password')
    }
    const { error } = await supabase.auth.signInWithPassword({
      email: uniqueEmail('ip'),
      password: 'Password123!',
    })
    await expectRateLimited(error)
    const res = await fetch(`${stack.urls.api}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: stack.keys.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'x@example.com', password: 'wrong-1a' }),
    })
    expect(res.status).toBe(429)
    expect(await res.json()).toEqual({
      code: 429,
      error_code: 'over_request_rate_limit',
      msg: 'Request rate limit reached',
    })
  })
})

describe('the project settings for hosted Supabase', () => {
  it('supabase/config.toml asks for the same policy', () => {
    const config = loadProjectConfig(path.join(here, '../../../supabase'))
    expect(config.auth.minimum_password_length).toBeGreaterThanOrEqual(8)
    expect(config.auth.password_requirements).toBe('letters_digits')
    expect(config.auth.email.secure_password_change).toBe(true)
    expect(config.auth.rate_limit.sign_in_sign_ups).toBe(30)
  })
})
