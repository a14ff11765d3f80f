'use server'

import { createCompanyAdminSchema } from '@siyakha/schemas/company-admin'
import { getSettings } from './content'
import { SUPABASE_ANON_KEY, SUPABASE_URL } from './env'
import { verifiedSession } from './site-session'

export type CompanyAdminState =
  | { status: 'idle' }
  | { status: 'success'; companyId: string; adminUserId: string; at: number }
  | { status: 'error'; message: string; at: number }

const failed = (message: string): CompanyAdminState => ({ status: 'error', message, at: Date.now() })

/**
 * The admin panel's 'Create company admin', run on the server with the visitor's own session (its
 * token never reaches the browser). The values are the provider's fixed ones from the site
 * settings, not anything the browser sends; the function itself checks that the caller is a
 * provider admin.
 */
export async function createCompanyAdminAction(_previous: CompanyAdminState): Promise<CompanyAdminState> {
  const session = await verifiedSession()
  if (!session) return failed('Auth session missing!')
  const settings = await getSettings()
  const body = createCompanyAdminSchema.safeParse({
    company_name: settings.brandName ?? '',
    admin_email: settings.emails?.accounts ?? '',
    make_superadmin: true,
  })
  if (!body.success) return failed(body.error.issues[0]?.message ?? 'Unexpected error')
  try {
    const response = await fetch(`${SUPABASE_URL}/functions/v1/create-company-admin`, {
      method: 'POST',
      headers: {
        apikey: SUPABASE_ANON_KEY,
        Authorization: `Bearer ${session.accessToken}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify(body.data),
      cache: 'no-store',
      signal: AbortSignal.timeout(15_000),
    })
    const answer = ((await response.json().catch(() => null)) ?? {}) as {
      company_id?: unknown
      admin_user_id?: unknown
      error?: unknown
      message?: unknown
    }
    if (response.ok && typeof answer.company_id === 'string' && typeof answer.admin_user_id === 'string') {
      return {
        status: 'success',
        companyId: answer.company_id,
        adminUserId: answer.admin_user_id,
        at: Date.now(),
      }
    }
    const message =
      typeof answer.message === 'string'
        ? answer.message
        : typeof answer.error === 'string'
          ? answer.error
          : ''
    console.error('Company creation failed', response.status, message)
    return failed(message || `The server answered ${response.status}`)
  } catch (error) {
    console.error('Company creation failed', error)
    return failed('Unexpected error')
  }
}
