import { describe, expect, it, vi } from 'vitest'
import { createTicketMutation, customerDecisionMutation, TicketNotUpdatedError } from '../src/mutations'
import {
  adminCompanyIdsQuery,
  isProviderAdminQuery,
  myTicketsQuery,
  ticketQuery,
  timelineQuery,
} from '../src/queries'
import { json, recordingClient } from './recording-client'

describe('queries', () => {
  it("lists the user's tickets newest first with the spec columns and a limit", async () => {
    const { client, requests } = recordingClient(() => json([]))
    const { data } = await myTicketsQuery(client, { userId: 'u1', limit: 5 })
    expect(data).toEqual([])
    const url = requests[0]?.url
    expect(url?.pathname).toBe('/rest/v1/tickets')
    expect(url?.searchParams.get('select')).toBe('id,summary,status,created_at,tracking_ref,priority')
    expect(url?.searchParams.get('created_by_user_id')).toBe('eq.u1')
    expect(url?.searchParams.get('or')).toBeNull()
    expect(url?.searchParams.get('order')).toBe('created_at.desc,id.desc')
    expect(url?.searchParams.get('limit')).toBe('5')
  })

  it('starts the next page below a cursor, also for a company admin', async () => {
    const { client, requests } = recordingClient(() => json([]))
    const after = { createdAt: '2026-11-23T21:04:05.123456+00:00', id: 'a1' }
    await myTicketsQuery(client, { userId: 'u1', after })
    const own = requests[0]?.url
    expect(own?.searchParams.get('created_by_user_id')).toBe('eq.u1')
    expect(own?.searchParams.get('created_at')).toBe(`lte.${after.createdAt}`)
    expect(own?.searchParams.get('or')).toBe(
      `(created_at.lt."${after.createdAt}",and(created_at.eq."${after.createdAt}",id.lt.a1))`,
    )
    expect(own?.searchParams.has('offset')).toBe(false)
    await myTicketsQuery(client, { userId: 'u1', adminCompanyIds: ['c1'], after })
    const admin = requests[1]?.url
    expect(admin?.searchParams.getAll('or')).toEqual([
      `(and(or(created_by_user_id.eq.u1,company_id.in.(c1)),or(created_at.lt."${after.createdAt}",and(created_at.eq."${after.createdAt}",id.lt.a1))))`,
    ])
  })

  it("adds a company admin's companies to the list", async () => {
    const { client, requests } = recordingClient(() => json([]))
    await myTicketsQuery(client, { userId: 'u1', adminCompanyIds: ['c1', 'c2'] })
    const url = requests[0]?.url
    expect(url?.searchParams.get('created_by_user_id')).toBeNull()
    expect(url?.searchParams.get('or')).toBe('(created_by_user_id.eq.u1,company_id.in.(c1,c2))')
    expect(url?.searchParams.get('limit')).toBe('20')
  })

  it("reads the user's company-admin memberships", async () => {
    const { client, requests } = recordingClient(() => json([{ company_id: 'c1' }]))
    const { data } = await adminCompanyIdsQuery(client, 'u1')
    expect(data).toEqual([{ company_id: 'c1' }])
    const url = requests[0]?.url
    expect(url?.pathname).toBe('/rest/v1/company_members')
    expect(url?.searchParams.get('user_id')).toBe('eq.u1')
    expect(url?.searchParams.get('role')).toBe('eq.company_admin')
  })

  it('throws when the list fails', async () => {
    const { client } = recordingClient(() => json({ message: 'boom', code: 'XX000' }, 500))
    await expect(myTicketsQuery(client, { userId: 'u1' })).rejects.toThrow('boom')
  })

  it('reads one ticket by id as a single object, or null', async () => {
    const row = {
      id: 'a1',
      summary: 'Printer',
      status: 'new',
      created_at: '2026-01-01',
      tracking_ref: 'TCK-ABC123',
    }
    let rows: unknown[] = [row]
    const { client, requests } = recordingClient(() => json(rows))
    expect((await ticketQuery(client, 'a1')).data).toEqual(row)
    rows = []
    expect((await ticketQuery(client, 'a1')).data).toBeNull()
    const url = requests[0]?.url
    expect(url?.searchParams.get('id')).toBe('eq.a1')
    expect(url?.searchParams.get('select')).toBe(
      'id,summary,details,status,close_reason,channel,created_at,tracking_ref,created_by_user_id,requester_name',
    )
  })

  it('reads the timeline oldest first, each message with its files', async () => {
    const { client, requests } = recordingClient(() => json([]))
    await timelineQuery(client, 't1')
    const url = requests[0]?.url
    expect(url?.pathname).toBe('/rest/v1/ticket_messages')
    expect(url?.searchParams.get('ticket_id')).toBe('eq.t1')
    expect(url?.searchParams.get('order')).toBe('created_at.asc')
    expect(url?.searchParams.get('select')).toBe(
      'id,direction,channel,to_from,subject,body,status,created_at,metadata,created_by,author_kind,author_name,attachments:ticket_attachments(id,file_name,content_type,size_bytes,object_path)',
    )
  })

  it("asks for a customer's timeline without internal notes when told to", async () => {
    const { client, requests } = recordingClient(() => json([]))
    await timelineQuery(client, 't1', { internalNotes: false })
    await timelineQuery(client, 't1')
    expect(requests[0]?.url.searchParams.get('internal')).toBe('eq.false')
    expect(requests[0]?.url.searchParams.get('ticket_id')).toBe('eq.t1')
    expect(requests[1]?.url.searchParams.has('internal')).toBe(false)
  })

  it('checks the admin role with one row at most', async () => {
    const { client, requests } = recordingClient(() => json([{ role: 'siyakha_admin' }]))
    expect(await isProviderAdminQuery(client)).toBe(true)
    const url = requests[0]?.url
    expect(url?.pathname).toBe('/rest/v1/user_roles')
    expect(url?.searchParams.get('role')).toBe('eq.siyakha_admin')
    expect(url?.searchParams.get('limit')).toBe('1')
  })

  it('treats no role as not admin', async () => {
    const { client } = recordingClient(() => json([]))
    expect(await isProviderAdminQuery(client)).toBe(false)
  })

  it('logs a failing role check and treats it as not admin', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { client } = recordingClient(() => json({ message: 'denied', code: '42501' }, 403))
    expect(await isProviderAdminQuery(client)).toBe(false)
    expect(spy).toHaveBeenCalled()
    spy.mockRestore()
  })
})

