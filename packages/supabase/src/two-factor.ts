import type { TypedSupabaseClient } from './types'

/**
 * The signed-in user's standing as staff (public.staff_two_factor_state, supabase/schemas/80_staff_and_two_factor.sql):
 * whether provider admins require two-factor sign-in, the session's level, staff and provider-admin
 * by role, whether the database grants staff powers to this session right now, and whether an
 * authenticator app is turned on.
 */
export interface StaffTwoFactorState {
  required: boolean
  aal: string
  staffMember: boolean
  providerAdmin: boolean
  staffAccess: boolean
  /** An authenticator app is turned on (a verified TOTP factor). */
  hasSecondFactor: boolean
}

export const NOT_STAFF: StaffTwoFactorState = {
  required: false,
  aal: 'aal1',
  staffMember: false,
  providerAdmin: false,
  staffAccess: false,
  hasSecondFactor: false,
}

/**
 * Only decides what the portal shows and where it sends staff; row-level security decides what
 * they may read and change. A failed read counts as "not staff" (logged): the portal then shows
 * less, never more.
 */
export async function staffTwoFactorStateQuery(client: TypedSupabaseClient): Promise<StaffTwoFactorState> {
  const { data, error } = await client.rpc('staff_two_factor_state').maybeSingle()
  if (error) {
    console.error('Staff check failed; treating the user as not staff.', error.message)
    return NOT_STAFF
  }
  if (!data) return NOT_STAFF
  return {
    required: data.required,
    aal: data.aal,
    staffMember: data.staff_member,
    providerAdmin: data.provider_admin,
    staffAccess: data.staff_access,
    hasSecondFactor: data.has_second_factor,
  }
}

/**
 * A provider admin's "Require two-factor sign-in for all staff". Row-level security lets only a
 * provider admin change it, and turning it on only from a session signed in with two factors:
 * anyone else changes nothing (false) or gets the refusal (thrown).
 */
export async function setStaffTwoFactorRequiredMutation(
  client: TypedSupabaseClient,
  required: boolean,
): Promise<boolean> {
  const { data } = await client
    .from('helpdesk_settings')
    .update({ staff_two_factor_required: required })
    .eq('id', true)
    .select('staff_two_factor_required')
    .throwOnError()
  return data.length === 1
}

/**
 * One of the signed-in account's 5 two-factor codes per 15 minutes (public.begin_two_factor_attempt,
 * supabase/schemas/80_staff_and_two_factor.sql), taken before the code goes to Auth: the reservation to clear when the
 * code is right and the seconds to wait should it be wrong (0 while attempts are left), or, with
 * the 5 used up, no reservation and the seconds until the oldest drops out.
 */
export type TwoFactorAttempt =
  | { attemptId: string; waitIfWrong: number }
  | { attemptId: null; retryAfter: number }

export async function beginTwoFactorAttemptMutation(client: TypedSupabaseClient): Promise<TwoFactorAttempt> {
  const { data } = await client.rpc('begin_two_factor_attempt').single().throwOnError()
  return data.attempt_id
    ? { attemptId: data.attempt_id, waitIfWrong: data.wait_if_wrong }
    : { attemptId: null, retryAfter: Math.max(1, data.retry_after) }
}

/**
 * The code was right: clears its reservation so it does not count as a wrong one. Only a session
 * with two factors clears anything, so this sends the access token the code just raised to aal2
 * (the client's cookies may still hold the one it had before).
 */
export async function twoFactorAttemptSucceededMutation(
  client: TypedSupabaseClient,
  attemptId: string,
  aal2AccessToken: string,
): Promise<boolean> {
  const { data } = await client
    .rpc('two_factor_attempt_succeeded', { attempt: attemptId })
    .setHeader('Authorization', `Bearer ${aal2AccessToken}`)
    .throwOnError()
  return data
}

/** A staff member as the provider admin's two-factor list shows them. */
export interface StaffTwoFactorRow {
  id: string
  name: string
  email: string
  role: 'agent' | 'siyakha_admin'
  hasSecondFactor: boolean
  /** The last time a provider admin removed their two-factor sign-in, and who. */
  lastRemoval: { at: string; by: string } | null
}

/** Every staff member with their two-factor standing; empty for anyone but a provider admin. */
export async function staffTwoFactorOverviewQuery(client: TypedSupabaseClient): Promise<StaffTwoFactorRow[]> {
  const { data } = await client.rpc('staff_two_factor_overview').throwOnError()
  return data.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    hasSecondFactor: row.has_second_factor,
    lastRemoval: row.last_removed_at ? { at: row.last_removed_at, by: row.last_removed_by } : null,
  }))
}

/**
 * A provider admin removes a staff member's authenticator factors and ends their sessions, logged
 * with who did it (public.remove_staff_two_factor). The database refuses anyone else (42501),
 * the admin themselves (22023) and someone who is not staff (P0002). Returns the factors removed.
 */
export async function removeStaffTwoFactorMutation(
  client: TypedSupabaseClient,
  staffMemberId: string,
): Promise<number> {
  const { data } = await client.rpc('remove_staff_two_factor', { staff_member: staffMemberId }).throwOnError()
  return data
}
