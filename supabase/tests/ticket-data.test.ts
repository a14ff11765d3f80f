// Smaller data mistakes from the review (issue 43, item 20), each against the real database and
// functions of the local stack.
import { CUSTOMER_DECISIONS } from '@siyakha/schemas/ticket'
import {
  addCustomerReplyMutation,
  askCustomerMutation,
  createTicketMutation,
  customerDecisionMutation,
  logTicketForClientMutation,
} from '@siyakha/supabase/mutations'
import { helpdeskTicketQuery, ticketQuery } from '@siyakha/supabase/queries'
import { beforeAll, describe, expect, it } from 'vitest'
import { mailsTo } from './functions-helpers'
import {
  ACME_CLINIC_ID,
  DEMO,
  newCustomer,
  type SignedInUser,
  serviceClient,
  signInAs,
  sql,
  uniqueEmail,
  versionOf,
} from './helpers'

let agent: SignedInUser
let member: SignedInUser
let companyAdmin: SignedInUser
let thabo: SignedInUser

beforeAll(async () => {
  ;[agent, member, companyAdmin, thabo] = await Promise.all([
    signInAs('agent'),
    signInAs('companyMember'),
    signInAs('companyAdmin'),
    signInAs('thabo'),
  ])
})

describe('a company member’s ticket', () => {
  it('is filed under their company, and their company admin sees it', async () => {
    const ticket = await createTicketMutation(member.supabase, {
      summary: 'Reception printer jams',
      userId: member.id,
    })
    const [row] = await sql<{ company_id: string | null; company_name: string }>(
      'select company_id, company_name from public.tickets where id = $1',
      [ticket.id],
    )
    expect(row).toEqual({ company_id: ACME_CLINIC_ID, company_name: 'Acme Clinic' })
    const { data: seen } = await ticketQuery(companyAdmin.supabase, ticket.id)
    expect(seen?.tracking_ref).toBe(ticket.tracking_ref)
  })

  it('a customer in no company files one of their own, which no company admin sees', async () => {
    const ticket = await createTicketMutation(thabo.supabase, { summary: 'Home Wi-Fi', userId: thabo.id })
    const [row] = await sql<{ company_id: string | null }>(
      'select company_id from public.tickets where id = $1',
      [ticket.id],
    )
    expect(row?.company_id).toBeNull()
    expect((await ticketQuery(companyAdmin.supabase, ticket.id)).data).toBeNull()
  })
})

describe('a company member’s ticket opened by mail or WhatsApp', () => {
  // A member of a company of their own, so that no other test's tickets are live for them.
  async function memberOfNewCompany() {
    const person = await newCustomer('member')
    const [company] = await sql<{ id: string }>(
      `insert into public.companies (name, created_by) values ($1, $2) returning id`,
      [`Karoo Dental ${Date.now()}`, DEMO.providerAdmin.id],
    )
    await sql(`insert into public.company_members (company_id, user_id, role) values ($1, $2, 'member')`, [
      company?.id,
      person.id,
    ])
    return { person, companyId: company?.id as string }
  }

  it('a verified email with no reference opens a ticket under their company', async () => {
    const { person, companyId } = await memberOfNewCompany()
    // As the inbound-email function calls it, once the sender is proven (DMARC pass).
    const { data, error } = await serviceClient().rpc('receive_email', {
      p: {
        event_id: `company-mail-${Date.now()}`,
        from_email: person.email,
        from_name: 'Karoo member',
        subject: 'Scanner offline',
        summary: 'Scanner offline',
        message_id: `<company-${Date.now()}@example.com>`,
        body: 'The scanner at reception is offline.',
        verified: true,
        evidence: 'dmarc',
        unknown_sender: 'ticket',
      },
    })
    expect(error).toBeNull()
    const outcome = data as { outcome: string; ticket_id: string }
    expect(outcome.outcome).toBe('new_ticket')
    const [row] = await sql<{ company_id: string | null; created_by_user_id: string }>(
      'select company_id, created_by_user_id from public.tickets where id = $1',
      [outcome.ticket_id],
    )
    expect(row).toEqual({ company_id: companyId, created_by_user_id: person.id })
  })

  it('a WhatsApp message from their proven number opens a ticket under their company', async () => {
    const { person, companyId } = await memberOfNewCompany()
    const earlier = await createTicketMutation(person.supabase, { summary: 'Old request', userId: person.id })
    const phone = `+2782${String(Date.now()).slice(-7)}`
    await sql(
      `insert into public.whatsapp_verified_numbers (phone_e164, ticket_id, user_id, via) values ($1, $2, $3, 'ref')`,
      [phone, earlier.id, person.id],
    )
    // Closed: a message with no reference starts a new conversation.
    await sql(`update public.tickets set status = 'closed', close_reason = 'confirmed' where id = $1`, [
      earlier.id,
    ])
    const { data, error } = await serviceClient().rpc('receive_whatsapp', {
      p: { from: phone, wamid: `wamid.company-${Date.now()}`, body: 'Our Wi-Fi is down again' },
    })
    expect(error).toBeNull()
    const outcome = data as { outcome: string; ticket_id: string }
    expect(outcome.ticket_id).not.toBe(earlier.id)
    const [row] = await sql<{ company_id: string | null; created_by_user_id: string | null }>(
      'select company_id, created_by_user_id from public.tickets where id = $1',
      [outcome.ticket_id],
    )
    expect(row).toEqual({ company_id: companyId, created_by_user_id: person.id })
  })
})

