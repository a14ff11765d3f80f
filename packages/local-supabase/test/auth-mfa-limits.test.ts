// GoTrue's MFA limiters (src/auth/rate-limit.ts createMfaLimiter): challenges and verifications
// each have a bucket of 30 per client address, refilled at `[auth.rate_limit]
// mfa_challenge_and_verify` a minute (GoTrue's default 15, one every 4 s). Past it, 429
// `over_request_rate_limit`, the right code included. On a stack of its own with the default
// limit, as every request here comes from 127.0.0.1. Unmodified supabase-js.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { totpCode } from '../src/auth/totp.js'
import type { RunningStack } from '../src/index.js'
import { startTestStack, testClientOptions } from '../src/testing.js'

const here = path.dirname(fileURLToPath(import.meta.url))
let stack: RunningStack
let stop: (() => Promise<void>) | undefined

beforeAll(async () => {
  ;({ stack, stop } = await startTestStack({
    rootDir: path.join(here, 'fixtures'),
    name: 'local-supabase-mfa-limits',
    // Apart from the other stacks' ranges (global 40000+, hardening 45000+, anonymous 50000+).
    ports: { first: 53500, blocks: 300 },
    config: { auth: { rate_limit: { sign_in_sign_ups: 100_000 } } },
  }))
}, 120_000)

afterAll(() => stop?.())

const clientWith = (key: string) => createClient(stack.urls.api, key, testClientOptions())

/** A signed-in user with an authenticator app enrolled, not yet confirmed. */
async function withFactor() {
  const email = `mfa-limits-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`
  const created = await clientWith(stack.keys.serviceRoleKey).auth.admin.createUser({
    email,
    password: 'password123',
    email_confirm: true,
  })
  if (created.error) throw created.error
  const supabase = clientWith(stack.keys.anonKey)
  const signIn = await supabase.auth.signInWithPassword({ email, password: 'password123' })
  if (signIn.error) throw signIn.error
  const enrolled = await supabase.auth.mfa.enroll({ factorType: 'totp' })
  if (enrolled.error) throw enrolled.error
  return { supabase, factorId: enrolled.data.id, secret: enrolled.data.totp.secret }
}

async function withVerifiedFactor() {
  const { supabase, factorId, secret } = await withFactor()
  const verifiedAt = Date.now()
  const first = await supabase.auth.mfa.challengeAndVerify({ factorId, code: totpCode(secret, verifiedAt) })
  if (first.error) throw first.error
  return { supabase, factorId, secret, verifiedAt }
}

const PER_MINUTE = 15
const BURST = 30

describe('MFA challenge and verify limits, per address', () => {
  it('answers wrong codes 422 until the 31st verification, then 429 for the right code too, until a token refills', async () => {
    const { supabase, factorId, secret, verifiedAt } = await withVerifiedFactor()
    // The factor's setup spent one verification of this address's 30 and one challenge.
    const challenge = await supabase.auth.mfa.challenge({ factorId })
    expect(challenge.error).toBeNull()
    const challengeId = challenge.data?.id as string
    const right = totpCode(secret, verifiedAt + 30_000)
    const valid = [-1, 0, 1, 2].map((steps) => totpCode(secret, verifiedAt + steps * 30_000))
    const wrong = ['000000', '111111', '222222'].find((code) => !valid.includes(code)) as string

    const started = Date.now()
    let answered422 = 0
    let refusal: { status?: number; code?: string } | null = null
    for (let attempt = 0; attempt < 300 && !refusal; attempt++) {
      const { error } = await supabase.auth.mfa.verify({ factorId, challengeId, code: wrong })
      if (error?.status === 422) {
        expect(error.code).toBe('mfa_verification_failed')
        answered422++
      } else refusal = error
    }
    const elapsed = Date.now() - started
    expect(refusal).toMatchObject({ status: 429, code: 'over_request_rate_limit' })
    // 30 at once; a token more for every 4 s the loop took (none when it took under 4 s).
    const refilled = Math.floor((elapsed * PER_MINUTE) / 60_000)
    expect(answered422 + 1).toBeGreaterThanOrEqual(BURST)
    expect(answered422 + 1).toBeLessThanOrEqual(BURST + refilled)
    if (elapsed < 4_000) expect(answered422).toBe(BURST - 1)

    const refusedRight = await supabase.auth.mfa.verify({ factorId, challengeId, code: right })
    expect(refusedRight.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' })

    // One token back after 60 / 15 = 4 s: the same challenge takes the right code (GoTrue keeps a
    // challenge through wrong codes; it expires after 5 minutes).
    await new Promise((resolve) => setTimeout(resolve, (60_000 / PER_MINUTE) * 1.1))
    const accepted = await supabase.auth.mfa.verify({ factorId, challengeId, code: right })
    expect(accepted.error).toBeNull()
    expect(accepted.data?.access_token).toBeTruthy()
  }, 60_000)

  it('answers the 31st challenge from one address 429, another user’s included', async () => {
    // The verifications are spent; a factor not yet confirmed can still be challenged.
    const { supabase, factorId } = await withFactor()
    let allowed = 0
    let refusal: { status?: number; code?: string } | null = null
    for (let attempt = 0; attempt < 100 && !refusal; attempt++) {
      const { error } = await supabase.auth.mfa.challenge({ factorId })
      if (error) refusal = error
      else allowed++
    }
    expect(refusal).toMatchObject({ status: 429, code: 'over_request_rate_limit' })
    // The first test's two challenges came from this address too (2 of the 30), and a token came
    // back for every 4 s since (at most 3: it took under 12 s).
    expect(allowed).toBeGreaterThanOrEqual(BURST - 2)
    expect(allowed).toBeLessThanOrEqual(BURST - 2 + 3)
  }, 60_000)
})
