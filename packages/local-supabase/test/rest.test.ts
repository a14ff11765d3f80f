import { describe, expect, it } from 'vitest'
import { admin, client, keys, signedIn, urls } from './helpers.js'

const raw = (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
  fetch(`${urls.rest}${path}`, { ...init, headers: { apikey: keys.anonKey, ...init.headers } })

describe('row level security', () => {
  it('auth.uid() is the JWT sub for authenticated users and null for anon', async () => {
    const { supabase, id } = await signedIn('rls')
    expect((await supabase.rpc('whoami')).data).toMatchObject({ uid: id, role: 'authenticated' })
    expect((await client().rpc('whoami')).data).toMatchObject({ uid: null, role: 'anon' })
  })

  it('policies filter rows; service_role bypasses RLS; violations give 403 / 401 42501', async () => {
    const a = await signedIn('owner-a')
    const b = await signedIn('owner-b')
    expect((await a.supabase.from('todos').insert({ title: 'mine' })).error).toBeNull()
    expect((await a.supabase.from('todos').select('title')).data).toEqual([{ title: 'mine' }])
    expect((await b.supabase.from('todos').select('title')).data).toEqual([])
    const all = await admin().from('todos').select('id').eq('user_id', a.id)
    expect(all.data).toHaveLength(1)
    const forged = await b.supabase.from('todos').insert({ title: 'x', user_id: a.id })
    expect(forged.status).toBe(403)
    expect(forged.error?.code).toBe('42501')
    const anon = await client().from('todos').insert({ title: 'x' })
    expect(anon.status).toBe(401)
    expect(anon.error?.code).toBe('42501')
  })
})

describe('REST status codes', () => {
  it('maps database errors to the statuses PostgREST gives', async () => {
    const db = admin()
    const name = `co-${Date.now()}`
    expect((await db.from('companies').insert({ name })).status).toBe(201)
    const dup = await db.from('companies').insert({ name })
    expect([dup.status, dup.error?.code]).toEqual([409, '23505'])
    const badUuid = await db.from('companies').select().eq('id', 'not-a-uuid')
    expect([badUuid.status, badUuid.error?.code]).toEqual([400, '22P02'])
    const single = await db.from('companies').select().eq('name', 'nobody').single()
    expect([single.status, single.error?.code, single.error?.details]).toEqual([
      406,
      'PGRST116',
      'The result contains 0 rows',
    ])
    const unknownTable = await db.from('nope').select()
    expect([unknownTable.status, unknownTable.error?.code]).toEqual([404, 'PGRST205'])
    const unknownColumn = await db.from('companies').insert({ name: 'x', nope: 1 } as never)
    expect([unknownColumn.status, unknownColumn.error?.code]).toEqual([400, 'PGRST204'])
    const counted = await client().from('numbers').select('*', { count: 'exact' }).range(0, 9)
    expect([counted.status, counted.count, counted.data?.length]).toEqual([206, 57, 10])
    const header = await raw('/numbers?select=id&offset=0&limit=10', { headers: { Prefer: 'count=exact' } })
    expect(header.headers.get('content-range')).toBe('0-9/57')
    const patchAll = await raw('/numbers', {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${keys.serviceRoleKey}`, 'Content-Type': 'application/json' },
      body: '{"label":"x"}',
    })
    expect(patchAll.status).toBe(400)
    expect(await patchAll.json()).toMatchObject({ code: '21000', message: 'UPDATE requires a WHERE clause' })
    const p0001 = await db.rpc('fail_with', { msg: 'nope' })
    expect([p0001.status, p0001.error?.message]).toEqual([400, 'nope'])
  })
})

describe('REST grammar', () => {
  it('filters, logic, order, range and embeds', async () => {
    const db = client()
    const ids = async (q: PromiseLike<{ data: { id: number }[] | null }>) => (await q).data?.map((r) => r.id)
    expect(await ids(db.from('numbers').select('id').in('id', [1, 2, 99]).order('id'))).toEqual([1, 2])
    expect(
      await ids(db.from('numbers').select('id').or('id.eq.3,id.eq.5').order('id', { ascending: false })),
    ).toEqual([5, 3])
    expect(await ids(db.from('numbers').select('id').ilike('label', 'N1%').lt('id', 13).order('id'))).toEqual(
      [1, 10, 11, 12],
    )
    expect(
      await ids(
        db.from('numbers').select('id').not('grp', 'eq', 'odd').gte('id', 50).lte('id', 54).order('id'),
      ),
    ).toEqual([50, 52, 54])
    expect(
      await ids(db.from('numbers').select('id').or('and(id.gt.10,id.lt.13),id.eq.1').order('id')),
    ).toEqual([1, 11, 12])
    expect(await ids(db.from('numbers').select('id').neq('id', 1).is('label', null))).toEqual([])
    expect(await ids(db.from('numbers').select('id').order('id').range(55, 60))).toEqual([56, 57])
    const aliased = await db.from('numbers').select('num:id, label::text').eq('id', 7).single()
    expect(aliased.data).toEqual({ num: 7, label: 'n7' })

    const service = admin()
    const company = await service
      .from('companies')
      .insert({ name: `embed-${Date.now()}` })
      .select()
      .single()
    const user = await signedIn('embed')
    await user.supabase.from('todos').insert([
      { title: 'a', company_id: company.data?.id, meta: { tag: 'x' } },
      { title: 'b', company_id: company.data?.id, meta: { tag: 'y' } },
    ])
    const toOne = await user.supabase
      .from('todos')
      .select('title, companies(name)')
      .order('title')
      .limit(1)
      .single()
    expect(toOne.data).toEqual({ title: 'a', companies: { name: company.data?.name } })
    const toMany = await service
      .from('companies')
      .select('name, todos(title)')
      .eq('id', company.data?.id)
      .order('title', { referencedTable: 'todos', ascending: false })
      .single()
    expect(toMany.data).toEqual({ name: company.data?.name, todos: [{ title: 'b' }, { title: 'a' }] })
    const json = await user.supabase.from('todos').select('title, tag:meta->>tag').eq('meta->>tag', 'y')
    expect(json.data).toEqual([{ title: 'b', tag: 'y' }])
    const inner = await service
      .from('companies')
      .select('name, todos!inner(title)')
      .eq('todos.title', 'b')
      .eq('id', company.data?.id)
    expect(inner.data).toEqual([{ name: company.data?.name, todos: [{ title: 'b' }] }])
  })

  it('insert, upsert, update and delete with Prefer: return', async () => {
    const db = admin()
    const name = `w-${Date.now()}`
    const inserted = await db.from('companies').insert({ name }).select('name').single()
    expect([inserted.status, inserted.data]).toEqual([201, { name }])
    const minimal = await db.from('companies').insert({ name: `${name}-2` })
    expect([minimal.status, minimal.data]).toEqual([201, null])
    const upserted = await db
      .from('companies')
      .upsert({
        id: (await db.from('companies').select('id').eq('name', name).single()).data?.id,
        name: `${name}-u`,
      })
      .select('name')
    expect([upserted.status, upserted.data]).toEqual([200, [{ name: `${name}-u` }]])
    const updated = await db
      .from('companies')
      .update({ name: `${name}-v` })
      .eq('name', `${name}-u`)
      .select('name')
    expect(updated.data).toEqual([{ name: `${name}-v` }])
    const deleted = await db.from('companies').delete().like('name', `${name}%`).select('name')
    expect(deleted.data).toHaveLength(2)
    const bulk = await db
      .from('numbers')
      .upsert([{ id: 1000, label: 'k' }, { id: 1001 }])
      .select('id, label')
    expect(bulk.data).toEqual([
      { id: 1000, label: 'k' },
      { id: 1001, label: null },
    ])
  })

  it('rpc: scalar, set with filters, void and missing function', async () => {
    const db = client()
    expect((await db.rpc('add', { a: 2, b: 3 })).data).toBe(5)
    expect((await db.rpc('add', { a: 2, b: 3 }, { get: true })).data).toBe(5)
    const set = await db
      .rpc('numbers_in', { grp_name: 'even' })
      .select('id')
      .lt('id', 7)
      .order('id', { ascending: false })
    expect(set.data).toEqual([{ id: 6 }, { id: 4 }, { id: 2 }])
    const voided = await db.rpc('touch')
    expect([voided.status, voided.data]).toEqual([204, null])
    const missing = await db.rpc('nope', { x: 1 })
    expect([missing.status, missing.error?.code]).toEqual([404, 'PGRST202'])
  })
})

describe('bad input', () => {
  const auth = { Authorization: `Bearer ${keys.serviceRoleKey}` }
  it('rejects SQL-looking identifiers and unknown operators without running SQL', async () => {
    for (const path of [
      '/numbers?select=id;drop table numbers',
      '/numbers?select=id,(select 1)',
      '/numbers?order=id;delete from numbers',
      '/numbers?id=eq.1);drop table numbers;--',
      '/numbers?id=evil.1',
      '/numbers?select="id"" from numbers;--"',
      '/numbers?or=(id.eq.1,drop table numbers)',
      '/numbers?select=id::int;drop',
    ]) {
      const res = await raw(path, { headers: auth })
      expect(res.status, path).toBeGreaterThanOrEqual(400)
      expect(res.status, path).toBeLessThan(500)
      const body = (await res.json()) as Record<string, unknown>
      expect(Object.keys(body).sort(), path).toEqual(['code', 'details', 'hint', 'message'])
    }
    expect(
      (await admin().from('numbers').select('id', { count: 'exact', head: true })).count,
    ).toBeGreaterThanOrEqual(57)
  })

  it('answers malformed JSON, oversized bodies, forged and expired JWTs and missing keys as the hosted services do', async () => {
    const badJson = await raw('/companies', {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: '{"name":',
    })
    expect([badJson.status, ((await badJson.json()) as { code: string }).code]).toEqual([400, 'PGRST102'])
    const big = await raw('/companies', {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'x'.repeat(1_100_000) }),
    })
    expect(big.status).toBe(413)
    const authJson = await fetch(`${urls.auth}/signup`, {
      method: 'POST',
      headers: { apikey: keys.anonKey, 'X-Supabase-Api-Version': '2024-01-01' },
      body: 'nope',
    })
    expect([authJson.status, ((await authJson.json()) as { code: string }).code]).toEqual([400, 'bad_json'])

    const [h, p] = keys.anonKey.split('.')
    const forgedPayload = Buffer.from(JSON.stringify({ role: 'service_role', exp: 1983812996 })).toString(
      'base64url',
    )
    const forged = await raw('/numbers', {
      headers: { Authorization: `Bearer ${h}.${forgedPayload}.${keys.anonKey.split('.')[2]}` },
    })
    expect([forged.status, ((await forged.json()) as { code: string }).code]).toEqual([401, 'PGRST301'])
    expect(forged.headers.get('www-authenticate')).toContain('invalid_token')
    void p
    const { createHmac } = await import('node:crypto')
    const expiredPayload = Buffer.from(JSON.stringify({ role: 'authenticated', exp: 1000 })).toString(
      'base64url',
    )
    const sig = createHmac('sha256', keys.jwtSecret).update(`${h}.${expiredPayload}`).digest('base64url')
    const expired = await raw('/numbers', {
      headers: { Authorization: `Bearer ${h}.${expiredPayload}.${sig}` },
    })
    expect([expired.status, ((await expired.json()) as { code: string }).code]).toEqual([401, 'PGRST303'])
    const userExpired = await fetch(`${urls.auth}/user`, {
      headers: {
        apikey: keys.anonKey,
        Authorization: `Bearer ${h}.${expiredPayload}.${sig}`,
        'X-Supabase-Api-Version': '2024-01-01',
      },
    })
    expect([userExpired.status, ((await userExpired.json()) as { code: string }).code]).toEqual([
      403,
      'bad_jwt',
    ])

    const noKey = await fetch(`${urls.rest}/numbers`)
    expect(noKey.status).toBe(401)
    expect(await noKey.json()).toMatchObject({ message: 'No API key found in request' })
    const wrongKey = await fetch(`${urls.rest}/numbers`, { headers: { apikey: 'wrong' } })
    expect(await wrongKey.json()).toMatchObject({ message: 'Invalid API key' })
    const publishable = await fetch(`${urls.rest}/numbers?id=eq.1`, {
      headers: { apikey: keys.publishableKey },
    })
    expect(await publishable.json()).toEqual([{ id: 1, label: 'n1', grp: 'odd' }])
    const badSchema = await raw('/numbers', { headers: { 'Accept-Profile': 'auth' } })
    expect([badSchema.status, ((await badSchema.json()) as { code: string }).code]).toEqual([406, 'PGRST106'])
  })
})
