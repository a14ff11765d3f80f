import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { keys, sql, urls } from './helpers.js'

// PostgREST reads a POSTed RPC body with json_to_record, so a JSON array argument arrives as a
// PostgreSQL array of the parameter's type.

beforeAll(async () => {
  await sql(`create function public.array_probe(ids uuid[], tags text[], n int default 0)
             returns text language sql stable as $$
               select cardinality(ids) || ':' || array_to_string(tags, '|') || ':' || n
             $$`)
  await sql('grant execute on function public.array_probe(uuid[], text[], int) to anon')
  await vi.waitFor(
    async () => {
      const res = await call({ ids: [], tags: [] })
      expect(res.status).toBe(200)
    },
    { timeout: 5000, interval: 100 },
  )
})

afterAll(async () => {
  await sql('drop function if exists public.array_probe(uuid[], text[], int)')
})

function call(body: unknown) {
  return fetch(`${urls.rest}/rpc/array_probe`, {
    method: 'POST',
    headers: { apikey: keys.anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
}

describe('RPC array arguments', () => {
  it('take JSON arrays, with quotes, commas and braces kept inside the items', async () => {
    const res = await call({
      ids: ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002'],
      tags: ['a,b', 'say "hi"', '{x}'],
      n: 3,
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toBe('2:a,b|say "hi"|{x}:3')
  })

  it('refuse an item of the wrong type like PostgreSQL does (22P02)', async () => {
    const res = await call({ ids: ['not-a-uuid'], tags: [] })
    expect(res.status).toBe(400)
    expect(((await res.json()) as { code: string }).code).toBe('22P02')
  })
})
