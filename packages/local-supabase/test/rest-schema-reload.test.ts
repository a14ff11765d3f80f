import { afterAll, describe, expect, it, vi } from 'vitest'
import { keys, sql, urls } from './helpers.js'

// As on a Supabase project, schema changes reach the REST API by themselves: the database's DDL
// watch (event triggers) sends `NOTIFY pgrst, 'reload schema'` and the API reloads its cache.

const get = (path: string) =>
  fetch(`${urls.rest}${path}`, {
    headers: { apikey: keys.serviceRoleKey, Authorization: `Bearer ${keys.serviceRoleKey}` },
  })

afterAll(async () => {
  await sql('drop table if exists public.reload_probe')
})

describe('schema reloads', () => {
  it('a column added to a known table can be selected without any NOTIFY of our own', async () => {
    await sql('create table public.reload_probe (id int primary key)')
    await vi.waitFor(async () => expect((await get('/reload_probe?select=id')).status).toBe(200), {
      timeout: 5000,
    })
    expect((await get('/reload_probe?select=added')).status).toBe(400)
    await sql('alter table public.reload_probe add column added text')
    await vi.waitFor(async () => expect((await get('/reload_probe?select=added')).status).toBe(200), {
      timeout: 5000,
    })
  })

  it('a dropped column is gone from the cache too', async () => {
    await sql('alter table public.reload_probe drop column added')
    await vi.waitFor(async () => expect((await get('/reload_probe?select=added')).status).toBe(400), {
      timeout: 5000,
    })
  })
})
