import { email, LIMITS, text } from '@siyakha/schemas/text'
import { z } from 'zod'

/** The /log-it categories the support team triages by, in display order. */
export const SUPPORT_CATEGORIES = [
  'Technical Support',
  'Network Issue',
  'Security & Surveillance',
  'Cloud & Edge Solutions',
  'Collaboration Tools',
  'Other',
] as const

/** The fields a visitor fills in on /log-it; the spec's messages sit next to their rules. */
export const supportRequestFormSchema = z.object({
  full_name: text(LIMITS.fullName, { min: 2, required: 'Please enter your full name' }),
  contact_number: text(LIMITS.contactNumber, { min: 5, required: 'Please enter a valid contact number' }),
  whatsapp_number: text(LIMITS.whatsappNumber).optional(),
  email: email(),
  category: text(LIMITS.category, { min: 2, required: 'Please select a category' }),
  description: text(LIMITS.description, { min: 10, required: 'Please provide a brief description' }),
})

/** What the site sends to the `log-support-call` function: the form plus the fixed channel. */
export const supportRequestSchema = supportRequestFormSchema.extend({
  preferred_channel: z.literal('email'),
})

export type SupportRequestForm = z.infer<typeof supportRequestFormSchema>
export type SupportRequest = z.infer<typeof supportRequestSchema>
export type SupportRequestField = keyof SupportRequestForm