describe('a ticket an agent logs for a client', () => {
  it('keeps the phone number typed and the client’s company when the client has an account', async () => {
    const logged = await logTicketForClientMutation(agent.supabase, {
      email: DEMO.companyMember.email,
      fullName: 'Lerato Nkosi',
      phone: '011 555 0123',
      channel: 'phone',
      priority: 'normal',
      summary: 'Phoned in: scanner offline',
      details: null,
    })
    const { data } = await helpdeskTicketQuery(agent.supabase, logged.ticket_id)
    expect(data).toMatchObject({
      created_by_user_id: DEMO.companyMember.id,
      requester_phone: '011 555 0123',
      company_id: ACME_CLINIC_ID,
      company: { name: 'Acme Clinic' },
    })
    expect((await ticketQuery(companyAdmin.supabase, logged.ticket_id)).data?.tracking_ref).toBe(
      logged.tracking_ref,
    )
  })

  it('keeps the phone number typed for a client without an account', async () => {
    const email = uniqueEmail('walk-in')
    const logged = await logTicketForClientMutation(agent.supabase, {
      email,
      fullName: 'Sam Walker',
      phone: ' +27 82 555 0199 ',
      channel: 'walk_in',
      priority: 'low',
      summary: 'Walk-in: laptop will not charge',
      details: null,
    })
    const { data } = await helpdeskTicketQuery(agent.supabase, logged.ticket_id)
    expect(data).toMatchObject({
      created_by_user_id: null,
      company_id: null,
      requester_phone: '+27 82 555 0199',
      requester_contact: { email, phone: '+27 82 555 0199' },
    })
  })
})

/** A resolved ticket of Thabo's, assigned to `assignee` (or nobody). */
async function resolvedTicket(assignee: string | null) {
  const [row] = await sql<{ id: string; tracking_ref: string }>(
    `insert into public.tickets (created_by_user_id, summary, status, assigned_to, first_response_at)
     values ($1, $2, 'resolved', $3, now()) returning id, tracking_ref`,
    [DEMO.thabo.id, `Scanner offline ${Date.now()}`, assignee],
  )
  return row as { id: string; tracking_ref: string }
}

/** Who the outbox is to tell about a ticket, and what. */
const outbox = (ticketId: string) =>
  sql<{ event: string; recipient: string }>(
    `select event, recipient from private.notification_outbox where ticket_id = $1 and event like 'customer_%'
     order by recipient`,
    [ticketId],
  )

