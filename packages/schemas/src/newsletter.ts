import { email } from '@siyakha/schemas/text'
import { z } from 'zod'

// Imports only zod and the text rules (mapped in supabase/functions/deno.json), so the Deno edge
// functions can load this file as it is.

/** Newsletter sign-up (double opt-in: the address gets a confirmation link first). */
export const newsletterSubscribeSchema = z.object({
  email: email().transform((value) => value.toLowerCase()),
})

/** The links in the mails: confirm a pending address, or unsubscribe. */
export const newsletterTokenSchema = z.object({
  action: z.enum(['confirm', 'unsubscribe']),
  token: z.uuid('Unknown or expired link'),
})

export type NewsletterSubscribe = z.infer<typeof newsletterSubscribeSchema>
export type NewsletterToken = z.infer<typeof newsletterTokenSchema>
