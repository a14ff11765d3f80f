import { describe, expect, it } from 'vitest'
import { fieldErrors } from './action-state'
import { newsletterSubscribeSchema, newsletterTokenSchema } from './newsletter'

describe('newsletter schemas', () => {
  it('normalises the address and rejects a bad one', () => {
    expect(newsletterSubscribeSchema.parse({ email: ' Reader@Example.co.za ' }).email).toBe(
      'reader@example.co.za',
    )
    expect(fieldErrors(newsletterSubscribeSchema, { email: 'reader@' })).toEqual({
      email: 'Please enter a valid email address',
    })
  })

  it('accepts confirm and unsubscribe with a uuid token only', () => {
    const token = '0f8fad5b-d9cb-469f-a165-70867728950e'
    expect(newsletterTokenSchema.safeParse({ action: 'confirm', token }).success).toBe(true)
    expect(newsletterTokenSchema.safeParse({ action: 'unsubscribe', token }).success).toBe(true)
    expect(newsletterTokenSchema.safeParse({ action: 'delete', token }).success).toBe(false)
    expect(newsletterTokenSchema.safeParse({ action: 'confirm', token: 'abc' }).success).toBe(false)
  })
})
