import type { BusinessCalendarForm, SlaTarget } from '@siyakha/schemas/sla-admin'
import type { TypedSupabaseClient } from './types'

/**
 * The SLA page (issue 46, part 3): targets, contract plans, the business calendar, closed days
 * and the year's public holidays. Staff read them; the saves are provider admins' (row-level
 * security and the save functions refuse anyone else) and answer how many open tickets' due times
 * moved. Each throws the PostgREST error on failure.
 */

/** Everything the page shows, for one contract's plan (or none) and one year's holidays. */
export async function slaSetupQuery(
  client: TypedSupabaseClient,
  { contractId, year }: { contractId: string | null; year: number },
) {
  const [targets, calendar, closedDays, holidays, contracts, plan] = await Promise.all([
    client.from('sla_targets').select('priority, first_response_minutes, resolution_minutes').throwOnError(),
    client
      .from('business_calendar')
      .select('time_zone, opens_at, closes_at, open_weekdays, public_holidays, updated_at')
      .maybeSingle()
      .throwOnError(),
    client.from('closed_days').select('day, name').order('day').throwOnError(),
    client.rpc('public_holidays_of', { p_year: year }).throwOnError(),
    client
      .from('contracts')
      .select('id, name, starts_on, ends_on, company_id, companies(name)')
      .order('starts_on', { ascending: false })
      .limit(500)
      .throwOnError(),
    contractId
      ? client
          .from('contract_sla_targets')
          .select('priority, first_response_minutes, resolution_minutes')
          .eq('contract_id', contractId)
          .throwOnError()
      : Promise.resolve({ data: [] as SlaTarget[] }),
  ])
  return {
    targets: targets.data,
    calendar: calendar.data,
    closedDays: closedDays.data,
    holidays: holidays.data,
    contracts: contracts.data.map((contract) => ({
      id: contract.id,
      name: contract.name,
      startsOn: contract.starts_on,
      endsOn: contract.ends_on,
      companyName: (contract.companies as { name: string } | null)?.name ?? '',
    })),
    plan: plan.data ?? [],
  }
}

/** Global targets (contract null) or a contract's plan; the number of open tickets moved. */
export async function saveSlaTargetsMutation(
  client: TypedSupabaseClient,
  { contract, targets }: { contract: string | null; targets: SlaTarget[] },
): Promise<number> {
  const { data } = await client
    .rpc('save_sla_targets', { p_contract: contract as string, p_targets: targets as never })
    .throwOnError()
  return data
}

export async function saveBusinessCalendarMutation(
  client: TypedSupabaseClient,
  calendar: BusinessCalendarForm,
): Promise<number> {
  const { data } = await client
    .rpc('save_business_calendar', {
      p_time_zone: calendar.time_zone,
      p_opens_at: calendar.opens_at,
      p_closes_at: calendar.closes_at,
      p_open_weekdays: calendar.open_weekdays,
      p_public_holidays: calendar.public_holidays,
    })
    .throwOnError()
  return data
}

export async function addClosedDayMutation(
  client: TypedSupabaseClient,
  { day, name }: { day: string; name: string },
): Promise<number> {
  const { data } = await client.rpc('add_closed_day', { p_day: day, p_name: name }).throwOnError()
  return data
}

export async function removeClosedDayMutation(client: TypedSupabaseClient, day: string): Promise<number> {
  const { data } = await client.rpc('remove_closed_day', { p_day: day }).throwOnError()
  return data
}
