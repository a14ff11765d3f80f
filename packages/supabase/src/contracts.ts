// Contracts and monthly statements (issue 46, part 2): the reads and writes of the contracts admin
// screen, the staff statements and the customer's statement page. The statement figures come from
// public.statement_summary / statement_lines, which decide what each caller may see.
import type { ContractForm } from '@siyakha/schemas/contracts'
import type { TypedSupabaseClient } from './types'

const CONTRACT_COLUMNS =
  'id, company_id, name, kind, starts_on, ends_on, hours_per_month, rollover, hourly_rate_cents, currency, companies(name)'

/** Every contract with its company's name, by company and newest first (staff; RLS). */
export function contractsQuery(client: TypedSupabaseClient) {
  return client
    .from('contracts')
    .select(CONTRACT_COLUMNS)
    .order('company_id')
    .order('starts_on', { ascending: false })
    .throwOnError()
}

/** One contract; `data` is null when missing or unreadable. */
export function contractQuery(client: TypedSupabaseClient, id: string) {
  return client.from('contracts').select(CONTRACT_COLUMNS).eq('id', id).maybeSingle().throwOnError()
}

/** Companies to pick from, by name. */
export function companyChoicesQuery(client: TypedSupabaseClient) {
  return client.from('companies').select('id, name').order('name').throwOnError()
}

/** One company's name; `data` is null when missing or unreadable. */
export function companyNameQuery(client: TypedSupabaseClient, id: string) {
  return client.from('companies').select('id, name').eq('id', id).maybeSingle().throwOnError()
}

/** Contracts in force on any day from `firstDay` up to (not including) `nextFirstDay`. */
export function contractsInForceQuery(client: TypedSupabaseClient, firstDay: string, nextFirstDay: string) {
  return client
    .from('contracts')
    .select('company_id, companies(name)')
    .lt('starts_on', nextFirstDay)
    .or(`ends_on.is.null,ends_on.gte.${firstDay}`)
    .throwOnError()
}

const row = (data: ContractForm) => ({
  name: data.name,
  kind: data.kind,
  starts_on: data.starts_on,
  ends_on: data.ends_on,
  hours_per_month: data.hours_per_month,
  rollover: data.rollover,
  hourly_rate_cents: data.hourly_rate_cents,
  currency: data.currency,
})

/** A new contract (provider admins; the database refuses an overlap with code 23P01). */
export async function createContractMutation(
  client: TypedSupabaseClient,
  data: ContractForm,
): Promise<string> {
  const { data: created } = await client
    .from('contracts')
    .insert({ company_id: data.company_id, ...row(data) })
    .select('id')
    .single()
    .throwOnError()
  return created.id
}

/** Changes a contract; the number of rows changed (0: not there, or not allowed). */
export async function updateContractMutation(
  client: TypedSupabaseClient,
  id: string,
  data: ContractForm,
): Promise<number> {
  const { data: changed } = await client
    .from('contracts')
    .update(row(data))
    .eq('id', id)
    .select('id')
    .throwOnError()
  return changed.length
}

/** The month's statement rows of a company (one per contract in force; see statement_summary). */
export function statementSummaryQuery(client: TypedSupabaseClient, companyId: string, firstDay: string) {
  return client.rpc('statement_summary', { p_company: companyId, p_month: firstDay }).throwOnError()
}

/** The month's time of a company by ticket, agent, work type and billable. */
export function statementLinesQuery(client: TypedSupabaseClient, companyId: string, firstDay: string) {
  return client.rpc('statement_lines', { p_company: companyId, p_month: firstDay }).throwOnError()
}

/** The retainer alerts sent for a company's month (staff). */
export function retainerAlertsQuery(client: TypedSupabaseClient, companyId: string, firstDay: string) {
  return client
    .from('retainer_alerts')
    .select('threshold, used_minutes, available_minutes, created_at')
    .eq('company_id', companyId)
    .eq('month', firstDay)
    .order('threshold')
    .throwOnError()
}

/** The companies the signed-in user is company admin of (the customer's statement page). */
export function adminCompaniesQuery(client: TypedSupabaseClient, userId: string) {
  return client
    .from('company_members')
    .select('company_id, companies(name)')
    .eq('user_id', userId)
    .eq('role', 'company_admin')
    .throwOnError()
}
