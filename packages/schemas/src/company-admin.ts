import { email, LIMITS, text } from '@siyakha/schemas/text'
import { z } from 'zod'

// Imports only zod and the text rules (mapped in supabase/functions/deno.json), so the Deno edge
// functions can load this file as it is.

/** `create-company-admin`: a provider admin sets up a customer company and its first admin. */
export const createCompanyAdminSchema = z.object({
  company_name: text(LIMITS.companyName, {
    min: 2,
    required: 'Please enter the company name',
    tooLong: 'Keep the company name under 200 characters',
  }),
  admin_email: email().transform((value) => value.toLowerCase()),
  make_superadmin: z.boolean().default(false),
})

export type CreateCompanyAdmin = z.input<typeof createCompanyAdminSchema>
