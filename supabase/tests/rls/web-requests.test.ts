// Row-level security of what the public forms open (issue 12): requester contacts are staff's to
// read and nobody's to write through the API; a ticket without an account is the queue's, not any
// customer's; submit_web_request is the service role's alone.
import { describe, expect, it } from 'vitest'
import { DEMO, sql } from '../helpers'
import { CALLERS, db, STAFF, service, useCallers } from './callers'

useCallers()

/** A web ticket from someone without an account, made as the public form function makes it. */
async function webTicket() {
  const email = `web-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`
  const { data } = await service
    .rpc('submit_web_request', {
      p_kind: 'support',
      p_request: {
        full_name: 'Pat Ndlovu',
        contact_number: '011 000 0000',
        email,
        category: 'Other',
        description: 'The alarm panel beeps every night.',
      },
      p_ticket: {
        email,
        full_name: 'Pat Ndlovu',
        phone: '011 000 0000',
        summary: 'Other: The alarm panel beeps every night.',
        details: 'The alarm panel beeps every night.',
        category: 'Other',
      },
    })
    .single()
    .throwOnError()
  return { ...(data as { ticket_id: string; tracking_ref: string; request_reference: string }), email }
}

describe('requester_contacts', () => {
  it.each(STAFF)('%s reads a contact', async (caller) => {
    const { email } = await webTicket()
    const { data, error } = await db[caller].from('requester_contacts').select('email').eq('email', email)
    expect(error).toBeNull()
    expect(data).toEqual([{ email }])
  })

  it.each(['thabo', 'companyMember', 'companyAdmin'] as const)('%s reads no contact', async (caller) => {
    const { email } = await webTicket()
    const { data } = await db[caller].from('requester_contacts').select('email').eq('email', email)
    expect(data).toEqual([])
  })

  it.each(CALLERS)('%s cannot write a contact', async (caller) => {
    const insert = await db[caller]
      .from('requester_contacts')
      .insert({ email: 'x@example.org', full_name: 'X' })
    expect(insert.error?.code).toBe('42501')
    const update = await db[caller].from('requester_contacts').update({ full_name: 'Y' }).neq('full_name', '')
    expect(update.error?.code).toBe('42501')
  })
})

describe('a ticket without an account', () => {
  it('is in the staff queue and no customer’s', async () => {
    const { ticket_id } = await webTicket()
    for (const caller of ['thabo', 'companyMember', 'companyAdmin'] as const) {
      const { data } = await db[caller].from('tickets').select('id').eq('id', ticket_id)
      expect(data, caller).toEqual([])
    }
    for (const caller of STAFF) {
      const { data } = await db[caller].from('tickets').select('channel, status').eq('id', ticket_id)
      expect(data, caller).toEqual([{ channel: 'web', status: 'new' }])
    }
  })

  it('nobody but the database hands it to an account', async () => {
    const { ticket_id } = await webTicket()
    const customer = await db.thabo.from('tickets').update({ created_by_user_id: null }).eq('id', ticket_id)
    expect(customer.error?.code).toBe('42501')
    const agent = await db.agent
      .from('tickets')
      .update({ created_by_user_id: '00000000-0000-4000-8000-000000000005' } as never)
      .eq('id', ticket_id)
    expect(agent.error?.code).toBe('42501')
    const [row] = await sql<{ created_by_user_id: string | null }>(
      'select created_by_user_id from public.tickets where id = $1',
      [ticket_id],
    )
    expect(row?.created_by_user_id).toBeNull()
  })

  it('a ticket needs a requester: an account or a contact', async () => {
    await expect(
      sql(`insert into public.tickets (created_by_user_id, summary) values (null, 'Nobody asked')`),
    ).rejects.toThrow(/tickets_have_a_requester/)
  })
})

describe('submit_web_request', () => {
  it.each(CALLERS)('%s cannot call it', async (caller) => {
    const result = await db[caller].rpc('submit_web_request', {
      p_kind: 'support',
      p_request: {},
      p_ticket: {},
    })
    expect(result.error?.code).toBe('42501')
  })

  it('refuses a kind it does not know', async () => {
    const result = await service.rpc('submit_web_request', {
      p_kind: 'newsletter',
      p_request: {},
      p_ticket: {},
    })
    expect(result.error?.code).toBe('22023')
  })
})

describe('log_ticket_for_client', () => {
  const args = (email: string) => ({
    p_email: email,
    p_full_name: 'Sam Phiri',
    p_phone: '+27825550101',
    p_channel: 'phone' as const,
    p_summary: 'Called: the reception PC will not boot',
    p_details: 'Beeps three times on start-up.',
    p_priority: 'high' as const,
  })

  it.each(STAFF)('%s logs a ticket for a new client: open, theirs, the client’s contact', async (caller) => {
    const email = `client-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`
    const { data } = await db[caller].rpc('log_ticket_for_client', args(email)).single().throwOnError()
    const [row] = await sql<Record<string, unknown>>(
      `select t.channel, t.status, t.priority, t.assigned_to, t.created_by_user_id, t.requester_name,
              t.first_response_at is not null as answered, c.email, c.phone
       from public.tickets t join public.requester_contacts c on c.id = t.requester_contact_id where t.id = $1`,
      [(data as { ticket_id: string }).ticket_id],
    )
    expect(row).toEqual({
      channel: 'phone',
      status: 'open',
      priority: 'high',
      assigned_to: DEMO[caller].id,
      created_by_user_id: null,
      requester_name: 'Sam Phiri',
      answered: true,
      email,
      phone: '+27825550101',
    })
  })

  it('a client with an account gets the ticket in their account', async () => {
    const { data } = await db.agent
      .rpc('log_ticket_for_client', args(DEMO.thabo.email.toUpperCase()))
      .single()
      .throwOnError()
    const { data: seen } = await db.thabo
      .from('tickets')
      .select('channel, requester_name')
      .eq('id', (data as { ticket_id: string }).ticket_id)
    expect(seen).toEqual([{ channel: 'phone', requester_name: 'Thabo Molefe' }])
  })

  it.each(CALLERS.filter((c) => !STAFF.includes(c as never)))('%s cannot log one', async (caller) => {
    const result = await db[caller].rpc('log_ticket_for_client', args('someone@example.org'))
    expect(result.error?.code).toBe('42501')
  })
})
