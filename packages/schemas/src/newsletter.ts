import { z } from 'zod'

// Self-contained (imports only zod) so the Deno edge functions can load this file as it is.

/** Newsletter sign-up (double opt-in: the address gets a confirmation link first). */
export const newsletterSubscribeSchema = z.object({
  email: z.string().trim().toLowerCase().max(320).pipe(z.email('Please enter a valid email address')),
})

/** The links in the mails: confirm a pending address, or unsubscribe. */
export const newsletterTokenSchema = z.object({
  action: z.enum(['confirm', 'unsubscribe']),
  token: z.uuid('Unknown or expired link'),
})

export type NewsletterSubscribe = z.infer<typeof newsletterSubscribeSchema>
export type NewsletterToken = z.infer<typeof newsletterTokenSchema>
