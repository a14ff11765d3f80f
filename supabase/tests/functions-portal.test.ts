// The signed-in edge functions: WhatsApp message intents, mark-as-sent, and company set-up.
import { beforeAll, describe, expect, it } from 'vitest'
import {
  callFunction,
  mailsTo,
  newUser,
  providerAdmin,
  type SignedIn,
  service,
  uniqueEmail,
} from './functions-helpers'

let alice: SignedIn
let bob: SignedIn
let ticket: { id: string; tracking_ref: string }

beforeAll(async () => {
  alice = await newUser('alice')
  bob = await newUser('bob')
  const { data, error } = await alice.supabase
    .from('tickets')
    .insert({ summary: 'Printer offline at reception', created_by_user_id: alice.id })
    .select('id, tracking_ref')
    .single()
  if (error) throw error
  ticket = data
})

const intent = (overrides: Record<string, unknown> = {}) => ({
  ticket_id: ticket.id,
  phoneE164: '+27820000000',
  message: `Printer still offline\n\nRef: ${ticket.tracking_ref}`,
  tracking_ref: ticket.tracking_ref,
  ...overrides,
})

describe('messages-intent', () => {
  it('queues an outbound WhatsApp message on your own ticket', async () => {
    const { status, body } = await callFunction('messages-intent', { token: alice.token, body: intent() })
    expect(status).toBe(200)
    expect(body).toEqual({ id: expect.any(String) })
    const { data: row } = await alice.supabase.from('ticket_messages').select('*').eq('id', body.id).single()
    expect(row).toMatchObject({
      ticket_id: ticket.id,
      direction: 'outbound',
      channel: 'whatsapp',
      to_from: '+27820000000',
      body: intent().message,
      status: 'queued',
      created_by: alice.id,
      metadata: { tracking_ref: ticket.tracking_ref },
    })
  })

  it('accepts a null reference', async () => {
    const { status, body } = await callFunction('messages-intent', {
      token: alice.token,
      body: intent({ tracking_ref: null }),
    })
    expect(status).toBe(200)
    const { data } = await alice.supabase
      .from('ticket_messages')
      .select('metadata')
      .eq('id', body.id)
      .single()
    expect(data?.metadata).toEqual({ tracking_ref: null })
  })

  it("404 on someone else's ticket or an unknown one, and nothing is stored", async () => {
    const { count: before } = await service()
      .from('ticket_messages')
      .select('id', { count: 'exact', head: true })
      .eq('ticket_id', ticket.id)
    const other = await callFunction('messages-intent', { token: bob.token, body: intent() })
    expect([other.status, other.body.error]).toEqual([404, 'not_found'])
    const unknown = await callFunction('messages-intent', {
      token: alice.token,
      body: intent({ ticket_id: '0f8fad5b-d9cb-469f-a165-70867728950e' }),
    })
    expect(unknown.status).toBe(404)
    const { count: after } = await service()
      .from('ticket_messages')
      .select('id', { count: 'exact', head: true })
      .eq('ticket_id', ticket.id)
    expect(after).toBe(before)
  })

  it('400 for a bad body, 401 without a signed-in user', async () => {
    const bad = await callFunction('messages-intent', {
      token: alice.token,
      body: intent({ phoneE164: '082 000 0000', message: '' }),
    })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.fields).sort()).toEqual(['message', 'phoneE164'])
    expect((await callFunction('messages-intent', { token: alice.token, raw: 'nope' })).status).toBe(400)
    // The anon key passes verify_jwt but is nobody.
    expect((await callFunction('messages-intent', { body: intent() })).status).toBe(401)
    const missing = await fetch(`${(await import('./functions-helpers')).urls.functions}/messages-intent`, {
      method: 'POST',
      body: JSON.stringify(intent()),
    })
    expect(missing.status).toBe(401)
  })

  it("401 for a token that is not a signed-in user's: a service key, or a payload changed after signing", async () => {
    const serviceKey = (await import('./helpers')).keys.serviceRoleKey
    expect((await callFunction('messages-intent', { token: serviceKey, body: intent() })).status).toBe(401)
    // Alice's token claiming to be Bob: the signature no longer matches.
    const [header, payload, signature] = alice.token.split('.') as [string, string, string]
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString())
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: bob.id })).toString('base64url')
    const answer = await callFunction('messages-intent', {
      token: `${header}.${forged}.${signature}`,
      body: intent(),
    })
    expect(answer.status).toBe(401)
  })
})

