import { z } from 'zod'

// Self-contained (imports only zod) so the Deno edge functions can load this file as it is.

/** `create-company-admin`: a provider admin sets up a customer company and its first admin. */
export const createCompanyAdminSchema = z.object({
  company_name: z
    .string()
    .trim()
    .min(2, 'Please enter the company name')
    .max(200, 'Keep the company name under 200 characters'),
  admin_email: z.string().trim().toLowerCase().pipe(z.email('Please enter a valid email address')),
  make_superadmin: z.boolean().default(false),
})

export type CreateCompanyAdmin = z.input<typeof createCompanyAdminSchema>
