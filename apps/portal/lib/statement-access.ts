import 'server-only'
import { adminCompaniesQuery } from '@siyakha/supabase/contracts'
import { cache } from 'react'
import { currentUser, serverSupabase } from './session'

/**
 * The companies the signed-in customer is company admin of, once per request: they see their
 * company's statement (the header's "Statement" link, /portal/statement). Staff are not asked
 * (they read every statement in the helpdesk), so staff pages cost no extra query.
 */
export const statementCompanies = cache(async (): Promise<{ id: string; name: string }[]> => {
  const user = await currentUser()
  if (!user || user.staff) return []
  // Every page's header asks: a failed read is logged and leaves the link out, so the page
  // itself still renders (or shows its own error) instead of the whole portal failing.
  try {
    const { data } = await adminCompaniesQuery(await serverSupabase(), user.id)
    return data.flatMap((row) => (row.companies ? [{ id: row.company_id, name: row.companies.name }] : []))
  } catch (error) {
    console.error('Could not read the companies the user administers', error)
    return []
  }
})
