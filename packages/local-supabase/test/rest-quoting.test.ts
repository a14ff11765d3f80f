import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { parseLogic } from '../src/rest/parser.js'
import { admin, keys, sql, urls } from './helpers.js'

// PostgREST's grammar for double-quoted values: src/PostgREST/ApiRequest/QueryParams.hs (pQuotedValue,
// pLogicSingleVal, pListElement). The `*` → `%` of like/ilike happens after unquoting.

const SEARCHED = String.raw`a,b (c) "d" 1*2 50%_x\y`
/** SEARCHED as a quoted `%…%` ilike value: LIKE escapes first, then PostgREST's quoting of them. */
const SEARCHED_PATTERN = String.raw`"%a,b (c) \"d\" 1_2 50\\%\\_x\\\\y%"`

const rows: [id: number, summary: string, trackingRef: string][] = [
  [1, 'plain router fault', 'TCK-1'],
  [2, 'comma x,y here', 'TCK-2'],
  [3, 'say "hi" now', 'x"y'],
  [4, String.raw`back\slash`, 'TCK-4'],
  [5, '"quoted"', 'TCK-5'],
  [6, 'parens (7)', 'TCK-7(8)'],
  [10, `Ticket: ${SEARCHED} end`, 'R10'],
  // Each near miss differs from SEARCHED in one place that a lost escape would let through.
  [11, String.raw`a,b (c) "d" 1 to 2 50%_x\y`, 'R11'],
  [12, String.raw`a,b (c) "d" 1*2 50%-x\y`, 'R12'],
  [13, String.raw`a,b (c) "d" 1*2 50-_x\y`, 'R13'],
  [14, 'a,b (c) "d" 1*2 50%_xy', 'R14'],
  [15, String.raw`a,b (c) d 1*2 50%_x\y`, 'R15'],
  [16, String.raw`a;b [c] "d" 1*2 50%_x\y`, 'R16'],
]

beforeAll(async () => {
  await sql('create table public.quoting_probe (id int primary key, summary text, tracking_ref text)')
  await sql('grant select on public.quoting_probe to anon, service_role')
  for (const row of rows) await sql('insert into public.quoting_probe values ($1, $2, $3)', row)
  // A miss reloads the REST schema cache only once it is 500 ms old, so the new table can 404 at first.
  await vi.waitFor(
    async () => {
      const res = await fetch(`${urls.rest}/quoting_probe?limit=0`, { headers: { apikey: keys.anonKey } })
      expect(res.status).toBe(200)
    },
    { timeout: 5000, interval: 100 },
  )
})

afterAll(async () => {
  await sql('drop table if exists public.quoting_probe')
})

/** The ids a GET answers for these query parameters, passed through exactly as written. */
async function ids(params: Record<string, string>): Promise<number[]> {
  const query = new URLSearchParams({ select: 'id', order: 'id', ...params })
  const res = await fetch(`${urls.rest}/quoting_probe?${query}`, { headers: { apikey: keys.anonKey } })
  const body = (await res.json()) as { id: number }[]
  expect(res.status, JSON.stringify(body)).toBe(200)
  return body.map((row) => row.id)
}

describe('double-quoted values', () => {
  it('carry commas and parentheses inside or=', async () => {
    expect(await ids({ or: '(summary.ilike."%x,y%",tracking_ref.eq."TCK-7(8)")' })).toEqual([2, 6])
    expect(await ids({ and: '(summary.eq."parens (7)",tracking_ref.eq."TCK-7(8)")' })).toEqual([6])
    expect(await ids({ 'not.or': '(summary.ilike."*,*",id.gt.9)' })).toEqual([1, 3, 4, 5, 6])
  })

  it('unescape \\" and \\\\', async () => {
    expect(await ids({ or: String.raw`(summary.eq."say \"hi\" now",summary.eq."back\\slash")` })).toEqual([
      3, 4,
    ])
  })

  it('work as in.(…) items, at the top level and inside a logic tree', async () => {
    expect(await ids({ tracking_ref: String.raw`in.("TCK-7(8)","x\"y")` })).toEqual([3, 6])
    expect(await ids({ or: '(tracking_ref.in.("TCK-7(8)","a,b"),id.eq.1)' })).toEqual([1, 6])
    const viaClient = await admin()
      .from('quoting_probe')
      .select('id')
      .in('tracking_ref', ['TCK-7(8)', 'R10'])
      .order('id')
    expect(viaClient.data).toEqual([{ id: 6 }, { id: 10 }])
  })

  it('still turn * into % for like and ilike', async () => {
    expect(await ids({ or: '(summary.ilike."*X,Y*",id.eq.-1)' })).toEqual([2])
    expect(await ids({ or: '(summary.like."*(7)",id.eq.-1)' })).toEqual([6])
  })

  it('leave unquoted values and top-level filters as they were', async () => {
    expect(await ids({ or: '(summary.ilike.*router*,tracking_ref.eq.TCK-4)' })).toEqual([1, 4])
    // Outside a logic tree PostgREST takes everything after the operator, quotes included.
    expect(await ids({ summary: 'eq."quoted"' })).toEqual([5])
  })

  it('parse like PostgREST at the edges', () => {
    const values = (tree: string) =>
      parseLogic('or', false, tree).children.map((child) => (child.kind === 'condition' ? child.value : null))
    // A backslash takes any next character; text after the closing quote keeps the token verbatim.
    expect(values(String.raw`(a.eq."x\yz",b.eq."p"q,c.eq."")`)).toEqual(['xyz', '"p"q', ''])
    expect(() => parseLogic('or', false, '(a.is."null")')).toThrow()
  })
})

describe("the helpdesk's search pattern", () => {
  it('finds exactly the row containing , ( ) " * % _ and \\', async () => {
    const found = await admin()
      .from('quoting_probe')
      .select('id')
      .or(`tracking_ref.ilike.${SEARCHED_PATTERN},summary.ilike.${SEARCHED_PATTERN}`)
    expect(found.error).toBeNull()
    expect(found.data).toEqual([{ id: 10 }])
  })
})
