// Companies administered in the portal (issue 46, part 3): email domains and sites, provider admins'
// writes on companies and their members, the staff functions and the admin log, as anon, two
// customers (thabo, companyMember), a company admin, an agent and a provider admin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACME_CLINIC_ID, DEMO, type DemoUser, sql, uniqueEmail } from '../helpers'
import { CALLERS, type Caller, db, SIGNED_IN, service, useCallers } from './callers'

useCallers()

const NOT_ADMINS: Caller[] = ['anon', 'thabo', 'companyMember', 'companyAdmin', 'agent']
const run = Date.now().toString(36)
/** A company of this file's own, so the seeded Acme Clinic that other files count is left alone. */
let companyId: string
let siteId: string
let acmeSiteId: string
const domain = `h3-${run}.example`

beforeAll(async () => {
  const [company] = await sql<{ id: string }>(
    `insert into public.companies (name) values ($1) returning id`,
    [`Company admin RLS ${run}`],
  )
  companyId = (company as { id: string }).id
  await sql('insert into public.company_domains (domain, company_id) values ($1, $2)', [domain, companyId])
  const [site] = await sql<{ id: string }>(
    `insert into public.company_sites (company_id, name, address) values ($1, 'Head office', '1 Main Road') returning id`,
    [companyId],
  )
  siteId = (site as { id: string }).id
  const [acme] = await sql<{ id: string }>(
    `insert into public.company_sites (company_id, name, address) values ($1, $2, '3 Side Street') returning id`,
    [ACME_CLINIC_ID, `RLS branch ${run}`],
  )
  acmeSiteId = (acme as { id: string }).id
})

afterAll(async () => {
  await sql('delete from public.company_sites where id = $1', [acmeSiteId])
  await sql('delete from public.companies where id = $1', [companyId])
})

describe('company_domains', () => {
  it('staff read them; customers, company admins and anon read none', async () => {
    // anon holds no grant on it at all.
    expect((await db.anon.from('company_domains').select('domain')).error?.code).toBe('42501')
    for (const caller of ['thabo', 'companyMember', 'companyAdmin'] as const) {
      const { data, error } = await db[caller].from('company_domains').select('domain')
      expect(error).toBeNull()
      expect(data, caller).toEqual([])
    }
    for (const caller of ['agent', 'providerAdmin'] as const) {
      const { data } = await db[caller]
        .from('company_domains')
        .select('domain, company_id')
        .eq('domain', domain)
      expect(data, caller).toEqual([{ domain, company_id: companyId }])
    }
  })

  it.each(NOT_ADMINS)('%s cannot add or remove one', async (caller) => {
    const insert = await db[caller]
      .from('company_domains')
      .insert({ domain: `x-${caller.toLowerCase()}-${run}.example`, company_id: companyId })
    expect(insert.error?.code).toBe('42501')
    await db[caller].from('company_domains').delete().eq('domain', domain)
    expect(await sql('select 1 from public.company_domains where domain = $1', [domain])).toHaveLength(1)
  })

  it('a provider admin adds one (lower-cased) and removes it; both are in the admin log', async () => {
    const added = `Add-${run}.Example`
    const insert = await db.providerAdmin
      .from('company_domains')
      .insert({ domain: added, company_id: companyId })
      .select('domain')
      .single()
    expect(insert.error).toBeNull()
    expect(insert.data?.domain).toBe(added.toLowerCase())
    const remove = await db.providerAdmin
      .from('company_domains')
      .delete()
      .eq('domain', added.toLowerCase())
      .select('domain')
    expect(remove.data).toHaveLength(1)
    const log = await sql<{ action: string; actor_id: string; actor_name: string }>(
      `select action, actor_id, actor_name from public.admin_log
       where table_name = 'company_domains' and row_key = $1 order by id`,
      [added.toLowerCase()],
    )
    expect(log.map((row) => row.action)).toEqual(['insert', 'delete'])
    expect(log.every((row) => row.actor_id === DEMO.providerAdmin.id)).toBe(true)
  })

  it('refuses a free email service and a malformed domain, with a clear message', async () => {
    const gmail = await db.providerAdmin
      .from('company_domains')
      .insert({ domain: 'Gmail.com', company_id: companyId })
    expect(gmail.error?.code).toBe('23514')
    expect(gmail.error?.message).toBe(
      'gmail.com is a free email service: anyone can have an address there, so it cannot be a company domain',
    )
    for (const bad of ['not a domain', 'localhost', '-bad.example', 'a..b.example', 'x@y.example']) {
      const answer = await db.providerAdmin
        .from('company_domains')
        .insert({ domain: bad, company_id: companyId })
      expect(answer.error?.code, bad).toBe('23514')
    }
    const taken = await db.providerAdmin
      .from('company_domains')
      .insert({ domain: 'acme-clinic.example', company_id: companyId })
    expect(taken.error?.code).toBe('23505')
  })
})

