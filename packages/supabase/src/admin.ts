import 'server-only'
import { createClient } from '@supabase/supabase-js'
import { z } from 'zod'
import { PORTAL_URL, publicEnv } from './env'
import type { TypedSupabaseClient } from './types'
import type { Json } from './types.gen'

// The provider admin's screens (issue 46, part 3): staff, companies (members, domains, sites) and
// the admin log. Everything runs as the signed-in admin through row-level security and the
// database's functions (84_company_admin.sql), so the admin log names them; only sending an Auth
// invitation needs the service role, and that client never leaves this server-only module.

// ── Auth invitations (service role, server only) ─────────────────────────────────────────────

/** The local stack's well-known service-role key (packages/local-supabase config/keys.ts). */
const LOCAL_SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU'

const isLoopback = (url: string) => ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname)

/**
 * SUPABASE_SERVICE_ROLE_KEY, read once when first needed. Against a local stack it defaults to the
 * stack's well-known key (like the anon key); anywhere else it must be set, and inviting says so.
 */
let serviceKey: string | undefined
function serviceRoleKey(): string {
  if (serviceKey) return serviceKey
  const parsed = z
    .string()
    .trim()
    .min(20)
    .safeParse(process.env.SUPABASE_SERVICE_ROLE_KEY || undefined)
  if (parsed.success) serviceKey = parsed.data
  else if (isLoopback(publicEnv.NEXT_PUBLIC_SUPABASE_URL)) serviceKey = LOCAL_SERVICE_ROLE_KEY
  else throw new Error('SUPABASE_SERVICE_ROLE_KEY is not set: the portal cannot send invitations')
  return serviceKey
}

/**
 * Invites an address to the portal (Supabase Auth's invitation email, supabase/templates/invite.html):
 * the link signs them in at /auth/confirm, where they choose a password. Returns the new user's id.
 * An address that already has an account is not invited again: `existing` says so.
 */
export async function inviteUser(
  email: string,
): Promise<{ userId: string; existing: boolean } | { error: string }> {
  const admin = createClient(publicEnv.NEXT_PUBLIC_SUPABASE_URL, serviceRoleKey(), {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  })
  const { data, error } = await admin.auth.admin.inviteUserByEmail(email, {
    redirectTo: `${PORTAL_URL}/auth`,
  })
  if (error) {
    if (error.code === 'email_exists') return { error: 'That address has an account already.' }
    console.error('Could not send the invitation', error.message)
    return { error: 'Could not send the invitation. Please try again.' }
  }
  return { userId: data.user.id, existing: false }
}

// ── Staff ─────────────────────────────────────────────────────────────────────────────────────

export interface StaffDirectoryRow {
  id: string
  name: string
  email: string
  role: 'agent' | 'siyakha_admin'
  active: boolean
  hasSecondFactor: boolean
  openTickets: number
  deactivatedAt: string | null
  /** Invited and not yet accepted. */
  invited: boolean
}

/** Every staff member, active first; empty for anyone but a provider admin. */
export async function staffDirectoryQuery(client: TypedSupabaseClient): Promise<StaffDirectoryRow[]> {
  const { data } = await client.rpc('staff_directory').throwOnError()
  return data.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    active: row.active,
    hasSecondFactor: row.has_second_factor,
    openTickets: row.open_tickets,
    deactivatedAt: row.deactivated_at ?? null,
    invited: row.invited,
  }))
}

/** A staff member's open assigned tickets, for reassignment. */
export async function openTicketsOfQuery(client: TypedSupabaseClient, userId: string) {
  const { data } = await client
    .from('tickets')
    .select('id, tracking_ref, summary, status')
    .eq('assigned_to', userId)
    .not('status', 'in', '(resolved,closed)')
    .order('created_at', { ascending: false })
    .limit(50)
    .throwOnError()
  return data
}

/** An account's id by email, for provider admins (null: no account, or not allowed). */
export async function userIdByEmailQuery(client: TypedSupabaseClient, email: string): Promise<string | null> {
  const { data } = await client.rpc('user_id_by_email', { address: email }).throwOnError()
  return data ?? null
}

export async function setStaffRoleMutation(
  client: TypedSupabaseClient,
  userId: string,
  role: 'agent' | 'siyakha_admin',
): Promise<void> {
  await client.rpc('set_staff_role', { member: userId, new_role: role }).throwOnError()
}

