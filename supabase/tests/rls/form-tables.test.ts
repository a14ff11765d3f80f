// The public forms' tables and the view counters: only staff read the requests, nobody writes
// them through the API (the edge functions do, as the service role), and the counter functions
// are the service role's alone.
import { beforeAll, describe, expect, it } from 'vitest'
import { type DemoUser, sql } from '../helpers'
import { CALLERS, db, STAFF, service, useCallers } from './callers'

useCallers()

beforeAll(async () => {
  // One row in each staff-only table, written as the functions would (service role).
  await sql(`insert into public.support_requests (reference, full_name, contact_number, email, category, description)
             values ('SR-RLS001', 'Nomsa Zulu', '+27 82 555 0199', 'nomsa@example.co.za', 'Email', 'Mailbox full, cannot send.')`)
  await sql(`insert into public.quote_requests (reference, full_name, email, phone, service, message)
             values ('QR-RLS001', 'Pieter van Wyk', 'pieter@example.co.za', '+27 82 555 0198', 'Managed IT', 'Quote for 12 staff.')`)
  await sql(`insert into public.newsletter_subscribers (email) values ('rls-subscriber@example.co.za')`)
  await sql(`insert into public.page_views (namespace, page_key, count) values ('rls-test', '/rls', 7)`)
})

describe('public form tables and counters', () => {
  const FORM_TABLES = ['support_requests', 'quote_requests', 'newsletter_subscribers'] as const

  it.each(FORM_TABLES)('%s: only staff read it', async (table) => {
    for (const caller of CALLERS) {
      const { data, error } = await db[caller].from(table).select('id')
      expect(error).toBeNull()
      if (STAFF.includes(caller as DemoUser)) expect(data?.length).toBeGreaterThan(0)
      else expect(data).toEqual([])
    }
  })

  it.each(FORM_TABLES)('%s: nobody writes it through the API, staff included', async (table) => {
    const rows = {
      support_requests: {
        reference: 'SR-X',
        full_name: 'Mallory',
        contact_number: '0110000000',
        email: 'm@example.com',
        category: 'Email',
        description: 'Trying to write directly.',
      },
      quote_requests: {
        reference: 'QR-X',
        full_name: 'Mallory',
        email: 'm@example.com',
        phone: '0110000000',
        service: 'Managed IT',
        message: 'Trying to write directly.',
      },
      newsletter_subscribers: { email: 'mallory@example.com' },
    }[table]
    for (const caller of CALLERS) {
      const insert = await db[caller].from(table).insert(rows as never)
      expect(insert.error?.code).toBe('42501')
      const update = await db[caller]
        .from(table)
        .update({ email: 'x@example.com' } as never)
        .neq('email', '')
      expect(update.error?.code).toBe('42501')
      const remove = await db[caller].from(table).delete().neq('email', '')
      expect(remove.error?.code).toBe('42501')
    }
    const service_ = await service.from(table).select('id')
    expect(service_.data?.length).toBeGreaterThan(0)
  })

  it('page_views: anyone reads; nobody writes through the API', async () => {
    for (const caller of CALLERS) {
      const { data } = await db[caller].from('page_views').select('count').eq('namespace', 'rls-test')
      expect(data).toEqual([{ count: 7 }])
      const insert = await db[caller]
        .from('page_views')
        .insert({ namespace: 'rls-test', page_key: '/x', count: 1e6 })
      expect(insert.error?.code).toBe('42501')
      const update = await db[caller].from('page_views').update({ count: 1e6 }).eq('namespace', 'rls-test')
      expect(update.error?.code).toBe('42501')
      const remove = await db[caller].from('page_views').delete().eq('namespace', 'rls-test')
      expect(remove.error?.code).toBe('42501')
    }
  })

  it.each(CALLERS)('%s cannot call hit_page_view or rate_limit_hit', async (caller) => {
    const hit = await db[caller].rpc('hit_page_view', { p_namespace: 'rls-test', p_page_key: '/rls' })
    expect(hit.error?.code).toBe('42501')
    const limit = await db[caller].rpc('rate_limit_hit', {
      p_bucket: 'rls',
      p_key: 'k',
      p_window_seconds: 60,
      p_max: 1,
    })
    expect(limit.error?.code).toBe('42501')
  })

  it('the service role calls both', async () => {
    const hit = await service.rpc('hit_page_view', { p_namespace: 'rls-test', p_page_key: '/rls' })
    expect(hit.data).toBe(8)
    const first = await service.rpc('rate_limit_hit', {
      p_bucket: 'rls',
      p_key: 'k',
      p_window_seconds: 60,
      p_max: 1,
    })
    const second = await service.rpc('rate_limit_hit', {
      p_bucket: 'rls',
      p_key: 'k',
      p_window_seconds: 60,
      p_max: 1,
    })
    expect([first.data, second.data]).toEqual([true, false])
  })

  it('the rate-limit table is not reachable through the API', async () => {
    const result = await db.providerAdmin
      .schema('private' as never)
      .from('rate_limits')
      .select('*')
    expect(result.error).not.toBeNull()
  })
})