describe('a customer’s “still broken” on a resolved ticket', () => {
  it('alerts the assignee through the outbox, and the mail arrives', async () => {
    const ticket = await resolvedTicket(DEMO.agent.id)
    await customerDecisionMutation(thabo.supabase, { ticketId: ticket.id, move: CUSTOMER_DECISIONS.reopen })
    expect(await outbox(ticket.id)).toEqual([{ event: 'customer_reopened', recipient: DEMO.agent.email }])
    // Among the agent's mails about the ticket (its creation alerted them too).
    const told = async () =>
      (await mailsTo(DEMO.agent.email, `[${ticket.tracking_ref}]`, 0)).some((mail) =>
        mail.Text.includes(`says ${ticket.tracking_ref} is still not working, so it is open again`),
      )
    await expect.poll(told, { timeout: 15_000 }).toBe(true)
  })

  it('alerts every agent and provider admin when nobody is assigned', async () => {
    const ticket = await resolvedTicket(null)
    await customerDecisionMutation(thabo.supabase, { ticketId: ticket.id, move: CUSTOMER_DECISIONS.reopen })
    // Every staff member there is now (other tests may have added some).
    const staff = await sql<{ email: string }>(
      `select distinct u.email from public.user_roles r join auth.users u on u.id = r.user_id order by u.email`,
    )
    expect(staff.map((person) => person.email)).toEqual(
      expect.arrayContaining([DEMO.providerAdmin.email, DEMO.agent.email]),
    )
    expect(await outbox(ticket.id)).toEqual(
      staff.map((person) => ({ event: 'customer_reopened', recipient: person.email })),
    )
  })

  it('a reply that reopens it alerts once, with the reply', async () => {
    const ticket = await resolvedTicket(DEMO.agent.id)
    await addCustomerReplyMutation(thabo.supabase, {
      ticketId: ticket.id,
      body: 'Still broken after the restart.',
      userId: thabo.id,
    })
    expect(await outbox(ticket.id)).toEqual([{ event: 'customer_reply', recipient: DEMO.agent.email }])
  })
})

describe('a follow-up opened from a closed ticket’s page', () => {
  const THABOS_CLOSED = '00000000-0000-4000-8000-0000000000a4'
  const ACMES_CLOSED = '00000000-0000-4000-8000-0000000000a6'
  const THABOS_OPEN = '00000000-0000-4000-8000-0000000000a1'

  it('links to the ticket it follows', async () => {
    const ticket = await createTicketMutation(thabo.supabase, {
      summary: 'The VPN drops again',
      userId: thabo.id,
      followUpOf: THABOS_CLOSED,
    })
    const [row] = await sql<{ follow_up_of: string | null }>(
      'select follow_up_of from public.tickets where id = $1',
      [ticket.id],
    )
    expect(row?.follow_up_of).toBe(THABOS_CLOSED)
  })

  it('only of a closed ticket the customer can read', async () => {
    for (const followUpOf of [ACMES_CLOSED, THABOS_OPEN]) {
      await expect(
        createTicketMutation(thabo.supabase, { summary: 'Sneaky follow-up', userId: thabo.id, followUpOf }),
      ).rejects.toMatchObject({ code: '42501' })
    }
    const rows = await sql("select 1 from public.tickets where summary = 'Sneaky follow-up'")
    expect(rows).toEqual([])
  })
})