/** Returns the number of open tickets still assigned to them. */
export async function deactivateStaffMutation(client: TypedSupabaseClient, userId: string): Promise<number> {
  const { data } = await client.rpc('deactivate_staff', { member: userId }).throwOnError()
  return data
}

export async function reactivateStaffMutation(client: TypedSupabaseClient, userId: string): Promise<void> {
  await client.rpc('reactivate_staff', { member: userId }).throwOnError()
}

/** Returns how many tickets moved. */
export async function reassignOpenTicketsMutation(
  client: TypedSupabaseClient,
  from: string,
  to: string,
): Promise<number> {
  const { data } = await client
    .rpc('reassign_open_tickets', { from_member: from, to_member: to })
    .throwOnError()
  return data
}

// ── Companies ─────────────────────────────────────────────────────────────────────────────────

export interface CompanyListRow {
  id: string
  name: string
  accountManagerId: string | null
  members: number
  domains: string[]
}

export async function companiesQuery(client: TypedSupabaseClient): Promise<CompanyListRow[]> {
  const { data } = await client
    .from('companies')
    .select('id, name, account_manager_id, company_members(user_id), company_domains(domain)')
    .order('name')
    .limit(500)
    .throwOnError()
  return data.map((row) => ({
    id: row.id,
    name: row.name,
    accountManagerId: row.account_manager_id,
    // PostgREST's count() aggregate is off on Supabase by default: the member ids, counted here.
    members: row.company_members.length,
    domains: row.company_domains.map((d) => d.domain),
  }))
}

export async function companyQuery(client: TypedSupabaseClient, id: string) {
  const [company, members, domains, sites] = await Promise.all([
    client
      .from('companies')
      .select('id, name, notes, account_manager_id')
      .eq('id', id)
      .maybeSingle()
      .throwOnError(),
    client
      .from('company_members')
      .select('user_id, role, created_at')
      .eq('company_id', id)
      .order('created_at')
      .throwOnError(),
    client.from('company_domains').select('domain').eq('company_id', id).order('domain').throwOnError(),
    client
      .from('company_sites')
      .select('id, name, address, notes')
      .eq('company_id', id)
      .order('name')
      .throwOnError(),
  ])
  if (!company.data) return null
  const ids = members.data.map((m) => m.user_id)
  const { data: emails } = ids.length
    ? await client.rpc('user_emails', { user_ids: ids }).throwOnError()
    : { data: [] as { id: string; email: string }[] }
  const emailOf = new Map(emails.map((row) => [row.id, row.email]))
  return {
    ...company.data,
    members: members.data.map((m) => ({ ...m, email: emailOf.get(m.user_id) ?? 'Unknown' })),
    domains: domains.data.map((d) => d.domain),
    sites: sites.data,
  }
}

export async function createCompanyMutation(
  client: TypedSupabaseClient,
  company: { name: string; notes: string; accountManagerId: string | null },
): Promise<string> {
  const { data } = await client
    .from('companies')
    .insert({ name: company.name, notes: company.notes, account_manager_id: company.accountManagerId })
    .select('id')
    .single()
    .throwOnError()
  return data.id
}

/** Returns whether a row changed (false: not found or not allowed). */
export async function updateCompanyMutation(
  client: TypedSupabaseClient,
  id: string,
  company: { name: string; notes: string; accountManagerId: string | null },
): Promise<boolean> {
  const { data } = await client
    .from('companies')
    .update({ name: company.name, notes: company.notes, account_manager_id: company.accountManagerId })
    .eq('id', id)
    .select('id')
    .throwOnError()
  return data.length > 0
}

export async function addCompanyMemberMutation(
  client: TypedSupabaseClient,
  companyId: string,
  userId: string,
  role: 'member' | 'company_admin',
): Promise<void> {
  // Not an upsert: ON CONFLICT DO UPDATE needs UPDATE on every column it sets, and admins may
  // change a membership's role only.
  const { error } = await client
    .from('company_members')
    .insert({ company_id: companyId, user_id: userId, role })
  if (error?.code === '23505') {
    await setCompanyMemberRoleMutation(client, companyId, userId, role)
    return
  }
  if (error) throw error
}

export async function setCompanyMemberRoleMutation(
  client: TypedSupabaseClient,
  companyId: string,
  userId: string,
  role: 'member' | 'company_admin',
): Promise<boolean> {
  const { data } = await client
    .from('company_members')
    .update({ role })
    .eq('company_id', companyId)
    .eq('user_id', userId)
    .select('user_id')
    .throwOnError()
  return data.length > 0
}

