import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { admin, keys, sql, urls } from './helpers.js'

// Which function `/rpc/<name>` calls and how its result is shaped, as PostgREST does it: overloads
// by argument names, a single unnamed parameter only for a whole body of its media type, row-typed
// arguments from JSON objects, `RETURNS TABLE` rows that take select and filters, counts and
// `max-affected` on calls.

const FUNCTIONS = [
  'rpc_over()',
  'rpc_over(a text)',
  'rpc_over(a int, b int)',
  'rpc_ambiguous(a text)',
  'rpc_ambiguous(a int)',
  'rpc_unnamed(text)',
  'rpc_unnamed(int)',
  'rpc_row_label(r public.rpc_rows)',
  'rpc_table(min int)',
  'rpc_bump(prefix text)',
  'rpc_table_rows()',
]

const post = (name: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${urls.rest}/rpc/${name}`, {
    method: 'POST',
    headers: {
      apikey: keys.serviceRoleKey,
      Authorization: `Bearer ${keys.serviceRoleKey}`,
      'Content-Type': 'application/json',
      ...headers,
    },
    body,
  })

beforeAll(async () => {
  await sql(`create table public.rpc_rows (id int primary key, label text, n int)`)
  await sql(`insert into public.rpc_rows values (1, 'one', 1), (2, 'two', 2), (3, 'three', 3)`)
  await sql(`
    create function public.rpc_over() returns text language sql as $$ select 'none' $$;
    create function public.rpc_over(a text) returns text language sql as $$ select 'text:' || a $$;
    create function public.rpc_over(a int, b int) returns text language sql as $$ select 'ints:' || (a + b) $$;
    create function public.rpc_ambiguous(a text) returns int language sql as $$ select 1 $$;
    create function public.rpc_ambiguous(a int) returns int language sql as $$ select 2 $$;
    create function public.rpc_unnamed(text) returns text language sql as $$ select 'got:' || $1 $$;
    create function public.rpc_unnamed(int) returns text language sql as $$ select 'int' $$;
    create function public.rpc_row_label(r public.rpc_rows) returns text language sql as $$ select r.label || '#' || r.id $$;
    create function public.rpc_table(min int) returns table (id int, label text)
      language sql stable as $$ select id, label from public.rpc_rows where n >= min order by id $$;
    create function public.rpc_table_rows() returns setof public.rpc_rows language sql stable as $$
      select * from public.rpc_rows order by id $$;
    create function public.rpc_bump(prefix text) returns setof public.rpc_rows language sql as $$
      update public.rpc_rows set n = n + 10 where label like prefix || '%' returning * $$;
    notify pgrst, 'reload schema';`)
  await vi.waitFor(async () => expect((await post('rpc_bump', '{"prefix":"zzz"}')).status).toBe(200), {
    timeout: 5000,
  })
})

afterAll(async () => {
  await sql(`drop function if exists ${FUNCTIONS.map((f) => `public.${f}`).join(', ')}`)
  await sql(`drop table if exists public.rpc_marks, public.rpc_rows`)
})

describe('overloads', () => {
  it('are told apart by the argument names', async () => {
    const db = admin()
    expect((await db.rpc('rpc_over')).data).toBe('none')
    expect((await db.rpc('rpc_over', { a: 'x' })).data).toBe('text:x')
    expect((await db.rpc('rpc_over', { a: 1, b: 2 })).data).toBe('ints:3')
  })

  it('with the same names are ambiguous (300 PGRST203), listed in PostgREST order', async () => {
    const res = await admin().rpc('rpc_ambiguous', { a: '1' })
    expect([res.status, res.error?.code, res.error?.message]).toEqual([
      300,
      'PGRST203',
      'Could not choose the best candidate function between: public.rpc_ambiguous(a => integer), public.rpc_ambiguous(a => text)',
    ])
  })

  it('that do not fit answer 404 PGRST202 in PostgREST words', async () => {
    const res = await admin().rpc('rpc_over', { nope: 1 })
    expect([res.status, res.error?.code, res.error?.message, res.error?.details]).toEqual([
      404,
      'PGRST202',
      'Could not find the function public.rpc_over(nope) in the schema cache',
      'Searched for the function public.rpc_over with parameter nope or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
    ])
  })
})

describe('unnamed parameters', () => {
  it('a single unnamed text parameter takes a text/plain body; an unnamed int one is not callable', async () => {
    const text = await post('rpc_unnamed', 'hello', { 'Content-Type': 'text/plain' })
    expect([text.status, await text.json()]).toEqual([200, 'got:hello'])
    const json = await admin().rpc('rpc_unnamed', { '': 'keyed' })
    expect(json.data).toBe('got:keyed')
  })
})

describe('arguments and results', () => {
  it('a row-typed argument is read from a JSON object', async () => {
    const res = await admin().rpc('rpc_row_label', { r: { id: 7, label: 'seven', n: 0 } })
    expect([res.status, res.data]).toEqual([200, 'seven#7'])
  })

  it('RETURNS TABLE rows take select, filters, order and counts', async () => {
    const res = await admin()
      .rpc('rpc_table', { min: 2 }, { count: 'exact' })
      .select('label')
      .neq('label', 'three')
    expect([res.status, res.data, res.count]).toEqual([200, [{ label: 'two' }], 1])
  })

  it('an !inner embed filters the rows of a set-returning function', async () => {
    await sql(`create table public.rpc_marks (row_id int references public.rpc_rows (id), mark text);
               insert into public.rpc_marks values (2, 'starred');
               notify pgrst, 'reload schema'`)
    const read = () =>
      fetch(`${urls.rest}/rpc/rpc_table_rows?select=label,rpc_marks!inner(mark)`, {
        headers: { apikey: keys.serviceRoleKey, Authorization: `Bearer ${keys.serviceRoleKey}` },
      })
    // The new key is known once the reload the NOTIFY asked for has landed.
    await vi.waitFor(async () => expect((await read()).status).toBe(200), { timeout: 5000 })
    const res = await read()
    expect(await res.json()).toEqual([{ label: 'two', rpc_marks: [{ mark: 'starred' }] }])
  })

  it('a scalar result counts as one row', async () => {
    const res = await admin().rpc('rpc_over', { a: 'x' }, { count: 'exact' })
    expect([res.data, res.count]).toEqual(['text:x', 1])
  })

  it('max-affected refuses a call that returns more rows and rolls its writes back', async () => {
    const res = await post('rpc_bump', '{"prefix":"t"}', { Prefer: 'handling=strict, max-affected=1' })
    expect([res.status, (await res.json()).code]).toEqual([400, 'PGRST124'])
    expect(await sql('select n from public.rpc_rows order by id')).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }])
    const scalar = await post('rpc_over', '{"a":"x"}', { Prefer: 'handling=strict, max-affected=1' })
    expect([scalar.status, (await scalar.json()).code]).toEqual([400, 'PGRST128'])
  })
})
