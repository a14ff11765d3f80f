// The staff flag in the access token (migration 20261127000100): the portal's header reads it
// instead of asking the database on every page. It follows user_roles, and only there.
import { describe, expect, it } from 'vitest'
import { newCustomer, type SignedInUser, signIn, signInAs, sql } from './helpers'

/** The app_metadata of a session's access token, as the portal reads it (after verifying it). */
function appMetadata(user: SignedInUser): Record<string, unknown> {
  const payload = JSON.parse(Buffer.from(user.accessToken.split('.')[1] ?? '', 'base64url').toString())
  return payload.app_metadata
}

describe('the staff flag in the access token', () => {
  it('is set for the seeded staff and for no one else', async () => {
    expect(appMetadata(await signInAs('providerAdmin')).staff).toBe(true)
    expect(appMetadata(await signInAs('agent')).staff).toBe(true)
    for (const user of ['companyAdmin', 'companyMember', 'thabo'] as const) {
      expect(appMetadata(await signInAs(user)).staff, user).not.toBe(true)
    }
  })

  it('follows a role granted and taken away, and keeps the rest of app_metadata', async () => {
    const customer = await newCustomer('staff-flag')
    expect(appMetadata(customer)).toEqual(expect.objectContaining({ provider: 'email' }))
    expect(appMetadata(customer).staff).not.toBe(true)

    await sql(`insert into public.user_roles (user_id, role) values ($1, 'agent')`, [customer.id])
    const granted = appMetadata(await signIn(customer.email))
    expect(granted).toEqual(expect.objectContaining({ provider: 'email', staff: true }))

    // A second role and the loss of one of two: still staff.
    await sql(`insert into public.user_roles (user_id, role) values ($1, 'siyakha_admin')`, [customer.id])
    await sql(`delete from public.user_roles where user_id = $1 and role = 'agent'`, [customer.id])
    expect(appMetadata(await signIn(customer.email)).staff).toBe(true)

    await sql('delete from public.user_roles where user_id = $1', [customer.id])
    const revoked = appMetadata(await signIn(customer.email))
    expect(revoked).toEqual(expect.objectContaining({ provider: 'email', staff: false }))
  })

  it('cannot be set by the user', async () => {
    const customer = await newCustomer('staff-flag-self')
    // Users edit user_metadata only; app_metadata needs the service role.
    await customer.supabase.auth.updateUser({ data: { staff: true } })
    const { data } = await customer.supabase.auth.refreshSession()
    const token = data.session?.access_token ?? ''
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString())
    expect(payload.user_metadata.staff).toBe(true)
    expect(payload.app_metadata.staff).not.toBe(true)
  })
})