describe('company_sites', () => {
  it("staff read every site; members read their own company's; others none", async () => {
    const ids = async (caller: Caller) => {
      const { data, error } = await db[caller]
        .from('company_sites')
        .select('id')
        .in('id', [siteId, acmeSiteId])
      expect(error).toBeNull()
      return (data ?? []).map((row) => row.id).sort()
    }
    expect((await db.anon.from('company_sites').select('id')).error?.code).toBe('42501')
    expect(await ids('thabo')).toEqual([])
    expect(await ids('companyMember')).toEqual([acmeSiteId])
    expect(await ids('companyAdmin')).toEqual([acmeSiteId])
    expect(await ids('agent')).toEqual([siteId, acmeSiteId].sort())
    expect(await ids('providerAdmin')).toEqual([siteId, acmeSiteId].sort())
  })

  it.each(NOT_ADMINS)('%s cannot add, edit or remove a site', async (caller) => {
    const insert = await db[caller]
      .from('company_sites')
      .insert({ company_id: ACME_CLINIC_ID, name: 'Sneaky' })
    expect(insert.error?.code).toBe('42501')
    await db[caller].from('company_sites').update({ notes: 'changed' }).eq('id', acmeSiteId)
    await db[caller].from('company_sites').delete().eq('id', acmeSiteId)
    const [row] = await sql<{ notes: string }>('select notes from public.company_sites where id = $1', [
      acmeSiteId,
    ])
    expect(row?.notes).toBe('')
  })

  it('a provider admin adds, edits and removes a site', async () => {
    const { data: added, error } = await db.providerAdmin
      .from('company_sites')
      .insert({
        company_id: companyId,
        name: 'Warehouse',
        address: '9 Dock Road',
        notes: 'Gate code at reception',
      })
      .select('id')
      .single()
    expect(error).toBeNull()
    const id = added?.id as string
    const edit = await db.providerAdmin
      .from('company_sites')
      .update({ notes: 'Gate code changed' })
      .eq('id', id)
      .select('notes')
    expect(edit.data).toEqual([{ notes: 'Gate code changed' }])
    const log = await sql<{
      action: string
      before: { notes: string } | null
      after: { notes: string } | null
    }>(
      `select action, before, after from public.admin_log where table_name = 'company_sites' and row_key = $1 order by id`,
      [id],
    )
    expect(log.map((row) => row.action)).toEqual(['insert', 'update'])
    expect(log[1]?.before?.notes).toBe('Gate code at reception')
    expect(log[1]?.after?.notes).toBe('Gate code changed')
    const remove = await db.providerAdmin.from('company_sites').delete().eq('id', id).select('id')
    expect(remove.data).toHaveLength(1)
  })
})

describe('companies and company_members: provider admins write', () => {
  it('a provider admin creates a company with notes and a staff account manager', async () => {
    const { data, error } = await db.providerAdmin
      .from('companies')
      .insert({ name: `Created ${run}`, notes: 'Pays on the 25th', account_manager_id: DEMO.agent.id })
      .select('id, created_by, account_manager_id')
      .single()
    expect(error).toBeNull()
    expect(data?.created_by).toBe(DEMO.providerAdmin.id)
    expect(data?.account_manager_id).toBe(DEMO.agent.id)
    const edit = await db.providerAdmin
      .from('companies')
      .update({ name: `Renamed ${run}`, notes: 'Pays on the 1st' })
      .eq('id', data?.id as string)
      .select('name, notes')
    expect(edit.data).toEqual([{ name: `Renamed ${run}`, notes: 'Pays on the 1st' }])
    await sql('delete from public.companies where id = $1', [data?.id])
  })

  it('refuses an account manager who is not staff', async () => {
    const answer = await db.providerAdmin
      .from('companies')
      .update({ account_manager_id: DEMO.thabo.id })
      .eq('id', companyId)
    expect(answer.error?.code).toBe('23514')
    expect(answer.error?.message).toBe('The account manager must be a staff member')
  })

  it.each(NOT_ADMINS)('%s cannot create or edit a company', async (caller) => {
    const insert = await db[caller].from('companies').insert({ name: `Shadow ${caller} ${run}` })
    expect(insert.error?.code).toBe('42501')
    await db[caller].from('companies').update({ notes: 'hacked' }).eq('id', companyId)
    const [row] = await sql<{ notes: string }>('select notes from public.companies where id = $1', [
      companyId,
    ])
    expect(row?.notes).toBe('')
  })

  it('a provider admin adds a member, makes them company admin and removes them (logged)', async () => {
    const member = DEMO.thabo.id
    const add = await db.providerAdmin
      .from('company_members')
      .insert({ company_id: companyId, user_id: member })
    expect(add.error).toBeNull()
    const promote = await db.providerAdmin
      .from('company_members')
      .update({ role: 'company_admin' })
      .eq('company_id', companyId)
      .eq('user_id', member)
      .select('role')
    expect(promote.data).toEqual([{ role: 'company_admin' }])
    const remove = await db.providerAdmin
      .from('company_members')
      .delete()
      .eq('company_id', companyId)
      .eq('user_id', member)
      .select('user_id')
    expect(remove.data).toHaveLength(1)
    const log = await sql<{ action: string; actor_name: string }>(
      `select action, actor_name from public.admin_log where table_name = 'company_members' and row_key = $1 order by id`,
      [`${companyId}:${member}`],
    )
    expect(log.map((row) => row.action)).toEqual(['insert', 'update', 'delete'])
  })

  it.each(NOT_ADMINS)('%s cannot add, promote or remove members', async (caller) => {
    const insert = await db[caller]
      .from('company_members')
      .insert({ company_id: ACME_CLINIC_ID, user_id: DEMO.thabo.id, role: 'company_admin' })
    expect(insert.error?.code).toBe('42501')
    await db[caller]
      .from('company_members')
      .update({ role: 'company_admin' })
      .eq('company_id', ACME_CLINIC_ID)
      .eq('user_id', DEMO.companyMember.id)
    await db[caller].from('company_members').delete().eq('company_id', ACME_CLINIC_ID)
    const rows = await sql<{ user_id: string; role: string }>(
      'select user_id, role from public.company_members where company_id = $1 order by role',
      [ACME_CLINIC_ID],
    )
    expect(rows).toEqual(
      expect.arrayContaining([
        { user_id: DEMO.companyAdmin.id, role: 'company_admin' },
        { user_id: DEMO.companyMember.id, role: 'member' },
      ]),
    )
  })
})

