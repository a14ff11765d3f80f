// The helpdesk queue and workspace in the database (issue 13, parts 1 and 2): every sort pages
// through every ticket once, in order, forwards and back; filters and the message-text search;
// the activity log written by triggers for whoever makes a change; what moves last activity and
// the version; names copied onto the ticket follow their source.
import { type HelpdeskQueueArgs, helpdeskQueueQuery } from '@siyakha/supabase/queries'
import { beforeAll, describe, expect, it } from 'vitest'
import { ACME_CLINIC_ID, DEMO, newCustomer, type SignedInUser, signInAs, sql } from './helpers'

type Row = Awaited<ReturnType<typeof helpdeskQueueQuery>>['data'][number]

let agent: SignedInUser
let customer: SignedInUser
/** A word only this file's tickets carry, so the queue can be narrowed to them. */
const MARK = `qmark${Date.now().toString(36)}`
let ids: string[] = []

beforeAll(async () => {
  agent = await signInAs('agent')
  customer = await newCustomer('queue')
  // Twelve tickets: four share one created_at (ties go by id), priorities, assignees, companies and
  // requesters vary, so every sort has ties and distinct values.
  const rows = await sql<{ id: string }>(
    `insert into public.tickets (created_by_user_id, summary, priority, status, assigned_to, company_id, created_at)
     select $1, $2 || ' ticket ' || g,
       (array['low','normal','high','urgent'])[1 + g % 4]::public.ticket_priority,
       (array['new','open','on_hold','waiting_on_customer'])[1 + g % 4]::public.ticket_status,
       case g % 3 when 0 then null when 1 then $3::uuid else $4::uuid end,
       case when g % 2 = 0 then $5::uuid end,
       case when g <= 4 then timestamptz '2026-01-05 10:00:00.123456+00'
            else timestamptz '2026-01-05 09:00:00+00' + g * interval '1 minute' end
     from generate_series(1, 12) g
     returning id`,
    [customer.id, MARK, DEMO.agent.id, DEMO.providerAdmin.id, ACME_CLINIC_ID],
  )
  ids = rows.map((row) => row.id)
  // Time on the last eight, with ties (30 min twice, 90 min three times), none on the first four
  // (whose activity log the tests below read).
  await sql(
    `insert into public.time_entries (ticket_id, agent_id, agent_name, minutes, billable)
     select id, $2, 'Agent', (array[30, 90, 90, 30, 90, 15, 200, 45])[n - 4], n % 2 = 0
     from unnest($1::uuid[]) with ordinality as t (id, n) where n > 4`,
    [ids, DEMO.agent.id],
  )
})

/** Every page of a sort, following the cursor forwards; then back from the end. */
async function walk(args: Pick<HelpdeskQueueArgs, 'sort' | 'descending'>, pageSize = 5) {
  const base = { status: 'active' as const, search: MARK, limit: pageSize + 1, ...args }
  const forwards: Row[][] = []
  let after: Row | undefined
  for (;;) {
    const { data } = await helpdeskQueueQuery(agent.supabase, {
      ...base,
      after: after && { value: after.sort_value, createdAt: after.created_at, id: after.id },
    })
    forwards.push(data.slice(0, pageSize))
    if (data.length <= pageSize) break
    after = data[pageSize - 1]
  }
  // Back from the last page's first row: the rows before it, nearest first.
  const last = forwards.at(-1)?.[0] as Row
  const { data: before } = await helpdeskQueueQuery(agent.supabase, {
    ...base,
    limit: 100,
    before: { value: last.sort_value, createdAt: last.created_at, id: last.id },
  })
  return { forwards: forwards.flat(), before }
}

const priorityRank = { low: 0, normal: 1, high: 2, urgent: 3 } as const

