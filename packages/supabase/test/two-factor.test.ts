import { describe, expect, it, vi } from 'vitest'
import { NOT_STAFF, setStaffTwoFactorRequiredMutation, staffTwoFactorStateQuery } from '../src/two-factor'
import { json, recordingClient } from './recording-client'

describe('staffTwoFactorStateQuery', () => {
  it('asks public.staff_two_factor_state for one row and names its columns our way', async () => {
    const { client, requests } = recordingClient(() =>
      json({
        required: true,
        aal: 'aal1',
        staff_member: true,
        provider_admin: false,
        staff_access: false,
        has_second_factor: true,
      }),
    )
    expect(await staffTwoFactorStateQuery(client)).toEqual({
      required: true,
      aal: 'aal1',
      staffMember: true,
      providerAdmin: false,
      staffAccess: false,
      hasSecondFactor: true,
    })
    expect(requests[0]?.url.pathname).toBe('/rest/v1/rpc/staff_two_factor_state')
  })

  it('a signed-out caller (no row) or a failed read counts as not staff', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const empty = recordingClient(() => json([]))
    expect(await staffTwoFactorStateQuery(empty.client)).toEqual(NOT_STAFF)
    expect(error).not.toHaveBeenCalled()
    const failed = recordingClient(() => json({ code: '42501', message: 'permission denied' }, 403))
    expect(await staffTwoFactorStateQuery(failed.client)).toEqual(NOT_STAFF)
    expect(error).toHaveBeenCalledOnce()
    error.mockRestore()
  })
})

describe('setStaffTwoFactorRequiredMutation', () => {
  it('updates the one settings row and tells whether row-level security let it through', async () => {
    const { client, requests } = recordingClient(() => json([{ staff_two_factor_required: true }]))
    expect(await setStaffTwoFactorRequiredMutation(client, true)).toBe(true)
    const sent = requests[0]
    expect(sent?.init.method).toBe('PATCH')
    expect(sent?.url.pathname).toBe('/rest/v1/helpdesk_settings')
    expect(sent?.url.searchParams.get('id')).toBe('eq.true')
    expect(JSON.parse(String(sent?.init.body))).toEqual({ staff_two_factor_required: true })
    const refused = recordingClient(() => json([]))
    expect(await setStaffTwoFactorRequiredMutation(refused.client, false)).toBe(false)
  })
})