describe('the staff functions', () => {
  it('staff_directory: provider admins get every staff member; anyone else no rows', async () => {
    for (const caller of NOT_ADMINS) {
      const { data, error } = await db[caller].rpc('staff_directory')
      if (caller === 'anon') expect(error?.code).toBe('42501')
      else expect(data, caller).toEqual([])
    }
    const { data } = await db.providerAdmin.rpc('staff_directory')
    expect(data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: DEMO.providerAdmin.id, role: 'siyakha_admin', active: true }),
        expect.objectContaining({ id: DEMO.agent.id, role: 'agent', active: true, email: DEMO.agent.email }),
      ]),
    )
  })

  it('user_id_by_email: provider admins only', async () => {
    for (const caller of SIGNED_IN.filter((c) => c !== 'providerAdmin')) {
      const { data } = await db[caller].rpc('user_id_by_email', { address: DEMO.thabo.email })
      expect(data, caller).toBeNull()
    }
    const { data } = await db.providerAdmin.rpc('user_id_by_email', { address: ' THABO@example.co.za ' })
    expect(data).toBe(DEMO.thabo.id)
  })

  it.each(NOT_ADMINS)('%s cannot change roles, deactivate, reactivate or reassign', async (caller) => {
    const calls = [
      db[caller].rpc('set_staff_role', { member: DEMO.agent.id, new_role: 'siyakha_admin' }),
      db[caller].rpc('deactivate_staff', { member: DEMO.agent.id }),
      db[caller].rpc('reactivate_staff', { member: DEMO.agent.id }),
      db[caller].rpc('reassign_open_tickets', {
        from_member: DEMO.agent.id,
        to_member: DEMO.providerAdmin.id,
      }),
    ]
    for (const answer of await Promise.all(calls)) expect(answer.error?.code).toBe('42501')
    const roles = await sql<{ role: string }>('select role from public.user_roles where user_id = $1', [
      DEMO.agent.id,
    ])
    expect(roles).toEqual([{ role: 'agent' }])
  })

  it('deactivated_staff is read by provider admins only and written by nobody through the API', async () => {
    for (const caller of CALLERS) {
      const insert = await db[caller]
        .from('deactivated_staff')
        .insert({ user_id: DEMO.thabo.id, roles: ['agent'] } as never)
      expect(insert.error?.code, caller).toBe('42501')
    }
    const person = await service.auth.admin.createUser({ email: uniqueEmail('gone'), email_confirm: true })
    const id = person.data.user?.id as string
    await sql(`insert into public.deactivated_staff (user_id, roles) values ($1, '{agent}')`, [id])
    for (const caller of NOT_ADMINS) {
      const { data } = await db[caller].from('deactivated_staff').select('user_id').eq('user_id', id)
      expect(data ?? [], caller).toEqual([])
    }
    const { data } = await db.providerAdmin.from('deactivated_staff').select('user_id').eq('user_id', id)
    expect(data).toEqual([{ user_id: id }])
  })
})

describe('admin_log', () => {
  it('provider admins read it; nobody else, and nobody writes it', async () => {
    const readers: Record<DemoUser | 'anon', boolean> = {
      anon: false,
      thabo: false,
      companyMember: false,
      companyAdmin: false,
      agent: false,
      providerAdmin: true,
    }
    for (const caller of CALLERS) {
      const { data } = await db[caller]
        .from('admin_log')
        .select('id')
        .eq('table_name', 'company_sites')
        .limit(1)
      expect((data ?? []).length > 0, caller).toBe(readers[caller])
      const insert = await db[caller]
        .from('admin_log')
        .insert({ actor_name: 'me', table_name: 'x', row_key: 'x', action: 'insert' } as never)
      expect(insert.error?.code, caller).toBe('42501')
    }
  })
})
