// Bodies PostgREST answers without an error that the stand-in must not turn into a 5xx or a
// database message: an empty array is a bulk insert of nothing.
import { describe, expect, it } from 'vitest'
import { keys, sql, urls } from './helpers.js'

async function post(table: string, body: string, token: string, prefer?: string) {
  const res = await fetch(`${urls.api}/rest/v1/${table}`, {
    method: 'POST',
    headers: {
      apikey: keys.anonKey,
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      ...(prefer ? { Prefer: prefer } : {}),
    },
    body,
  })
  return { status: res.status, text: await res.text() }
}

describe('POST []', () => {
  it('inserts nothing and answers 201, with [] as the representation', async () => {
    const [before] = await sql<{ n: string }>('select count(*) as n from public.companies')
    expect(await post('companies', '[]', keys.serviceRoleKey, 'return=representation')).toEqual({
      status: 201,
      text: '[]',
    })
    expect(await post('companies', '[]', keys.serviceRoleKey)).toEqual({ status: 201, text: '' })
    const [after] = await sql<{ n: string }>('select count(*) as n from public.companies')
    expect(after?.n).toBe(before?.n)
  })

  it('is no different for anon on a table it may not write', async () => {
    const answer = await post('todos', '[]', keys.anonKey, 'return=representation')
    expect(answer.status, answer.text).toBeLessThan(500)
    expect(answer.text).not.toMatch(/null value|violates|internal/i)
  })
})
