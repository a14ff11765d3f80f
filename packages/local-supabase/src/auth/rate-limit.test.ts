import { describe, expect, it } from 'vitest'
import { AuthError } from './errors.js'
import {
  createEmailSendLimits,
  createMfaLimiter,
  createSignInLimits,
  MFA_BUCKET_TTL_MS,
  MFA_BURST,
  SIGN_IN_WINDOW_MS,
} from './rate-limit.js'

const codeOf = (run: () => void) => {
  try {
    run()
  } catch (error) {
    if (error instanceof AuthError) return `${error.status} ${error.code}`
    throw error
  }
  return 'allowed'
}

describe('createSignInLimits', () => {
  it('allows perAddress attempts per window from one address, then 429', () => {
    let now = 0
    const limits = createSignInLimits({ perAddress: 2 }, () => now)
    expect(codeOf(() => limits.attempt('10.0.0.1'))).toBe('allowed')
    expect(codeOf(() => limits.attempt('10.0.0.1'))).toBe('allowed')
    expect(codeOf(() => limits.attempt('10.0.0.1'))).toBe('429 over_request_rate_limit')
    expect(codeOf(() => limits.attempt('10.0.0.2'))).toBe('allowed')
    now += SIGN_IN_WINDOW_MS + 1
    expect(codeOf(() => limits.attempt('10.0.0.1'))).toBe('allowed')
  })

  it('refuses an account after perAccount failures', () => {
    const limits = createSignInLimits({ perAddress: 100, perAccount: 2 }, () => 0)
    limits.failed('a@example.com')
    expect(codeOf(() => limits.checkAccount('a@example.com'))).toBe('allowed')
    limits.failed('a@example.com')
    expect(codeOf(() => limits.checkAccount('a@example.com'))).toBe('429 over_request_rate_limit')
    expect(codeOf(() => limits.checkAccount('b@example.com'))).toBe('allowed')
  })
})

describe('createEmailSendLimits', () => {
  it('makes one address wait minIntervalSeconds between mails, and says how long', () => {
    let now = 10_000
    const limits = createEmailSendLimits({ minIntervalSeconds: 60, perHour: 10 }, () => now)
    const lastSent = new Date(now - 15_000)
    expect(() => limits.check(lastSent)).toThrow('you can only request this after 45 seconds')
    now += 45_000
    expect(codeOf(() => limits.check(lastSent))).toBe('allowed')
    expect(codeOf(() => limits.check(null))).toBe('allowed')
  })

  it('sends at most perHour mails in an hour across all addresses', () => {
    let now = 0
    const limits = createEmailSendLimits({ minIntervalSeconds: 1, perHour: 2 }, () => now)
    limits.record()
    limits.record()
    expect(() => limits.check(null)).toThrow('email rate limit exceeded')
    now += 3_600_001
    expect(codeOf(() => limits.check(null))).toBe('allowed')
  })
})

describe('createMfaLimiter', () => {
  it('allows a burst of 30 from one address, then one request per refill, and a full bucket a minute after the first', () => {
    let now = 0
    const limiter = createMfaLimiter({ perMinute: 15 }, () => now)
    const allowed = (address = '10.0.0.1') => codeOf(() => limiter.take(address))
    for (let i = 0; i < MFA_BURST; i++) expect(allowed()).toBe('allowed')
    expect(allowed()).toBe('429 over_request_rate_limit')
    expect(allowed('10.0.0.2')).toBe('allowed')
    // 15 a minute: one more every 4 seconds; a refusal takes nothing.
    now += 3_999
    expect(allowed()).toBe('429 over_request_rate_limit')
    now += 1
    expect(allowed()).toBe('allowed')
    expect(allowed()).toBe('429 over_request_rate_limit')
    // As tollbooth's: the address's bucket goes a minute after it was made; the next is full.
    now = MFA_BUCKET_TTL_MS
    for (let i = 0; i < MFA_BURST; i++) expect(allowed()).toBe('allowed')
    expect(allowed()).toBe('429 over_request_rate_limit')
  })
})
