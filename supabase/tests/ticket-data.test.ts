// Smaller data mistakes from the review (issue 43, item 20), each against the real database and
// functions of the local stack.
import { createTicketMutation, logTicketForClientMutation } from '@siyakha/supabase/mutations'
import { helpdeskTicketQuery, ticketQuery } from '@siyakha/supabase/queries'
import { beforeAll, describe, expect, it } from 'vitest'
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
