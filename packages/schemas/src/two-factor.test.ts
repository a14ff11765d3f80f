import { describe, expect, it } from 'vitest'
import {
  removeStaffTwoFactorSchema,
  tooManyWrongCodes,
  totpCode,
  twoFactorConfirmSchema,
  twoFactorRequirementSchema,
} from './two-factor'

describe('totpCode', () => {
  it('takes 6 digits as an app shows them, spaces and dashes included', () => {
    expect(totpCode.parse('123456')).toBe('123456')
    expect(totpCode.parse(' 123 456 ')).toBe('123456')
    expect(totpCode.parse('123-456')).toBe('123456')
  })

  it('refuses anything else with words a person understands', () => {
    for (const bad of ['', '12345', '1234567', 'abcdef', '12 34 5']) {
      const result = totpCode.safeParse(bad)
      expect(result.success, bad).toBe(false)
      expect(result.error?.issues[0]?.message).toBe('Enter the 6 digits your authenticator app shows.')
    }
  })
})

describe('twoFactorConfirmSchema', () => {
  it('needs the factor being set up', () => {
    expect(twoFactorConfirmSchema.safeParse({ factorId: 'x', code: '123456', from: '' }).success).toBe(false)
    expect(
      twoFactorConfirmSchema.parse({
        factorId: '6f1d3c1e-8f1a-4c53-9a3e-2f0f1b2c3d4e',
        code: '123 456',
        from: '/portal/helpdesk',
      }).code,
    ).toBe('123456')
  })
})

describe('twoFactorRequirementSchema', () => {
  it('reads the switch as a boolean and nothing else', () => {
    expect(twoFactorRequirementSchema.parse({ required: 'true' })).toEqual({ required: true })
    expect(twoFactorRequirementSchema.parse({ required: 'false' })).toEqual({ required: false })
    expect(twoFactorRequirementSchema.safeParse({ required: 'on' }).success).toBe(false)
  })
})

describe('tooManyWrongCodes', () => {
  it('says the wait in whole minutes, rounded up, never less than one', () => {
    expect(tooManyWrongCodes(900)).toBe('Too many wrong codes. Try again in 15 minutes.')
    expect(tooManyWrongCodes(661)).toBe('Too many wrong codes. Try again in 12 minutes.')
    expect(tooManyWrongCodes(60)).toBe('Too many wrong codes. Try again in 1 minute.')
    expect(tooManyWrongCodes(1)).toBe('Too many wrong codes. Try again in 1 minute.')
  })
})

describe('removeStaffTwoFactorSchema', () => {
  it('takes a staff member id and refuses anything else with words', () => {
    const id = '6f1d3c1e-8f1a-4c53-9a3e-2f0f1b2c3d4e'
    expect(removeStaffTwoFactorSchema.parse({ staffMemberId: id })).toEqual({ staffMemberId: id })
    const refused = removeStaffTwoFactorSchema.safeParse({ staffMemberId: 'me' })
    expect(refused.error?.issues[0]?.message).toBe('Reload the page and try again.')
  })
})