describe('helpdesk_queue', () => {
  it.each([
    ['created', true],
    ['created', false],
    ['priority', true],
    ['status', false],
    ['assignee', false],
    ['company', true],
    ['requester', false],
    ['activity', true],
    ['sla', false],
    ['reference', false],
    ['time', true],
    ['time', false],
  ] as const)(
    'sorted by %s (descending: %s) pages through every ticket once, in order, and back',
    async (sort, descending) => {
      const { forwards, before } = await walk({ sort, descending })
      expect(forwards.map((row) => row.id).sort()).toEqual([...ids].sort())
      // In order: the sort value, then created_at, then id, all one way.
      const key = (row: Row): (string | number)[] => [
        sort === 'priority'
          ? priorityRank[row.priority]
          : sort === 'time'
            ? Number(row.sort_value)
            : row.sort_value,
        Date.parse(row.created_at),
        row.id,
      ]
      const sign = descending ? -1 : 1
      for (let i = 1; i < forwards.length; i++) {
        const [a, b] = [key(forwards[i - 1] as Row), key(forwards[i] as Row)]
        const order = a.findIndex((part, at) => part !== b[at])
        expect(order, `rows ${i - 1} and ${i} are the same`).toBeGreaterThanOrEqual(0)
        const [x, y] = [a[order] as string | number, b[order] as string | number]
        const cmp = typeof x === 'number' ? Math.sign((y as number) - x) : x < y ? 1 : -1
        if (sort === 'status' && order === 0) continue // enum order, checked below
        expect(cmp, `${sort} rows ${i - 1} → ${i}`).toBe(sign)
      }
      // Going back from the last page lands on the rows before it, nearest first.
      const lastPageStart = forwards.length - (forwards.length % 5 || 5)
      expect(before.map((row) => row.id)).toEqual(
        forwards
          .slice(0, lastPageStart)
          .reverse()
          .map((row) => row.id),
      )
    },
  )

  it('sorts statuses in the workflow order, not alphabetically', async () => {
    const { data } = await helpdeskQueueQuery(agent.supabase, {
      status: 'active',
      search: MARK,
      sort: 'status',
      descending: false,
      limit: 50,
    })
    const order = ['new', 'open', 'waiting_on_customer', 'on_hold']
    const ranks = data.map((row) => order.indexOf(row.status))
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b))
  })

  it('filters by priority, assignee (someone, nobody), company, channel and breach', async () => {
    const base = {
      status: 'all' as const,
      search: MARK,
      sort: 'created' as const,
      descending: true,
      limit: 50,
    }
    const read = async (extra: Partial<HelpdeskQueueArgs>) =>
      (await helpdeskQueueQuery(agent.supabase, { ...base, ...extra })).data
    expect((await read({ priority: 'urgent' })).every((row) => row.priority === 'urgent')).toBe(true)
    expect(await read({ priority: 'urgent' })).toHaveLength(3)
    const agents = await read({ assignee: DEMO.agent.id })
    expect(agents).toHaveLength(4)
    expect(
      agents.every((row) => row.assigned_to === DEMO.agent.id && row.assignee_name === 'Sipho Dlamini'),
    ).toBe(true)
    const nobody = await read({ assignee: 'none' })
    expect(nobody.map((row) => row.assigned_to)).toEqual([null, null, null, null])
    const acme = await read({ company: ACME_CLINIC_ID })
    expect(acme).toHaveLength(6)
    expect(acme.every((row) => row.company_name === 'Acme Clinic')).toBe(true)
    expect(await read({ channel: 'whatsapp' })).toEqual([])
    // Created in January 2026 and never answered: every running clock has run out, the waiting
    // ones are paused (no clock), so they are not breached.
    const breached = await read({ breached: true })
    expect(breached.length).toBeGreaterThan(0)
    expect(breached.every((row) => row.status !== 'waiting_on_customer')).toBe(true)
    expect(breached.every((row) => Date.parse(row.sla_due_at) < Date.now())).toBe(true)
  })

  it('finds a ticket by the text of a message, the requester and the reference', async () => {
    const target = ids[7] as string
    const word = `zebra${Date.now().toString(36)}`
    await sql(
      `insert into public.ticket_messages (ticket_id, direction, channel, body, status, created_by)
       values ($1, 'inbound', 'portal', $2, 'sent', $3)`,
      [target, `The scanner says ${word} on its screen`, customer.id],
    )
    const find = async (search: string) =>
      (
        await helpdeskQueueQuery(agent.supabase, {
          status: 'all',
          search,
          sort: 'created',
          descending: true,
          limit: 50,
        })
      ).data.map((row) => row.id)
    expect(await find(word.toUpperCase())).toEqual([target])
    const [{ tracking_ref: ref, requester_name: name } = { tracking_ref: '', requester_name: '' }] =
      await sql<{
        tracking_ref: string
        requester_name: string
      }>('select tracking_ref, requester_name from public.tickets where id = $1', [target])
    expect(await find(ref.toLowerCase())).toEqual([target])
    expect(await find(name)).toEqual(expect.arrayContaining(ids))
    // LIKE's wildcards are taken literally.
    expect(await find(`${MARK}%`)).toEqual([])
  })

  it('refuses an unknown sort or status as a bad request, never a server error', async () => {
    const { error: sort } = await agent.supabase.rpc('helpdesk_queue', { p_sort: 'summary; drop table x' })
    expect(sort?.code).toBe('22023')
    const { error: status } = await agent.supabase.rpc('helpdesk_queue', { p_status: 'deleted' })
    expect(status?.code).toBe('22P02')
    const { error: cursor } = await agent.supabase.rpc('helpdesk_queue', {
      p_sort: 'created',
      p_cursor_value: 'not a time',
      p_cursor_created_at: '2026-01-01T00:00:00Z',
      p_cursor_id: ids[0],
    })
    expect(cursor?.code).toMatch(/^22/)
  })
})