describe('createTicketMutation', () => {
  it('inserts a portal ticket as the user and returns id and reference', async () => {
    const { client, requests } = recordingClient(() => json({ id: 'x', tracking_ref: 'TCK-ABC123' }, 201))
    const created = await createTicketMutation(client, { summary: 'Printer offline', userId: 'u1' })
    expect(created).toEqual({ id: 'x', tracking_ref: 'TCK-ABC123' })
    const { url, init } = requests[0] ?? {}
    expect(init?.method).toBe('POST')
    expect(url?.searchParams.get('select')).toBe('id,tracking_ref')
    expect(JSON.parse(String(init?.body))).toEqual({
      company_id: null,
      created_by_user_id: 'u1',
      channel: 'portal',
      priority: 'normal',
      summary: 'Printer offline',
      details: null,
    })
  })

  it('throws the database error', async () => {
    const { client } = recordingClient(() =>
      json({ message: 'new row violates row-level security', code: '42501' }, 403),
    )
    await expect(createTicketMutation(client, { summary: 'x', userId: 'u1' })).rejects.toThrow(
      /row-level security/,
    )
  })
})

describe('customerDecisionMutation', () => {
  const move = { from: 'resolved', status: 'closed', closeReason: 'confirmed' } as const

  it('moves the ticket only from the state the decision belongs to', async () => {
    const { client, requests } = recordingClient(() => json({ id: 't1', status: 'closed' }))
    expect(await customerDecisionMutation(client, { ticketId: 't1', move })).toEqual({
      id: 't1',
      status: 'closed',
    })
    const { url, init } = requests[0] as { url: URL; init: RequestInit }
    expect(init.method).toBe('PATCH')
    expect(url.searchParams.get('id')).toBe('eq.t1')
    expect(url.searchParams.get('status')).toBe('eq.resolved')
    expect(JSON.parse(String(init.body))).toEqual({ status: 'closed', close_reason: 'confirmed' })
  })

  it('reports a ticket that has moved on (no row updated)', async () => {
    const { client } = recordingClient(() => json([]))
    const answer = customerDecisionMutation(client, { ticketId: 't1', move })
    await expect(answer).rejects.toBeInstanceOf(TicketNotUpdatedError)
  })
})
