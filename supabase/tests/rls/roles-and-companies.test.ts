// Roles, companies and memberships: who reads them, that nobody changes them through the API, and
// the staff directory (user_emails) only staff may call.
import { describe, expect, it } from 'vitest'
import { ACME_CLINIC_ID, DEMO, newCustomer, sql } from '../helpers'
import { CALLERS, type Caller, db, STAFF, service, useCallers, users } from './callers'

useCallers()

const NOT_ADMINS = CALLERS.filter((caller) => caller !== 'providerAdmin')

describe('roles, companies and memberships: read', () => {
  const rows = async (caller: Caller, table: 'user_roles' | 'companies' | 'company_members') => {
    const { data, error } = await db[caller].from(table).select('*')
    if (error) throw error
    return data as Record<string, unknown>[]
  }

  it('user_roles: nobody but provider admins sees other people’s roles', async () => {
    expect(await rows('anon', 'user_roles')).toEqual([])
    expect(await rows('thabo', 'user_roles')).toEqual([])
    expect(await rows('companyAdmin', 'user_roles')).toEqual([])
    expect((await rows('agent', 'user_roles')).map((r) => r.role)).toEqual(['agent'])
    // Other test files may add staff; the seeded ones must be there.
    const all = await rows('providerAdmin', 'user_roles')
    expect(all).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ user_id: DEMO.providerAdmin.id, role: 'siyakha_admin' }),
        expect.objectContaining({ user_id: DEMO.agent.id, role: 'agent' }),
      ]),
    )
    expect(new Set(all.map((r) => r.user_id)).size).toBeGreaterThan(1)
  })

  it('companies: members and staff see Acme Clinic; others see nothing', async () => {
    expect(await rows('anon', 'companies')).toEqual([])
    expect(await rows('thabo', 'companies')).toEqual([])
    for (const caller of ['companyMember', 'companyAdmin', 'agent', 'providerAdmin'] as const) {
      expect((await rows(caller, 'companies')).map((r) => r.name)).toContain('Acme Clinic')
    }
  })

  it('company_members: own row; company admins their company; staff all', async () => {
    expect(await rows('anon', 'company_members')).toEqual([])
    expect(await rows('thabo', 'company_members')).toEqual([])
    expect((await rows('companyMember', 'company_members')).map((r) => r.user_id)).toEqual([
      DEMO.companyMember.id,
    ])
    const acme = (r: Record<string, unknown>) => r.company_id === ACME_CLINIC_ID
    expect((await rows('companyAdmin', 'company_members')).filter(acme)).toHaveLength(2)
    expect((await rows('agent', 'company_members')).filter(acme)).toHaveLength(2)
    expect((await rows('providerAdmin', 'company_members')).filter(acme)).toHaveLength(2)
  })
})

describe('nobody grants themselves a role or joins a company', () => {
  it.each(CALLERS)('%s cannot insert, update or delete user_roles', async (caller) => {
    const me = caller === 'anon' ? DEMO.thabo.id : DEMO[caller].id
    const insert = await db[caller].from('user_roles').insert({ user_id: me, role: 'siyakha_admin' })
    expect(insert.error?.code).toBe('42501')
    const update = await db[caller]
      .from('user_roles')
      .update({ role: 'siyakha_admin' })
      .eq('user_id', DEMO.agent.id)
    expect(update.error?.code).toBe('42501')
    const remove = await db[caller].from('user_roles').delete().eq('user_id', DEMO.agent.id)
    expect(remove.error?.code).toBe('42501')
  })

  // Provider admins write companies and members since issue 46 (rls/company-admin.test.ts); an
  // update by anyone else changes no row (the policy), or is refused outright (anon: no grant).
  it.each(NOT_ADMINS)('%s cannot insert, update or delete companies', async (caller) => {
    const insert = await db[caller].from('companies').insert({ name: `Shadow Co ${caller}` })
    expect(insert.error?.code).toBe('42501')
    const update = await db[caller]
      .from('companies')
      .update({ name: 'Renamed' })
      .eq('id', ACME_CLINIC_ID)
      .select('id')
    expect(update.error ? update.error.code : update.data).toEqual(caller === 'anon' ? '42501' : [])
    const remove = await db[caller].from('companies').delete().eq('id', ACME_CLINIC_ID)
    expect(remove.error?.code).toBe('42501')
  })

  it.each(NOT_ADMINS)('%s cannot insert, update or delete company_members', async (caller) => {
    const insert = await db[caller]
      .from('company_members')
      .insert({ company_id: ACME_CLINIC_ID, user_id: DEMO.thabo.id, role: 'company_admin' })
    expect(insert.error?.code).toBe('42501')
    const update = await db[caller]
      .from('company_members')
      .update({ role: 'company_admin' })
      .eq('user_id', DEMO.companyMember.id)
      .select('user_id')
    expect(update.error ? update.error.code : update.data).toEqual(caller === 'anon' ? '42501' : [])
    const remove = await db[caller]
      .from('company_members')
      .delete()
      .eq('user_id', DEMO.companyMember.id)
      .select('user_id')
    expect(remove.error ? remove.error.code : remove.data).toEqual(caller === 'anon' ? '42501' : [])
  })

  it('the rows are untouched and the service role can still manage them', async () => {
    const roles = await sql(
      'select user_id, role from public.user_roles where user_id = any($1) order by role',
      [[DEMO.providerAdmin.id, DEMO.agent.id, DEMO.thabo.id, DEMO.companyAdmin.id, DEMO.companyMember.id]],
    )
    expect(roles).toEqual([
      { user_id: DEMO.providerAdmin.id, role: 'siyakha_admin' },
      { user_id: DEMO.agent.id, role: 'agent' },
    ])
    const members = await sql('select user_id, role from public.company_members where company_id = $1', [
      ACME_CLINIC_ID,
    ])
    expect(members).toHaveLength(2)
    const carol = await newCustomer('rls-role')
    const granted = await service.from('user_roles').insert({ user_id: carol.id, role: 'agent' }).select()
    expect(granted.error).toBeNull()
    await sql('delete from public.user_roles where user_id = $1', [carol.id])
  })
})

describe('user_emails: the staff directory', () => {
  const ids = () => [DEMO.thabo.id, DEMO.companyAdmin.id]

  it('anon may not call it', async () => {
    const result = await db.anon.rpc('user_emails', { user_ids: ids() })
    expect(result.error?.code).toBe('42501')
  })

  it.each(['thabo', 'companyMember', 'companyAdmin'] as const)(
    '%s (not staff) gets no addresses',
    async (caller) => {
      const { data, error } = await db[caller].rpc('user_emails', { user_ids: ids() })
      expect(error).toBeNull()
      expect(data).toEqual([])
    },
  )

  it.each(STAFF)('%s (staff) gets the addresses asked for', async (caller) => {
    const { data, error } = await db[caller].rpc('user_emails', { user_ids: ids() })
    expect(error).toBeNull()
    expect(new Map((data ?? []).map((row) => [row.id, row.email]))).toEqual(
      new Map([
        [DEMO.thabo.id, users.thabo.email],
        [DEMO.companyAdmin.id, users.companyAdmin.email],
      ]),
    )
  })
})
