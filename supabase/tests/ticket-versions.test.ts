// Lost updates: two agents editing the same ticket. Each change says which version of the ticket
// it was based on (tickets.version, bumped by every update); a change based on an outdated copy is
// refused (PT409, HTTP 409) and leaves the ticket as the first agent saved it.
import {
  bulkChangeTicketsMutation,
  TicketChangedError,
  updateTicketPriorityMutation,
  updateTicketStatusMutation,
} from '@siyakha/supabase/mutations'
import { helpdeskTicketQuery } from '@siyakha/supabase/queries'
import { beforeAll, describe, expect, it } from 'vitest'
import { type Client, DEMO, keys, type SignedInUser, signInAs, sql, urls } from './helpers'

let agent: SignedInUser
let admin: SignedInUser

beforeAll(async () => {
  agent = await signInAs('agent')
  admin = await signInAs('providerAdmin')
})

async function freshTicket(status = 'new'): Promise<string> {
  const [row] = await sql<{ id: string }>(
    `insert into public.tickets (created_by_user_id, summary, status) values ($1, 'Version test', $2) returning id`,
    [DEMO.thabo.id, status],
  )
  return row?.id as string
}

async function loaded(client: Client, id: string) {
  const { data } = await helpdeskTicketQuery(client, id)
  if (!data) throw new Error('ticket not readable')
  return data
}