describe('messages-mark-sent', () => {
  it('marks your own queued message as sent, idempotently', async () => {
    const { body: created } = await callFunction('messages-intent', { token: alice.token, body: intent() })
    const mark = { messageId: created.id, ticketId: ticket.id }
    const first = await callFunction('messages-mark-sent', { token: alice.token, body: mark })
    expect([first.status, first.body]).toEqual([200, { id: created.id, status: 'sent' }])
    const { data: row } = await alice.supabase
      .from('ticket_messages')
      .select('status')
      .eq('id', created.id)
      .single()
    expect(row?.status).toBe('sent')
    const again = await callFunction('messages-mark-sent', { token: alice.token, body: mark })
    expect([again.status, again.body]).toEqual([200, first.body])
  })

  it("404 for someone else's message, the wrong ticket, or a message you didn't create", async () => {
    const { body: created } = await callFunction('messages-intent', { token: alice.token, body: intent() })
    const bobTry = await callFunction('messages-mark-sent', {
      token: bob.token,
      body: { messageId: created.id, ticketId: ticket.id },
    })
    expect([bobTry.status, bobTry.body.error]).toEqual([404, 'not_found'])
    const wrongTicket = await callFunction('messages-mark-sent', {
      token: alice.token,
      body: { messageId: created.id, ticketId: '0f8fad5b-d9cb-469f-a165-70867728950e' },
    })
    expect(wrongTicket.status).toBe(404)

    // A message staff queued on Alice's ticket: she can read it, but it isn't hers to mark.
    const admin = await providerAdmin()
    const { data: staffMessage, error } = await admin.supabase
      .from('ticket_messages')
      .insert({
        ticket_id: ticket.id,
        direction: 'outbound',
        channel: 'whatsapp',
        body: 'On our way',
        status: 'queued',
      })
      .select('id')
      .single()
    if (error) throw error
    const notHers = await callFunction('messages-mark-sent', {
      token: alice.token,
      body: { messageId: staffMessage.id, ticketId: ticket.id },
    })
    expect(notHers.status).toBe(404)

    const { data: rows } = await service()
      .from('ticket_messages')
      .select('status')
      .in('id', [created.id, staffMessage.id])
    expect(rows?.map((r) => r.status)).toEqual(['queued', 'queued'])
  })

  it('400 for a bad body', async () => {
    const { status } = await callFunction('messages-mark-sent', {
      token: alice.token,
      body: { messageId: 'x' },
    })
    expect(status).toBe(400)
  })
})

describe('create-company-admin', () => {
  it('403 for anyone but a provider admin', async () => {
    const body = { company_name: 'Sneaky Co', admin_email: uniqueEmail('sneaky'), make_superadmin: true }
    const { status, body: answer } = await callFunction('create-company-admin', { token: alice.token, body })
    expect([status, answer.error]).toEqual([403, 'forbidden'])
    const { data } = await service().from('companies').select('id').eq('name', 'Sneaky Co')
    expect(data).toEqual([])
    expect((await callFunction('create-company-admin', { body })).status).toBe(401)
  })

  it('creates the company, invites the admin and assigns the roles', async () => {
    const admin = await providerAdmin()
    const company_name = `Karoo Dental ${Date.now()}`
    const admin_email = uniqueEmail('dentist')
    const { status, body } = await callFunction('create-company-admin', {
      token: admin.token,
      body: { company_name, admin_email, make_superadmin: false },
    })
    expect(status).toBe(200)
    expect(body).toEqual({ company_id: expect.any(String), admin_user_id: expect.any(String) })

    const db = service()
    const { data: company } = await db
      .from('companies')
      .select('name, created_by')
      .eq('id', body.company_id)
      .single()
    expect(company).toEqual({ name: company_name, created_by: admin.id })
    const { data: members } = await db
      .from('company_members')
      .select('user_id, role')
      .eq('company_id', body.company_id)
    expect(members).toEqual([{ user_id: body.admin_user_id, role: 'company_admin' }])
    const { data: user } = await db.auth.admin.getUserById(body.admin_user_id)
    expect(user.user?.email).toBe(admin_email)
    const { data: roles } = await db.from('user_roles').select('role').eq('user_id', body.admin_user_id)
    expect(roles).toEqual([])

    const [invite] = await mailsTo(admin_email)
    expect(invite?.Text ?? '').toContain('/auth/v1/verify')
    expect(decodeURIComponent(invite?.Text ?? '')).toContain('localhost:3001/auth')

    // The same company (any case) and an existing user are reused; make_superadmin adds the role.
    const carol = await newUser('carol')
    const again = await callFunction('create-company-admin', {
      token: admin.token,
      body: { company_name: company_name.toUpperCase(), admin_email: carol.email, make_superadmin: true },
    })
    expect(again.status).toBe(200)
    expect(again.body).toEqual({ company_id: body.company_id, admin_user_id: carol.id })
    const { data: carolRoles } = await db.from('user_roles').select('role').eq('user_id', carol.id)
    expect(carolRoles).toEqual([{ role: 'siyakha_admin' }])
    const { count } = await db
      .from('company_members')
      .select('user_id', { count: 'exact', head: true })
      .eq('company_id', body.company_id)
    expect(count).toBe(2)
  })

  it('400 for a bad body from a provider admin', async () => {
    const admin = await providerAdmin()
    const { status, body } = await callFunction('create-company-admin', {
      token: admin.token,
      body: { company_name: 'X', admin_email: 'nope' },
    })
    expect(status).toBe(400)
    expect(body.fields).toEqual({
      company_name: 'Please enter the company name',
      admin_email: 'Please enter a valid email address',
    })
  })
})
