import { describe, expect, it, vi } from 'vitest'
import {
  addStaffMessageMutation,
  assignTicketMutation,
  TicketNotUpdatedError,
  updateTicketStatusMutation,
} from '../src/mutations'
import { helpdeskQueueQuery, helpdeskTicketQuery, isStaffQuery } from '../src/queries'
import { json, recordingClient } from './recording-client'

describe('helpdesk queries', () => {
  it('checks for a staff role of the user themselves', async () => {
    const { client, requests } = recordingClient(() => json([{ role: 'agent' }]))
    expect(await isStaffQuery(client, 'u1')).toBe(true)
    const url = requests[0]?.url
    expect(url?.pathname).toBe('/rest/v1/user_roles')
    expect(url?.searchParams.get('user_id')).toBe('eq.u1')
    expect(url?.searchParams.get('limit')).toBe('1')
  })

  it('treats no role or a failing check as not staff', async () => {
    expect(await isStaffQuery(recordingClient(() => json([])).client, 'u1')).toBe(false)
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {})
    const failing = recordingClient(() => json({ message: 'denied', code: '42501' }, 403)).client
    expect(await isStaffQuery(failing, 'u1')).toBe(false)
    expect(spy).toHaveBeenCalled()
    spy.mockRestore()
  })

  it('asks the queue function for open work, newest first, without a cursor', async () => {
    const { client, requests } = recordingClient(() => json([]))
    await helpdeskQueueQuery(client, { status: 'active', sort: 'created', descending: true, limit: 51 })
    const request = requests[0]
    expect(request?.url.pathname).toBe('/rest/v1/rpc/helpdesk_queue')
    expect(JSON.parse(String(request?.init.body))).toEqual({
      p_status: 'active',
      p_breached: false,
      p_sort: 'created',
      p_descending: true,
      p_backwards: false,
      p_limit: 51,
    })
  })

  it('passes every filter, and reads backwards from a "before" cursor', async () => {
    const { client, requests } = recordingClient(() => json([]))
    const cursor = { value: 'high', createdAt: '2026-11-23T21:04:05.123456+00:00', id: 'a1' }
    await helpdeskQueueQuery(client, {
      status: 'on_hold',
      priority: 'urgent',
      assignee: 'none',
      company: 'c1',
      channel: 'whatsapp',
      breached: true,
      search: 'wi-fi, "5G"',
      sort: 'priority',
      descending: true,
      before: cursor,
      limit: 10,
    })
    expect(JSON.parse(String(requests[0]?.init.body))).toEqual({
      p_status: 'on_hold',
      p_priority: 'urgent',
      p_assignee: 'none',
      p_company: 'c1',
      p_channel: 'whatsapp',
      p_breached: true,
      p_search: 'wi-fi, "5G"',
      p_sort: 'priority',
      p_descending: true,
      p_cursor_value: 'high',
      p_cursor_created_at: cursor.createdAt,
      p_cursor_id: 'a1',
      p_backwards: true,
      p_limit: 10,
    })
  })

  it('reads one ticket with its company for the helpdesk', async () => {
    const { client, requests } = recordingClient(() => json([]))
    expect((await helpdeskTicketQuery(client, 'a1')).data).toBeNull()
    const url = requests[0]?.url
    expect(url?.searchParams.get('id')).toBe('eq.a1')
    expect(url?.searchParams.get('select')).toContain('company:companies(name)')
  })
})

describe('helpdesk mutations', () => {
  const row = { id: 'a1', status: 'closed', close_reason: 'spam', priority: 'normal', assigned_to: null }

  it('closes with the reason and clears it on any other move', async () => {
    const { client, requests } = recordingClient(() => json([row]))
    await updateTicketStatusMutation(client, {
      ticketId: 'a1',
      status: 'closed',
      closeReason: 'spam',
      version: 3,
    })
    await updateTicketStatusMutation(client, {
      ticketId: 'a1',
      status: 'open',
      closeReason: 'spam',
      version: 4,
    })
    expect(requests[0]?.init.method).toBe('PATCH')
    expect(requests[0]?.url.searchParams.get('id')).toBe('eq.a1')
    expect(JSON.parse(String(requests[0]?.init.body))).toEqual({
      status: 'closed',
      close_reason: 'spam',
      expected_version: 3,
    })
    expect(JSON.parse(String(requests[1]?.init.body))).toEqual({
      status: 'open',
      close_reason: null,
      expected_version: 4,
    })
  })

  it('reports a ticket it could not update (missing, or refused by row-level security)', async () => {
    const { client } = recordingClient(() => json([]))
    await expect(
      assignTicketMutation(client, { ticketId: 'a1', assignee: null, version: 1 }),
    ).rejects.toBeInstanceOf(TicketNotUpdatedError)
  })

  it('throws what the ticket trigger says', async () => {
    const { client } = recordingClient(() =>
      json({ message: 'Ticket status cannot move from new to resolved', code: '42501' }, 403),
    )
    await expect(
      updateTicketStatusMutation(client, {
        ticketId: 'a1',
        status: 'resolved',
        closeReason: null,
        version: 1,
      }),
    ).rejects.toMatchObject({ code: '42501' })
  })

  it('records a public reply as outbound and a note as internal, sent from the portal', async () => {
    const { client, requests } = recordingClient(() => json({ id: 'm1' }, 201))
    expect(
      await addStaffMessageMutation(client, { ticketId: 'a1', kind: 'public', body: 'Hi', userId: 'u1' }),
    ).toEqual({ id: 'm1' })
    await addStaffMessageMutation(client, { ticketId: 'a1', kind: 'internal', body: 'Note', userId: 'u1' })
    const bodies = requests.map((r) => JSON.parse(String(r.init.body)))
    expect(bodies[0]).toEqual({
      ticket_id: 'a1',
      direction: 'outbound',
      channel: 'portal',
      status: 'sent',
      body: 'Hi',
      created_by: 'u1',
    })
    expect(bodies[1]).toMatchObject({ direction: 'internal', channel: 'portal', status: 'sent' })
  })
})
