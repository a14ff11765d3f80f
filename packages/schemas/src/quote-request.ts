import { email, LIMITS, text } from '@siyakha/schemas/text'
import { z } from 'zod'

/** Phone numbers as people type them: digits with spaces, brackets, dashes, an optional leading '+'. */
const PHONE = /^\+?[\d\s()-]+$/

/** The home page quote request (#quote-form); messages sit next to their rules. */
export const quoteRequestSchema = z.object({
  full_name: text(LIMITS.fullName, { min: 2, required: 'Please enter your full name' }),
  company: text(LIMITS.company).optional(),
  email: email(),
  phone: text(LIMITS.phone, { tooLong: 'Please enter a valid phone number' }).refine(
    (value) => PHONE.test(value) && value.replace(/\D/g, '').length >= 9,
    'Please enter a valid phone number',
  ),
  service: text(LIMITS.service, { min: 1, required: 'Please choose a service' }),
  message: text(LIMITS.message, { min: 10, required: 'Please tell us a little about what you need' }),
})

export type QuoteRequest = z.infer<typeof quoteRequestSchema>
export type QuoteRequestField = keyof QuoteRequest
