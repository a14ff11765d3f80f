import { describe, expect, it } from 'vitest'
import { fieldErrors } from './action-state'
import { quoteRequestSchema } from './quote-request'

const valid = {
  full_name: 'Lerato Khumalo',
  company: '',
  email: 'lerato@example.co.za',
  phone: '+27 11 000 0000',
  service: 'Infrastructure & Networking',
  message: 'We need Wi-Fi across two floors of our Rosebank office.',
}

describe('quote request schema', () => {
  it('accepts a complete request, company optional', () => {
    expect(fieldErrors(quoteRequestSchema, valid)).toEqual({})
    const { company: _company, ...withoutCompany } = valid
    expect(quoteRequestSchema.safeParse(withoutCompany).success).toBe(true)
  })

  it('gives a clear message for every failing field', () => {
    expect(
      fieldErrors(quoteRequestSchema, {
        full_name: ' ',
        email: 'lerato@',
        phone: '12',
        service: '',
        message: 'Wi-Fi',
      }),
    ).toEqual({
      full_name: 'Please enter your full name',
      email: 'Please enter a valid email address',
      phone: 'Please enter a valid phone number',
      service: 'Please choose a service',
      message: 'Please tell us a little about what you need',
    })
  })

  it('accepts local and international phone formats, rejects letters', () => {
    for (const phone of ['011 000 0000', '+27110000000', '(011) 000-0000', '082 000 0000']) {
      expect(quoteRequestSchema.shape.phone.safeParse(phone).success).toBe(true)
    }
    expect(quoteRequestSchema.shape.phone.safeParse('call me maybe').success).toBe(false)
  })

  it('trims values', () => {
    expect(quoteRequestSchema.parse({ ...valid, full_name: '  Lerato Khumalo ' }).full_name).toBe(
      'Lerato Khumalo',
    )
  })
})