describe('ticket versions', () => {
  it('a new ticket is version 1 and every change bumps it', async () => {
    const id = await freshTicket()
    expect((await loaded(agent.supabase, id)).version).toBe(1)
    const saved = await updateTicketPriorityMutation(agent.supabase, {
      ticketId: id,
      priority: 'high',
      version: 1,
    })
    expect(saved.version).toBe(2)
    await sql(`update public.tickets set location = 'Server room' where id = $1`, [id])
    expect((await loaded(admin.supabase, id)).version).toBe(3)
  })

  it('two agents load the same ticket: the second save is refused and changes nothing', async () => {
    const id = await freshTicket()
    const agentsCopy = await loaded(agent.supabase, id)
    const adminsCopy = await loaded(admin.supabase, id)
    expect(adminsCopy.version).toBe(agentsCopy.version)

    await updateTicketPriorityMutation(agent.supabase, {
      ticketId: id,
      priority: 'urgent',
      version: agentsCopy.version,
    })
    const stale = updateTicketStatusMutation(admin.supabase, {
      ticketId: id,
      status: 'on_hold',
      closeReason: null,
      version: adminsCopy.version,
    })
    await expect(stale).rejects.toBeInstanceOf(TicketChangedError)
    await expect(stale).rejects.toThrow(/changed by someone else/)

    const [row] = await sql<{ priority: string; status: string; version: number }>(
      'select priority, status, version from public.tickets where id = $1',
      [id],
    )
    expect(row).toEqual({ priority: 'urgent', status: 'new', version: agentsCopy.version + 1 })

    // With the current version, the same change goes through.
    const retried = await updateTicketStatusMutation(admin.supabase, {
      ticketId: id,
      status: 'on_hold',
      closeReason: null,
      version: row?.version as number,
    })
    expect(retried).toMatchObject({ status: 'on_hold', priority: 'urgent', version: agentsCopy.version + 2 })
  })

  it('the API answers a stale write with 409 and a message saying what happened', async () => {
    const id = await freshTicket()
    await sql(`update public.tickets set priority = 'low' where id = $1`, [id])
    const response = await fetch(`${urls.api}/rest/v1/tickets?id=eq.${id}`, {
      method: 'PATCH',
      headers: {
        apikey: keys.anonKey,
        Authorization: `Bearer ${agent.accessToken}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ priority: 'high', version: 1 }),
    })
    expect(response.status).toBe(409)
    const body = (await response.json()) as { code: string; message: string; hint: string }
    expect(body.code).toBe('PT409')
    expect(body.message).toMatch(/changed by someone else/)
    expect(body.hint).toMatch(/Reload the ticket/)
    const [row] = await sql<{ priority: string }>('select priority from public.tickets where id = $1', [id])
    expect(row?.priority).toBe('low')
  })

  it('a customer reply moving the ticket also makes a staff copy stale', async () => {
    const id = await freshTicket('waiting_on_customer')
    const copy = await loaded(agent.supabase, id)
    const thabo = await signInAs('thabo')
    await thabo.supabase
      .from('ticket_messages')
      .insert({ ticket_id: id, direction: 'inbound', channel: 'portal', body: 'Still broken.' })
      .throwOnError()
    await expect(
      updateTicketStatusMutation(agent.supabase, {
        ticketId: id,
        status: 'resolved',
        closeReason: null,
        version: copy.version,
      }),
    ).rejects.toBeInstanceOf(TicketChangedError)
    const [row] = await sql<{ status: string }>('select status from public.tickets where id = $1', [id])
    expect(row?.status).toBe('open')
  })

  it('a staff change that does not say which version it is based on is refused (428), whatever the client', async () => {
    const id = await freshTicket()
    const patch = (body: Record<string, unknown>) =>
      fetch(`${urls.api}/rest/v1/tickets?id=eq.${id}`, {
        method: 'PATCH',
        headers: {
          apikey: keys.anonKey,
          Authorization: `Bearer ${agent.accessToken}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify(body),
      })
    // Without a version, and with the current version sent as `version` (which an update that left
    // it out would also have): neither says what the change was based on.
    for (const body of [{ priority: 'high' }, { priority: 'high', version: 1 }, { status: 'on_hold' }]) {
      const response = await patch(body)
      expect(response.status).toBe(428)
      const answer = (await response.json()) as { code: string; message: string }
      expect(answer.code).toBe('PT428')
      expect(answer.message).toMatch(/which version of the ticket it is based on/)
    }
    const [row] = await sql<{ priority: string; status: string; version: number; expected_version: null }>(
      'select priority, status, version, expected_version from public.tickets where id = $1',
      [id],
    )
    expect(row).toEqual({ priority: 'normal', status: 'new', version: 1, expected_version: null })
    // With it, the same change goes through, and the version it was based on is not kept.
    const saved = await patch({ priority: 'high', expected_version: 1 })
    expect(saved.status).toBe(204)
    const [after] = await sql(
      'select priority, version, expected_version from public.tickets where id = $1',
      [id],
    )
    expect(after).toEqual({ priority: 'high', version: 2, expected_version: null })
    // The database's own writes (a trusted caller) need none.
    await sql(`update public.tickets set location = 'Server room' where id = $1`, [id])
  })

  it('a bulk change carries each row’s version: rows changed since the list loaded are named and nothing changes', async () => {
    const first = await freshTicket()
    const second = await freshTicket()
    const third = await freshTicket()
    const rows = await Promise.all([first, second, third].map((id) => loaded(agent.supabase, id)))
    // A colleague changes two of them after the agent's list loaded.
    for (const row of rows.slice(1)) {
      await updateTicketPriorityMutation(admin.supabase, {
        ticketId: row.id,
        priority: 'low',
        version: row.version,
      })
    }
    const stale = bulkChangeTicketsMutation(agent.supabase, {
      tickets: rows.map((row) => ({ id: row.id, version: row.version })),
      assignee: DEMO.agent.id,
      priority: 'urgent',
    })
    await expect(stale).rejects.toBeInstanceOf(TicketChangedError)
    const named = [rows[1]?.tracking_ref, rows[2]?.tracking_ref].sort().join(', ')
    await expect(stale).rejects.toThrow(`${named} changed since you loaded the list.`)
    const unchanged = await sql<{ priority: string; assigned_to: string | null }>(
      'select priority, assigned_to from public.tickets where id = any($1) order by priority',
      [[first, second, third]],
    )
    expect(unchanged).toEqual([
      { priority: 'low', assigned_to: null },
      { priority: 'low', assigned_to: null },
      { priority: 'normal', assigned_to: null },
    ])
    // Loaded again, the same change goes through for all three, each ticket's version bumped once.
    const reloaded = await Promise.all([first, second, third].map((id) => loaded(agent.supabase, id)))
    const changed = await bulkChangeTicketsMutation(agent.supabase, {
      tickets: reloaded.map((row) => ({ id: row.id, version: row.version })),
      assignee: DEMO.agent.id,
      priority: 'urgent',
    })
    expect(changed).toBe(3)
    const after = await sql<{ priority: string; assigned_to: string; version: number }>(
      'select priority, assigned_to, version from public.tickets where id = any($1) order by id',
      [[first, second, third]],
    )
    const versions = new Map(reloaded.map((row) => [row.id, row.version + 1]))
    expect(after).toEqual(
      [first, second, third]
        .sort()
        .map((id) => ({ priority: 'urgent', assigned_to: DEMO.agent.id, version: versions.get(id) })),
    )
  })

  it('a bulk change without each row’s version is refused', async () => {
    const id = await freshTicket()
    const { error } = await agent.supabase.rpc('bulk_change_tickets', {
      p_tickets: [{ id }],
      p_priority: 'high',
    })
    expect(error?.code).toBe('PT428')
    const [row] = await sql<{ priority: string }>('select priority from public.tickets where id = $1', [id])
    expect(row?.priority).toBe('normal')
  })
})
