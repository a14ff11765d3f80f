// Provider admins only: set up a customer company and invite its first company admin
// (optionally also a provider admin). Roles and memberships are written with the service role.
import { createCompanyAdminSchema } from '@siyakha/schemas/company-admin'
import type { SupabaseClient } from '@supabase/supabase-js'
import { HttpError, json, readJson, serve, validationError } from '../_shared/http.ts'
import { portalUrl } from '../_shared/mail.ts'
import { callerClient, requireUser, serviceClient } from '../_shared/supabase.ts'

async function companyId(service: SupabaseClient, name: string, createdBy: string): Promise<string> {
  const pattern = name.replace(/[\\%_]/g, (c) => `\\${c}`)
  for (let attempt = 0; attempt < 2; attempt++) {
    const { data: existing, error } = await service
      .from('companies')
      .select('id')
      .ilike('name', pattern)
      .limit(1)
      .maybeSingle()
    if (error) throw new Error(`find company: ${error.message}`)
    if (existing) return existing.id
    const { data: created, error: insertError } = await service
      .from('companies')
      .insert({ name, created_by: createdBy })
      .select('id')
      .single()
    if (!insertError) return created.id
    // Created concurrently under the same name: look it up again.
    if (insertError.code !== '23505') throw new Error(`create company: ${insertError.message}`)
  }
  throw new Error('create company: name conflict')
}

async function findUserId(service: SupabaseClient, email: string): Promise<string | undefined> {
  for (let page = 1; page <= 100; page++) {
    const { data, error } = await service.auth.admin.listUsers({ page, perPage: 1000 })
    if (error) throw new Error(`list users: ${error.message}`)
    const user = data.users.find((u) => u.email?.toLowerCase() === email)
    if (user) return user.id
    if (data.users.length < 1000) return undefined
  }
  return undefined
}

/** Invites the address (an email with a link to the portal), or reuses the account it already has. */
async function adminUserId(service: SupabaseClient, email: string): Promise<string> {
  const existing = await findUserId(service, email)
  if (existing) return existing
  const { data, error } = await service.auth.admin.inviteUserByEmail(email, {
    redirectTo: `${portalUrl()}/auth`,
  })
  if (!error) return data.user.id
  const raced = await findUserId(service, email)
  if (raced) return raced
  throw new Error(`invite: ${error.message}`)
}

serve({
  async POST(req) {
    const caller = callerClient(req)
    const user = await requireUser(req, caller)
    // Asked as the caller, so the database's staff check decides (with two-factor sign-in when
    // provider admins require it), not a look at user_roles past it.
    const { data: access, error: roleError } = await caller.rpc('staff_two_factor_state').maybeSingle<{
      provider_admin: boolean
      staff_access: boolean
    }>()
    if (roleError) throw new Error(`role check: ${roleError.message}`)
    if (!access?.provider_admin || !access.staff_access)
      throw new HttpError(403, { error: 'forbidden', message: 'Only provider admins can do that.' })
    const service = serviceClient()

    const parsed = createCompanyAdminSchema.safeParse(await readJson(req))
    if (!parsed.success) throw validationError(parsed.error.issues)
    const { company_name, admin_email, make_superadmin } = parsed.data

    const company_id = await companyId(service, company_name, user.id)
    const admin_user_id = await adminUserId(service, admin_email)
    const { error: memberError } = await service
      .from('company_members')
      .upsert(
        { company_id, user_id: admin_user_id, role: 'company_admin' },
        { onConflict: 'company_id,user_id' },
      )
    if (memberError) throw new Error(`membership: ${memberError.message}`)
    if (make_superadmin) {
      const { error: superError } = await service
        .from('user_roles')
        .upsert(
          { user_id: admin_user_id, role: 'siyakha_admin' },
          { onConflict: 'user_id,role', ignoreDuplicates: true },
        )
      if (superError) throw new Error(`provider admin role: ${superError.message}`)
    }
    return json(req, 200, { company_id, admin_user_id })
  },
})