describe('“Waiting on customer”', () => {
  /** An open ticket of Thabo's, and what the outbox holds for Thabo about it. */
  async function openTicket() {
    const [row] = await sql<{ id: string; tracking_ref: string }>(
      `insert into public.tickets (created_by_user_id, summary, status, assigned_to, first_response_at)
       values ($1, $2, 'open', $3, now()) returning id, tracking_ref`,
      [DEMO.thabo.id, `Printer offline ${Date.now()}`, DEMO.agent.id],
    )
    return row as { id: string; tracking_ref: string }
  }
  const toCustomer = (ticketId: string) =>
    sql<{ event: string; body: string | null }>(
      `select event, payload ->> 'body' as body from private.notification_outbox
       where ticket_id = $1 and recipient = $2 and event <> 'ticket_created' order by id`,
      [ticketId, DEMO.thabo.email],
    )

  it('sends the agent’s question as a public reply with the change, and the customer gets it by email', async () => {
    const ticket = await openTicket()
    const version = await versionOf(ticket.id)
    const question = 'Which printer is it: the one at reception or in the back office?'
    const moved = await askCustomerMutation(agent.supabase, { ticketId: ticket.id, version, question })
    expect(moved).toBe(version + 1)
    const [row] = await sql<{ status: string }>('select status from public.tickets where id = $1', [
      ticket.id,
    ])
    expect(row?.status).toBe('waiting_on_customer')
    const messages = await sql<{ direction: string; body: string; author_kind: string; created_by: string }>(
      'select direction, body, author_kind, created_by from public.ticket_messages where ticket_id = $1',
      [ticket.id],
    )
    expect(messages).toEqual([
      { direction: 'outbound', body: question, author_kind: 'staff', created_by: DEMO.agent.id },
    ])
    // One mail, with the question: no bare "we need something from you".
    expect(await toCustomer(ticket.id)).toEqual([{ event: 'staff_reply', body: question }])
    const asked = async () =>
      (await mailsTo(DEMO.thabo.email, `[${ticket.tracking_ref}]`, 0)).some((mail) =>
        mail.Text.includes(question),
      )
    await expect.poll(asked, { timeout: 15_000 }).toBe(true)
  })

  it('a move to it without a question mails the customer nothing', async () => {
    const ticket = await openTicket()
    await agent.supabase
      .from('tickets')
      .update({ status: 'waiting_on_customer', expected_version: await versionOf(ticket.id) })
      .eq('id', ticket.id)
      .throwOnError()
    expect(await toCustomer(ticket.id)).toEqual([])
  })

  it('is both or neither: a stale version moves nothing and sends nothing', async () => {
    const ticket = await openTicket()
    const version = await versionOf(ticket.id)
    await sql("update public.tickets set priority = 'high' where id = $1", [ticket.id])
    await expect(
      askCustomerMutation(agent.supabase, { ticketId: ticket.id, version, question: 'Is it on?' }),
    ).rejects.toThrow(/changed by someone else/)
    const [row] = await sql<{ status: string }>('select status from public.tickets where id = $1', [
      ticket.id,
    ])
    expect(row?.status).toBe('open')
    expect(await sql('select 1 from public.ticket_messages where ticket_id = $1', [ticket.id])).toEqual([])
    // A customer may not ask themselves.
    const { error } = await thabo.supabase.rpc('ask_customer', {
      p_ticket: ticket.id,
      p_version: await versionOf(ticket.id),
      p_question: 'Hello?',
    })
    expect(error?.code).toBe('42501')
  })
})

describe('a customer’s change to their ticket after staff acted on it', () => {
  it('is in the activity log with who made it and the values before and after', async () => {
    const [ticket] = await sql<{ id: string }>(
      `insert into public.tickets (created_by_user_id, summary, details, location, status, assigned_to, first_response_at)
       values ($1, 'Printer offline', 'The printer by the door.', 'Reception', 'open', $2, now()) returning id`,
      [DEMO.thabo.id, DEMO.agent.id],
    )
    const id = ticket?.id as string
    await thabo.supabase
      .from('tickets')
      .update({
        details: 'The printer in the back office.',
        location: 'Back office',
        service_category_id: 'printing',
      })
      .eq('id', id)
      .throwOnError()
    const { data } = await agent.supabase
      .from('ticket_events')
      .select('actor_id, actor_name, field, from_value, to_value')
      .eq('ticket_id', id)
      .neq('field', 'created')
      .order('id')
      .throwOnError()
    const who = { actor_id: DEMO.thabo.id, actor_name: 'Thabo Molefe' }
    expect(data).toEqual([
      {
        ...who,
        field: 'details',
        from_value: 'The printer by the door.',
        to_value: 'The printer in the back office.',
      },
      { ...who, field: 'location', from_value: 'Reception', to_value: 'Back office' },
      { ...who, field: 'service_category', from_value: null, to_value: 'printing' },
    ])
  })
  it('the log still takes every kind of entry it took before', async () => {
    const [row] = await sql<{ definition: string }>(
      `select pg_get_constraintdef(c.oid) as definition from pg_constraint c
       where c.conrelid = 'public.ticket_events'::regclass and c.contype = 'c' and pg_get_constraintdef(c.oid) like '%field = ANY%'`,
    )
    for (const field of [
      'created',
      'status',
      'close_reason',
      'priority',
      'assignee',
      'company',
      'tags',
      'summary',
      'split',
    ]) {
      expect(row?.definition).toContain(`'${field}'`)
    }
  })
})