export async function removeCompanyMemberMutation(
  client: TypedSupabaseClient,
  companyId: string,
  userId: string,
): Promise<boolean> {
  const { data } = await client
    .from('company_members')
    .delete()
    .eq('company_id', companyId)
    .eq('user_id', userId)
    .select('user_id')
    .throwOnError()
  return data.length > 0
}

export async function addCompanyDomainMutation(
  client: TypedSupabaseClient,
  companyId: string,
  domain: string,
): Promise<void> {
  await client.from('company_domains').insert({ company_id: companyId, domain }).throwOnError()
}

export async function removeCompanyDomainMutation(
  client: TypedSupabaseClient,
  companyId: string,
  domain: string,
): Promise<boolean> {
  const { data } = await client
    .from('company_domains')
    .delete()
    .eq('company_id', companyId)
    .eq('domain', domain)
    .select('domain')
    .throwOnError()
  return data.length > 0
}

export async function addCompanySiteMutation(
  client: TypedSupabaseClient,
  site: { companyId: string; name: string; address: string; notes: string },
): Promise<void> {
  await client
    .from('company_sites')
    .insert({ company_id: site.companyId, name: site.name, address: site.address, notes: site.notes })
    .throwOnError()
}

export async function updateCompanySiteMutation(
  client: TypedSupabaseClient,
  site: { siteId: string; companyId: string; name: string; address: string; notes: string },
): Promise<boolean> {
  const { data } = await client
    .from('company_sites')
    .update({ name: site.name, address: site.address, notes: site.notes })
    .eq('id', site.siteId)
    .eq('company_id', site.companyId)
    .select('id')
    .throwOnError()
  return data.length > 0
}

export async function removeCompanySiteMutation(
  client: TypedSupabaseClient,
  companyId: string,
  siteId: string,
): Promise<boolean> {
  const { data } = await client
    .from('company_sites')
    .delete()
    .eq('id', siteId)
    .eq('company_id', companyId)
    .select('id')
    .throwOnError()
  return data.length > 0
}

/** What agents see beside a ticket of the company: notes, sites and the account manager's name. */
export async function companyCardQuery(client: TypedSupabaseClient, companyId: string) {
  const [company, sites] = await Promise.all([
    client.from('companies').select('id, name, notes, account_manager_id').eq('id', companyId).maybeSingle(),
    client.from('company_sites').select('id, name, address, notes').eq('company_id', companyId).order('name'),
  ])
  if (company.error || sites.error) {
    console.error('Could not load the company card', (company.error ?? sites.error)?.message)
    return null
  }
  if (!company.data) return null
  let accountManager: string | null = null
  if (company.data.account_manager_id) {
    const { data } = await client.rpc('user_emails', { user_ids: [company.data.account_manager_id] })
    accountManager = data?.[0]?.email ?? null
  }
  return { ...company.data, sites: sites.data, accountManager }
}

// ── The admin log ─────────────────────────────────────────────────────────────────────────────

export interface AdminLogEntry {
  id: number
  actorId: string | null
  actorName: string
  tableName: string
  rowKey: string
  action: string
  before: Record<string, Json> | null
  after: Record<string, Json> | null
  createdAt: string
}

/** A page of the log, newest first, older than `before` (an id: keyset paging). */
export async function adminLogQuery(
  client: TypedSupabaseClient,
  filter: { table: string | null; actor: string | null; before: number | null },
  pageSize: number,
): Promise<AdminLogEntry[]> {
  let query = client
    .from('admin_log')
    .select('id, actor_id, actor_name, table_name, row_key, action, before, after, created_at')
  if (filter.table) query = query.eq('table_name', filter.table)
  if (filter.actor) query = query.eq('actor_id', filter.actor)
  if (filter.before) query = query.lt('id', filter.before)
  const { data } = await query.order('id', { ascending: false }).limit(pageSize).throwOnError()
  return data.map((row) => ({
    id: row.id,
    actorId: row.actor_id,
    actorName: row.actor_name,
    tableName: row.table_name,
    rowKey: row.row_key,
    action: row.action,
    before: row.before as Record<string, Json> | null,
    after: row.after as Record<string, Json> | null,
    createdAt: row.created_at,
  }))
}

/** The people who appear in the log, for its "by" filter. */
export async function adminLogActorsQuery(client: TypedSupabaseClient) {
  const { data } = await client.rpc('staff_directory').throwOnError()
  return data.map((row) => ({ id: row.id, name: row.name }))
}
