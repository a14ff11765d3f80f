// Who may start a view counter. The site owns the list of pages (its CMS articles and pages): its
// server vouches for a request with FORWARDER_SECRET, and only such a request may create a
// counter. Anyone else reads and counts existing counters only, and gets 404 for any other key,
// so nobody fills page_views with made-up namespaces and keys.
import { FORWARDER_SECRET_HEADER, VISITOR_ADDRESS_HEADER } from '@siyakha/schemas/client-address'
import { describe, expect, it } from 'vitest'
import { callFunction, service, uniqueIp } from './functions-helpers'
import { sql } from './helpers'

const ns = `pv-test-${Date.now()}`

const counters = (key: string) =>
  sql<{ count: string }>('select count from public.page_views where namespace = $1 and page_key = $2', [
    ns,
    key,
  ])

/** A call straight to the function, as any visitor could make it (no forwarder secret). */
const direct = (op: string, key: string, headers: Record<string, string> = {}) =>
  callFunction('page-views', { ip: null, path: `?ns=${ns}&key=${encodeURIComponent(key)}&op=${op}`, headers })

describe('page-views: only the site starts counters', () => {
  it.each(['hit', 'get'])('a direct %s of an unknown key is 404 and creates nothing', async (op) => {
    const key = `/made-up/${op}`
    const answer = await direct(op, key)
    expect([answer.status, answer.body.error]).toEqual([404, 'not_found'])
    expect(await counters(key)).toEqual([])
  })

  it('the path form is refused the same way', async () => {
    const answer = await callFunction('page-views', { ip: null, path: `/hit/${ns}/made-up/path-form` })
    expect(answer.status).toBe(404)
    expect(await counters('/made-up/path-form')).toEqual([])
  })

  it('a wrong forwarder secret vouches for nothing', async () => {
    const key = '/made-up/forged'
    const answer = await direct('hit', key, {
      [VISITOR_ADDRESS_HEADER]: uniqueIp(),
      [FORWARDER_SECRET_HEADER]: 'not-the-secret-but-long-enough',
    })
    expect(answer.status).toBe(404)
    expect(await counters(key)).toEqual([])
  })

  it('the site (vouching with the secret) starts a counter; then anyone reads and counts it', async () => {
    const key = '/blog/vouched-article'
    const first = await callFunction('page-views', { ip: uniqueIp(), path: `?ns=${ns}&key=${key}&op=hit` })
    expect([first.status, first.body]).toEqual([200, { value: 1 }])
    expect(await counters(key)).toEqual([{ count: '1' }])

    expect((await direct('get', key)).body).toEqual({ value: 1 })
    const counted = await direct('hit', key, { 'x-forwarded-for': uniqueIp() })
    expect([counted.status, counted.body]).toEqual([200, { value: 2 }])
  })

  it('the site reading a page nobody has viewed yet gets 0 without creating a counter', async () => {
    const key = '/blog/not-viewed-yet'
    const answer = await callFunction('page-views', { ip: uniqueIp(), path: `?ns=${ns}&key=${key}&op=get` })
    expect([answer.status, answer.body]).toEqual([200, { value: 0 }])
    expect(await counters(key)).toEqual([])
  })
})

describe('page-views', () => {
  const ns = `test-${Date.now()}`

  it('get reads, hit counts once per address and page, then reads', async () => {
    const key = '/blog/why-backups-fail'
    const ip = uniqueIp()
    const view = async (op: string, from = ip) =>
      callFunction('page-views', { ip: from, path: `?ns=${ns}&key=${encodeURIComponent(key)}&op=${op}` })

    expect((await view('get')).body).toEqual({ value: 0 })
    const hit = await view('hit')
    expect([hit.status, hit.body]).toEqual([200, { value: 1 }])
    // A reload from the same address does not count again.
    expect((await view('hit')).body).toEqual({ value: 1 })
    expect((await view('get')).body).toEqual({ value: 1 })
    // Another visitor does.
    expect((await view('hit', uniqueIp())).body).toEqual({ value: 2 })
    // The same visitor on another page counts there.
    const other = await callFunction('page-views', { ip, path: `?ns=${ns}&key=/blog/other&op=hit` })
    expect(other.body).toEqual({ value: 1 })
    // The counter service's path form reads the same counter; op defaults to get.
    expect((await callFunction('page-views', { path: `/get/${ns}${key}` })).body).toEqual({ value: 2 })
    expect((await callFunction('page-views', { path: `?ns=${ns}&key=${key}` })).body).toEqual({ value: 2 })
    const { data } = await service()
      .from('page_views')
      .select('count')
      .eq('namespace', ns)
      .eq('page_key', key)
      .single()
    expect(Number(data?.count)).toBe(2)
  })

  it('validates namespace, key and op like pageKey(); only GET', async () => {
    for (const query of [
      `?ns=a.b&key=/x`,
      `?ns=${ns}&key=/x%3Fy`,
      `?ns=${ns}`,
      `?key=/x`,
      `?ns=${ns}&key=/x&op=set`,
    ]) {
      const { status, body } = await callFunction('page-views', { path: query })
      expect([query, status, body.error]).toEqual([query, 400, 'validation'])
    }
    expect((await callFunction('page-views', { path: `?ns=${ns}&key=/x`, body: {} })).status).toBe(405)
  })
})
