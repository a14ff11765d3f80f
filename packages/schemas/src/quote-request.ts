import { z } from 'zod'

/** Phone numbers as people type them: digits with spaces, brackets, dashes, an optional leading '+'. */
const PHONE = /^\+?[\d\s()-]+$/

/** The home page quote request (#quote-form); messages sit next to their rules. */
export const quoteRequestSchema = z.object({
  full_name: z.string().trim().min(2, 'Please enter your full name'),
  company: z.string().trim().optional(),
  email: z.string().trim().pipe(z.email('Please enter a valid email address')),
  phone: z
    .string()
    .trim()
    .refine(
      (value) => PHONE.test(value) && value.replace(/\D/g, '').length >= 9,
      'Please enter a valid phone number',
    ),
  service: z.string().trim().min(1, 'Please choose a service'),
  message: z.string().trim().min(10, 'Please tell us a little about what you need'),
})

export type QuoteRequest = z.infer<typeof quoteRequestSchema>
export type QuoteRequestField = keyof QuoteRequest