describe('the activity log', () => {
  it('records who changed what, from and to, for staff and for a customer reply alike', async () => {
    const ticket = ids[0] as string
    const { data: before } = await agent.supabase
      .from('tickets')
      .select('version')
      .eq('id', ticket)
      .single()
      .throwOnError()
    await agent.supabase
      .from('tickets')
      .update({
        status: 'waiting_on_customer',
        priority: 'high',
        assigned_to: DEMO.providerAdmin.id,
        tags: ['printer'],
        expected_version: before.version,
      })
      .eq('id', ticket)
      .throwOnError()
    // The customer answers: the database moves the ticket back to open, in their name.
    await customer.supabase
      .from('ticket_messages')
      .insert({
        ticket_id: ticket,
        direction: 'inbound',
        channel: 'portal',
        body: 'It still jams.',
        created_by: customer.id,
      })
      .throwOnError()
    const { data: events } = await agent.supabase
      .from('ticket_events')
      .select('actor_name, field, from_value, to_value')
      .eq('ticket_id', ticket)
      .order('id')
      .throwOnError()
    const [{ name } = { name: '' }] = await sql<{ name: string }>('select private.display_name($1) as name', [
      customer.id,
    ])
    expect(events).toEqual([
      { actor_name: 'System', field: 'created', from_value: null, to_value: 'portal' },
      expect.objectContaining({
        actor_name: 'Sipho Dlamini',
        field: 'status',
        to_value: 'waiting_on_customer',
      }),
      expect.objectContaining({ actor_name: 'Sipho Dlamini', field: 'priority', to_value: 'high' }),
      expect.objectContaining({ actor_name: 'Sipho Dlamini', field: 'assignee', to_value: 'Naledi Mokoena' }),
      { actor_name: 'Sipho Dlamini', field: 'tags', from_value: null, to_value: 'printer' },
      { actor_name: name, field: 'status', from_value: 'waiting_on_customer', to_value: 'open' },
    ])
    const { data: after } = await agent.supabase
      .from('tickets')
      .select('version')
      .eq('id', ticket)
      .single()
      .throwOnError()
    // Two changes by people: the agent's, and the reply's status move.
    expect(after.version).toBe(before.version + 2)
  })

  it('a message moves last activity without making an open form stale', async () => {
    const ticket = ids[1] as string
    const [row] = await sql<{ version: number; last_activity_at: Date }>(
      'select version, last_activity_at from public.tickets where id = $1',
      [ticket],
    )
    await sql(
      `insert into public.ticket_messages (ticket_id, direction, channel, body, status, created_by)
       values ($1, 'internal', 'portal', 'Checked the logs.', 'sent', $2)`,
      [ticket, DEMO.agent.id],
    )
    const [moved] = await sql<{ version: number; last_activity_at: Date }>(
      'select version, last_activity_at from public.tickets where id = $1',
      [ticket],
    )
    expect(moved?.version).toBe(row?.version)
    expect(moved?.last_activity_at.getTime()).toBeGreaterThan(row?.last_activity_at.getTime() ?? 0)
    // So the agent's change based on the version they loaded still goes through.
    await agent.supabase
      .from('tickets')
      .update({ priority: 'urgent', expected_version: row?.version })
      .eq('id', ticket)
      .throwOnError()
  })

  it("a renamed company is renamed on its tickets' copies", async () => {
    const [company] = await sql<{ id: string }>(
      'insert into public.companies (name) values ($1) returning id',
      [`Queue Co ${MARK}`],
    )
    const ticket = ids[2] as string
    await sql('update public.tickets set company_id = $1 where id = $2', [company?.id, ticket])
    await sql('update public.companies set name = $1 where id = $2', [`Renamed ${MARK}`, company?.id])
    const [row] = await sql<{ company_name: string }>(
      'select company_name from public.tickets where id = $1',
      [ticket],
    )
    expect(row?.company_name).toBe(`Renamed ${MARK}`)
  })
})
