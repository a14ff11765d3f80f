import { describe, expect, it, vi } from 'vitest'
import {
  addStaffMessageMutation,
  assignTicketMutation,
  TicketNotUpdatedError,
  updateTicketStatusMutation,
} from '../src/mutations'
import { containsPattern, helpdeskTicketQuery, helpdeskTicketsQuery, isStaffQuery } from '../src/queries'
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

  it('lists open work newest first, one page at a time', async () => {
    const { client, requests } = recordingClient(() => json([]))
    await helpdeskTicketsQuery(client, { status: 'active', limit: 51 })
    const url = requests[0]?.url
    expect(url?.searchParams.get('status')).toBe('not.in.(resolved,closed)')
    expect(url?.searchParams.get('order')).toBe('created_at.desc,id.desc')
    expect(url?.searchParams.get('limit')).toBe('51')
    expect(url?.searchParams.has('offset')).toBe(false)
    expect(url?.searchParams.has('or')).toBe(false)
    expect(url?.searchParams.has('created_at')).toBe(false)
    expect(url?.searchParams.has('assigned_to')).toBe(false)
  })

  it('pages by cursor: older rows after it, the nearest newer rows before it', async () => {
    const { client, requests } = recordingClient(() => json([]))
    const cursor = { createdAt: '2026-11-23T21:04:05.123456+00:00', id: 'a1' }
    await helpdeskTicketsQuery(client, { status: 'active', limit: 51, after: cursor })
    const next = requests[0]?.url
    expect(next?.searchParams.get('created_at')).toBe(`lte.${cursor.createdAt}`)
    expect(next?.searchParams.get('or')).toBe(
      `(created_at.lt."${cursor.createdAt}",and(created_at.eq."${cursor.createdAt}",id.lt.a1))`,
    )
    expect(next?.searchParams.get('order')).toBe('created_at.desc,id.desc')
    expect(next?.searchParams.has('offset')).toBe(false)
    await helpdeskTicketsQuery(client, { status: 'all', search: 'x', limit: 51, before: cursor })
    const previous = requests[1]?.url
    expect(previous?.searchParams.get('created_at')).toBe(`gte.${cursor.createdAt}`)
    expect(previous?.searchParams.getAll('or')).toEqual([
      `(and(or(tracking_ref.ilike."%x%",summary.ilike."%x%"),or(created_at.gt."${cursor.createdAt}",and(created_at.eq."${cursor.createdAt}",id.gt.a1))))`,
    ])
    expect(previous?.searchParams.get('order')).toBe('created_at.asc,id.asc')
  })

  it('filters by one status, the assignee and a search of reference or summary', async () => {
    const { client, requests } = recordingClient(() => json([]))
    await helpdeskTicketsQuery(client, {
      status: 'on_hold',
      search: 'wi-fi, "5G"',
      assignedTo: 'u1',
      limit: 10,
    })
    const url = requests[0]?.url
    expect(url?.searchParams.get('status')).toBe('eq.on_hold')
    expect(url?.searchParams.get('assigned_to')).toBe('eq.u1')
    expect(url?.searchParams.get('or')).toBe(
      String.raw`(tracking_ref.ilike."%wi-fi, \"5G\"%",summary.ilike."%wi-fi, \"5G\"%")`,
    )
    await helpdeskTicketsQuery(client, { status: 'all', limit: 10 })
    expect(requests[1]?.url.searchParams.has('status')).toBe(false)
  })

  it("quotes the search for PostgREST and takes the searcher's wildcards literally", () => {
    // LIKE escapes first (\% \_ \\), then the quoting doubles every backslash of the result.
    expect(containsPattern('50%_off\\')).toBe(String.raw`"%50\\%\\_off\\\\%"`)
    // Reserved characters stay as typed inside the quotes; only the quote itself is escaped.
    expect(containsPattern('a,b(c)"d"')).toBe(String.raw`"%a,b(c)\"d\"%"`)
    // PostgREST would turn * into %, so it stands for exactly one character instead.
    expect(containsPattern('2*3')).toBe('"%2_3%"')
    // The pattern the REST grammar test in packages/local-supabase runs against a real table.
    expect(containsPattern(String.raw`a,b (c) "d" 1*2 50%_x\y`)).toBe(
      String.raw`"%a,b (c) \"d\" 1_2 50\\%\\_x\\\\y%"`,
    )
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
    await updateTicketStatusMutation(client, { ticketId: 'a1', status: 'closed', closeReason: 'spam' })
    await updateTicketStatusMutation(client, { ticketId: 'a1', status: 'open', closeReason: 'spam' })
    expect(requests[0]?.init.method).toBe('PATCH')
    expect(requests[0]?.url.searchParams.get('id')).toBe('eq.a1')
    expect(JSON.parse(String(requests[0]?.init.body))).toEqual({ status: 'closed', close_reason: 'spam' })
    expect(JSON.parse(String(requests[1]?.init.body))).toEqual({ status: 'open', close_reason: null })
  })

  it('reports a ticket it could not update (missing, or refused by row-level security)', async () => {
    const { client } = recordingClient(() => json([]))
    await expect(assignTicketMutation(client, { ticketId: 'a1', assignee: null })).rejects.toBeInstanceOf(
      TicketNotUpdatedError,
    )
  })

  it('throws what the ticket trigger says', async () => {
    const { client } = recordingClient(() =>
      json({ message: 'Ticket status cannot move from new to resolved', code: '42501' }, 403),
    )
    await expect(
      updateTicketStatusMutation(client, { ticketId: 'a1', status: 'resolved', closeReason: null }),
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
