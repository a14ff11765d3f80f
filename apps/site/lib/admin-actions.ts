'use server'

import { refused, succeeded } from '@siyakha/schemas/action-state'
import { createCompanyAdminSchema } from '@siyakha/schemas/company-admin'
import { callFunction } from '@siyakha/supabase/functions'
import { z } from 'zod'
import { siteAction } from './action'
import { getSettings } from './content'

export type CompanyCreated = { companyId: string; adminUserId: string }

const created = z.object({ company_id: z.string(), admin_user_id: z.string() })

/**
 * The admin panel's 'Create company admin', run on the server with the visitor's own session (its
 * token never reaches the browser). The values are the provider's fixed ones from the site
 * settings, not anything the browser sends; the function itself checks that the caller is a
 * provider admin.
 */
export const createCompanyAdminAction = siteAction({
  fields: [],
  schema: z.object({}),
  auth: 'session',
  run: async (_data, { session }) => {
    const settings = await getSettings()
    const body = createCompanyAdminSchema.safeParse({
      company_name: settings.brandName,
      admin_email: settings.emails.accounts,
      make_superadmin: true,
    })
    if (!body.success)
      return refused('failed', {}, { message: body.error.issues[0]?.message ?? 'Unexpected error' })
    const answer = await callFunction('create-company-admin', {
      body: body.data,
      accessToken: session?.accessToken,
      answer: created,
    })
    if (!answer.ok) {
      const { message, code, status } = answer.error
      console.error('Company creation failed', status, message || code)
      const shown = answer.error.reason === 'unreachable' ? 'Unexpected error' : message || code
      return refused(answer.error.reason, {}, { message: shown || `The server answered ${status}` })
    }
    return succeeded<CompanyCreated>({
      companyId: answer.data.company_id,
      adminUserId: answer.data.admin_user_id,
    })
  },
})
