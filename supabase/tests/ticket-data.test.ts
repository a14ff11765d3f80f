// Smaller data mistakes from the review (issue 43, item 20), each against the real database and
// functions of the local stack.
import { CUSTOMER_DECISIONS } from '@siyakha/schemas/ticket'
import {
  addCustomerReplyMutation,
  createTicketMutation,
  customerDecisionMutation,
  logTicketForClientMutation,
} from '@siyakha/supabase/mutations'
import { helpdeskTicketQuery, ticketQuery } from '@siyakha/supabase/queries'
import { beforeAll, describe, expect, it } from 'vitest'
import { mailsTo } from './functions-helpers'
import { ACME_CLINIC_ID, DEMO, type SignedInUser, signInAs, sql, uniqueEmail } from './helpers'

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
    const [mail] = await mailsTo(DEMO.agent.email, `[${ticket.tracking_ref}]`, 15_000)
    expect(mail?.Text).toContain(`says ${ticket.tracking_ref} is still not working, so it is open again`)
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
