import { describe, expect, it } from 'vitest'
import { fieldErrors } from './action-state'
import { supportRequestFormSchema, supportRequestSchema } from './support-request'

const valid = {
  full_name: 'Thandi Mokoena',
  contact_number: '011 000 0000',
  whatsapp_number: '',
  email: 'thandi@example.co.za',
  category: 'Network Issue',
  description: 'The office Wi-Fi drops every afternoon.',
}

describe('support request schema', () => {
  it('accepts a complete request', () => {
    expect(fieldErrors(supportRequestFormSchema, valid)).toEqual({})
    expect(supportRequestSchema.parse({ ...valid, preferred_channel: 'email' }).preferred_channel).toBe(
      'email',
    )
  })

  it('gives the spec message for every failing field', () => {
    expect(
      fieldErrors(supportRequestFormSchema, {
        full_name: 'T',
        contact_number: '0110',
        email: 'not-an-email',
        category: '',
        description: 'too short',
      }),
    ).toEqual({
      full_name: 'Please enter your full name',
      contact_number: 'Please enter a valid contact number',
      email: 'Please enter a valid email address',
      category: 'Please select a category',
      description: 'Please provide a brief description',
    })
  })

  it('counts trimmed length, so spaces do not satisfy a minimum', () => {
    expect(fieldErrors(supportRequestFormSchema, { ...valid, full_name: '  A  ' })).toEqual({
      full_name: 'Please enter your full name',
    })
  })

  it('rejects any other preferred channel', () => {
    expect(supportRequestSchema.safeParse({ ...valid, preferred_channel: 'phone' }).success).toBe(false)
  })
})
