// How policies are written, where it changes what every request costs (issue 11). What they
// allow is tested table by table in the other files here, as anon, customers and staff.
import { describe, expect, it } from 'vitest'
import { asCaller, DEMO, sql } from '../helpers'

describe('policies', () => {
  it('ask the caller id of private.uid(), not auth.uid(), whose body every statement would re-parse', async () => {
    const inlining = await sql<{ policy: string }>(
      `select format('%s.%s: %s', schemaname, tablename, policyname) as policy from pg_policies
       where coalesce(qual, '') || coalesce(with_check, '') like '%auth.uid()%' order by 1`,
    )
    expect(inlining).toEqual([])
    const asking = await sql<{ count: number }>(
      `select count(*)::int as count from pg_policies
       where coalesce(qual, '') || coalesce(with_check, '') like '%private.uid()%'`,
    )
    expect(asking[0]?.count).toBeGreaterThan(10)
  })

  it('private.uid() is auth.uid(): the signed-in caller, and nobody when signed out', async () => {
    const query = 'select private.uid() as uid, auth.uid() as auth'
    const uids = (claims: Record<string, unknown>) =>
      asCaller(
        claims,
        async (db) => (await db.query<{ uid: string | null; auth: string | null }>(query)).rows[0],
      )
    expect(await uids({ sub: DEMO.thabo.id, role: 'authenticated' })).toEqual({
      uid: DEMO.thabo.id,
      auth: DEMO.thabo.id,
    })
    expect(await uids({ role: 'anon' })).toEqual({ uid: null, auth: null })
  })
})
