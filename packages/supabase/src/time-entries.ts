import type { TimeEntryInput, WorkType } from '@siyakha/schemas/time-entries'
import type { TypedSupabaseClient } from './types'

/**
 * Time on tickets (issue 46, part 1): reads and writes of the ticket page's Time card. Staff only:
 * row-level security returns nothing to anyone else, and refuses their writes. Each throws the
 * PostgREST error on failure.
 */

/** A ticket's entries (newest day first), its totals and the running timers on it. */
export async function ticketTimeQuery(client: TypedSupabaseClient, ticketId: string) {
  const [entries, total, timers] = await Promise.all([
    client
      .from('time_entries')
      .select('id, agent_id, agent_name, work_date, minutes, work_type, billable, note, created_at')
      .eq('ticket_id', ticketId)
      .order('work_date', { ascending: false })
      .order('created_at', { ascending: false })
      .limit(500)
      .throwOnError(),
    client.rpc('ticket_time_total', { p_ticket: ticketId }).maybeSingle().throwOnError(),
    client
      .from('time_timers')
      .select('agent_id, started_at, work_type, billable, note')
      .eq('ticket_id', ticketId)
      .throwOnError(),
  ])
  return {
    entries: entries.data,
    minutes: total.data?.minutes ?? 0,
    billableMinutes: total.data?.billable_minutes ?? 0,
    timers: timers.data,
  }
}

/** Starts the signed-in agent's timer, or answers the one already running (public.start_time_timer). */
export async function startTimerMutation(
  client: TypedSupabaseClient,
  input: { ticketId: string; workType: WorkType; billable: boolean; note: string },
) {
  const { data } = await client
    .rpc('start_time_timer', {
      p_ticket: input.ticketId,
      p_work_type: input.workType,
      p_billable: input.billable,
      p_note: input.note,
    })
    .single()
    .throwOnError()
  return data
}

/** Stops the signed-in agent's timer and logs its time (public.stop_time_timer). */
export async function stopTimerMutation(client: TypedSupabaseClient, ticketId: string) {
  const { data } = await client.rpc('stop_time_timer', { p_ticket: ticketId }).single().throwOnError()
  return data
}

function entryColumns(input: TimeEntryInput) {
  return {
    minutes: input.minutes,
    work_type: input.workType,
    billable: input.billable,
    work_date: input.workDate,
    note: input.note || null,
  }
}

/** Time added by hand, in the signed-in agent's name (the database stamps who, company, contract). */
export async function addTimeEntryMutation(client: TypedSupabaseClient, input: TimeEntryInput) {
  const { data } = await client
    .from('time_entries')
    .insert({ ticket_id: input.ticketId, ...entryColumns(input) })
    .select('id, minutes')
    .single()
    .throwOnError()
  return data
}

/**
 * Corrects an entry. Null when row-level security hid it from the update: not the author within
 * 7 days, nor a provider admin (or it is gone).
 */
export async function updateTimeEntryMutation(
  client: TypedSupabaseClient,
  input: TimeEntryInput & { entryId: string },
) {
  const { data } = await client
    .from('time_entries')
    .update(entryColumns(input))
    .eq('id', input.entryId)
    .eq('ticket_id', input.ticketId)
    .select('id, minutes')
    .maybeSingle()
    .throwOnError()
  return data
}

/** Removes an entry; null when it was not the caller's to remove (as for the update). */
export async function deleteTimeEntryMutation(
  client: TypedSupabaseClient,
  input: { ticketId: string; entryId: string },
) {
  const { data } = await client
    .from('time_entries')
    .delete()
    .eq('id', input.entryId)
    .eq('ticket_id', input.ticketId)
    .select('id')
    .maybeSingle()
    .throwOnError()
  return data
}
