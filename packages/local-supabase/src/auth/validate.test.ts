import { describe, expect, it } from 'vitest'
import { loadProjectConfig } from '../config/project.js'
import { AuthError } from './errors.js'
import { checkEmail, checkPassword, checkPkce, EMAIL_MAX } from './validate.js'

const auth = (overrides: { minimum_password_length?: number; password_requirements?: string } = {}) =>
  loadProjectConfig('/nonexistent', { auth: overrides }).auth

function refusal(run: () => unknown): AuthError {
  try {
    run()
  } catch (error) {
    if (error instanceof AuthError) return error
    throw error
  }
  throw new Error('expected an AuthError')
}

describe('checkEmail', () => {
  it('trims and lowercases a valid address', () => {
    expect(checkEmail('  Thandi@Example.COM ')).toBe('thandi@example.com')
  })

  it('refuses a missing, too long or malformed address with 400 validation_failed', () => {
    expect(refusal(() => checkEmail(undefined)).message).toBe('An email address is required')
    const long = `${'a'.repeat(EMAIL_MAX)}@example.com`
    expect(refusal(() => checkEmail(long)).message).toBe('An email address is too long')
    const malformed = refusal(() => checkEmail('not-an-address'))
    expect(malformed.status).toBe(400)
    expect(malformed.code).toBe('validation_failed')
  })
})

describe('checkPassword', () => {
  it('passes a password that meets the policy', () => {
    expect(() => checkPassword('abc123', auth())).not.toThrow()
  })

  it('gives every reason a password is weak', () => {
    const weak = refusal(() =>
      checkPassword('abc', auth({ minimum_password_length: 8, password_requirements: 'letters_digits' })),
    )
    expect(weak.status).toBe(422)
    expect(weak.code).toBe('weak_password')
    expect(weak.extra).toEqual({ weak_password: { reasons: ['length', 'characters'] } })
  })

  it('refuses more than 72 characters, as bcrypt reads no further', () => {
    expect(refusal(() => checkPassword('a1'.repeat(37), auth())).code).toBe('validation_failed')
  })
})

describe('checkPkce', () => {
  const challenge = 'a'.repeat(43)

  it('is undefined without PKCE fields and normalises the method', () => {
    expect(checkPkce({})).toBeUndefined()
    expect(checkPkce({ code_challenge: challenge, code_challenge_method: 'S256' })).toEqual({
      challenge,
      method: 's256',
    })
  })

  it('refuses half a PKCE request, an unknown method or a malformed challenge', () => {
    expect(refusal(() => checkPkce({ code_challenge: challenge })).code).toBe('validation_failed')
    expect(
      refusal(() => checkPkce({ code_challenge: challenge, code_challenge_method: 'md5' })).message,
    ).toBe('code challenge method not supported')
    expect(refusal(() => checkPkce({ code_challenge: 'short', code_challenge_method: 'plain' })).status).toBe(
      400,
    )
  })
})
