import type { TypedSupabaseClient } from './types'

/**
 * The signed-in user's standing as staff (public.staff_two_factor_state, …_staff_two_factor.sql):
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
