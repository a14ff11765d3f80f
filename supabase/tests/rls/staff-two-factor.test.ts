// Two-factor sign-in for staff (issue 15, part 3), held by the database: while a provider admin
// requires it, staff powers need a session whose JWT says aal2, whatever the client. As anon, the
// customers, the demo staff at aal1, fresh staff at aal2 (an authenticator app enrolled through
// Supabase Auth's MFA API, codes computed here) and through SQL with chosen claims.

import { totpCode } from '@siyakha/local-supabase/totp'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { callFunction } from '../functions-helpers'
import {
  asCaller,
  type Client,
  DEMO,
  DEMO_PASSWORD,
  SEED_TICKET_IDS,
  type SignedInUser,
  serviceClient,
  signIn,
  sql,
  uniqueEmail,
  versionOf,
} from '../helpers'
import { CALLERS, db, T, ticketIn, useCallers, users } from './callers'

useCallers()

const setRequired = (on: boolean) =>
  sql('update public.helpdesk_settings set staff_two_factor_required = $1', [on])

// Files share the stack: whatever happens here, the next file finds the requirement off.
afterEach(() => setRequired(false))
afterAll(() => setRequired(false))

/** A fresh staff member with the given role, signed in with their password (aal1). */
async function newStaff(role: 'agent' | 'siyakha_admin'): Promise<SignedInUser> {
  const email = uniqueEmail(`staff-${role}`)
  const { data, error } = await serviceClient().auth.admin.createUser({
    email,
    password: DEMO_PASSWORD,
    email_confirm: true,
  })
  if (error) throw error
  await sql('insert into public.user_roles (user_id, role) values ($1, $2)', [data.user.id, role])
  return signIn(email)
}

/** Turns on an authenticator app for the user; their client's session is aal2 afterwards. */
async function turnOnTwoFactor(user: SignedInUser): Promise<{ factorId: string; secret: string }> {
  const { data, error } = await user.supabase.auth.mfa.enroll({
    factorType: 'totp',
    friendlyName: 'Test authenticator',
  })
  if (error) throw error
  expect(data.totp.qr_code).toMatch(/^data:image\/svg\+xml/)
  const { error: verifyError } = await user.supabase.auth.mfa.challengeAndVerify({
    factorId: data.id,
    code: totpCode(data.totp.secret),
  })
  if (verifyError) throw verifyError
  return { factorId: data.id, secret: data.totp.secret }
}

async function aalOf(client: Client): Promise<string | null> {
  const { data, error } = await client.auth.mfa.getAuthenticatorAssuranceLevel()
  if (error) throw error
  return data.currentLevel
}

/** Tickets the caller sees among the seeded ones (staff see all eleven). */
async function seededTicketCount(client: Client): Promise<number> {
  const { data, error } = await client.from('tickets').select('id').in('id', SEED_TICKET_IDS)
  if (error) throw error
  return data.length
}

/** One statement as `sub` with the given claims, through SQL (no Auth server involved). */
async function asClaims<T>(sub: string, aal: string | undefined, query: string): Promise<T[]> {
  return asCaller(
    { sub, role: 'authenticated', ...(aal ? { aal } : {}) },
    async (db) => (await db.query(query)).rows as T[],
  )
}

describe('helpdesk_settings', () => {
  it('staff read the one row; customers read none; anon is refused', async () => {
    for (const caller of CALLERS) {
      const { data, error } = await db[caller].from('helpdesk_settings').select('staff_two_factor_required')
      if (caller === 'anon') expect(error?.code, caller).toBe('42501')
      else if (caller === 'agent' || caller === 'providerAdmin')
        expect(data, caller).toEqual([{ staff_two_factor_required: false }])
      else expect(data, caller).toEqual([])
    }
  })

  it('nobody but a provider admin changes it, and nobody adds or removes the row', async () => {
    for (const caller of ['anon', 'thabo', 'companyAdmin', 'agent'] as const) {
      const { data, error } = await db[caller]
        .from('helpdesk_settings')
        .update({ staff_two_factor_required: true })
        .eq('id', true)
        .select('id')
      expect(error?.code ?? 'no rows', caller).toMatch(/42501|no rows/)
      expect(data ?? [], caller).toEqual([])
    }
    for (const caller of CALLERS) {
      const insert = await db[caller].from('helpdesk_settings').insert({ id: true })
      expect(insert.error?.code, caller).toBe('42501')
      const remove = await db[caller].from('helpdesk_settings').delete().eq('id', true).select('id')
      expect(remove.data ?? [], caller).toEqual([])
    }
    const [row] = await sql('select staff_two_factor_required from public.helpdesk_settings')
    expect(row).toEqual({ staff_two_factor_required: false })
  })

  it('a provider admin at aal1 cannot require two factors (they would lock themselves out)', async () => {
    const { error } = await db.providerAdmin
      .from('helpdesk_settings')
      .update({ staff_two_factor_required: true })
      .eq('id', true)
    expect(error?.code).toBe('42501')
  })

  it('a provider admin signed in with two factors turns it on and off; it records who and when', async () => {
    const admin = await newStaff('siyakha_admin')
    await turnOnTwoFactor(admin)
    expect(await aalOf(admin.supabase)).toBe('aal2')
    const { data } = await admin.supabase
      .from('helpdesk_settings')
      .update({ staff_two_factor_required: true })
      .eq('id', true)
      .select('staff_two_factor_required, updated_by')
      .single()
      .throwOnError()
    expect(data).toEqual({ staff_two_factor_required: true, updated_by: admin.id })
    // Now the demo admin (aal1) cannot turn it off again; the two-factor admin can.
    const refused = await db.providerAdmin
      .from('helpdesk_settings')
      .update({ staff_two_factor_required: false })
      .eq('id', true)
      .select('id')
    expect(refused.data ?? []).toEqual([])
    const { data: off } = await admin.supabase
      .from('helpdesk_settings')
      .update({ staff_two_factor_required: false })
      .eq('id', true)
      .select('staff_two_factor_required')
      .throwOnError()
    expect(off).toEqual([{ staff_two_factor_required: false }])
  })
})

describe('staff powers follow the requirement', () => {
  it('off: staff at aal1 read the queue and change staff-only fields', async () => {
    expect(await aalOf(db.agent)).toBe('aal1')
    expect(await seededTicketCount(db.agent)).toBe(11)
    const { data: queue } = await db.agent.rpc('helpdesk_queue', { p_limit: 5 }).throwOnError()
    expect(queue.length).toBeGreaterThan(0)
    const ticket = await ticketIn('open')
    const { data } = await db.agent
      .from('tickets')
      .update({ priority: 'high', expected_version: await versionOf(ticket) })
      .eq('id', ticket)
      .select('priority')
      .throwOnError()
    expect(data).toEqual([{ priority: 'high' }])
  })

  it('on: staff at aal1 lose every staff power, and the portal can tell why', async () => {
    const ticket = await ticketIn('open')
    await setRequired(true)
    const { data: state } = await db.agent.rpc('staff_two_factor_state').single().throwOnError()
    expect(state).toEqual({
      required: true,
      aal: 'aal1',
      staff_member: true,
      provider_admin: false,
      staff_access: false,
      has_second_factor: false,
    })
    // Reads: the queue, other people's tickets, internal notes, the staff list, the activity log.
    expect(await seededTicketCount(db.agent)).toBe(0)
    const queue = await db.agent.rpc('helpdesk_queue', { p_limit: 5 })
    expect(queue.error?.code).toBe('42501')
    const { data: staff } = await db.agent.rpc('staff_members').throwOnError()
    expect(staff).toEqual([])
    const { data: events } = await db.agent.from('ticket_events').select('id').eq('ticket_id', T('a1'))
    expect(events).toEqual([])
    const { data: settings } = await db.providerAdmin.from('helpdesk_settings').select('id')
    expect(settings).toEqual([])
    // Writes: a staff-only field, an internal note, the SLA targets, logging a ticket for a client.
    const update = await db.agent
      .from('tickets')
      .update({ priority: 'urgent', expected_version: await versionOf(ticket) })
      .eq('id', ticket)
      .select('id')
    expect(update.data ?? []).toEqual([])
    const note = await db.agent
      .from('ticket_messages')
      .insert({ ticket_id: ticket, direction: 'internal', channel: 'portal', body: 'Internal note' })
    expect(note.error?.code).toBe('42501')
    const targets = await db.providerAdmin
      .from('sla_targets')
      .update({ first_response_minutes: 1 })
      .eq('priority', 'low')
      .select('priority')
    expect(targets.data ?? []).toEqual([])
    const logged = await db.agent.rpc('log_ticket_for_client', {
      p_email: uniqueEmail('client'),
      p_full_name: 'A Client',
      p_phone: '+27821234567',
      p_channel: 'whatsapp',
      p_summary: 'Printer offline',
      p_details: '',
      p_priority: 'normal',
    })
    expect(logged.error?.code).toBe('42501')
    const [row] = await sql<{ priority: string }>('select priority from public.tickets where id = $1', [
      ticket,
    ])
    expect(row?.priority).toBe('normal')
  })

  it('on: a staff member signed in with two factors keeps every staff power', async () => {
    const agent = await newStaff('agent')
    await turnOnTwoFactor(agent)
    await setRequired(true)
    expect(await aalOf(agent.supabase)).toBe('aal2')
    const { data: state } = await agent.supabase.rpc('staff_two_factor_state').single().throwOnError()
    expect(state).toMatchObject({
      required: true,
      aal: 'aal2',
      staff_member: true,
      staff_access: true,
      has_second_factor: true,
    })
    expect(await seededTicketCount(agent.supabase)).toBe(11)
    const { data: queue } = await agent.supabase.rpc('helpdesk_queue', { p_limit: 5 }).throwOnError()
    expect(queue.length).toBeGreaterThan(0)
    const ticket = await ticketIn('open')
    const { data } = await agent.supabase
      .from('tickets')
      .update({ priority: 'urgent', expected_version: await versionOf(ticket) })
      .eq('id', ticket)
      .select('priority')
      .throwOnError()
    expect(data).toEqual([{ priority: 'urgent' }])
  })

  it('off: a staff member who turned on an authenticator app needs it for staff powers', async () => {
    const agent = await newStaff('agent')
    expect(await seededTicketCount(agent.supabase)).toBe(11)
    await turnOnTwoFactor(agent)
    expect(await seededTicketCount(agent.supabase)).toBe(11)
    const passwordOnly = await signIn(agent.email)
    expect(await aalOf(passwordOnly.supabase)).toBe('aal1')
    expect(await seededTicketCount(passwordOnly.supabase)).toBe(0)
    const queue = await passwordOnly.supabase.rpc('helpdesk_queue', { p_limit: 5 })
    expect(queue.error?.code).toBe('42501')
  })

  it('on: signing in again with password and code gives aal2; the password alone gives aal1', async () => {
    const agent = await newStaff('agent')
    const { factorId, secret } = await turnOnTwoFactor(agent)
    await setRequired(true)
    const again = await signIn(agent.email)
    expect(await aalOf(again.supabase)).toBe('aal1')
    const { data: levels } = await again.supabase.auth.mfa.getAuthenticatorAssuranceLevel()
    expect(levels?.nextLevel).toBe('aal2')
    expect(await seededTicketCount(again.supabase)).toBe(0)
    // The enrolment spent this 30-second step's code (a code counts once); the next step's is
    // accepted too (one step of clock skew either way), as an app a little ahead would show it.
    const code = totpCode(secret, Date.now() + 30_000)
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
    const wrong = await again.supabase.auth.mfa.challengeAndVerify({ factorId, code: wrongCode })
    expect(wrong.error).not.toBeNull()
    const { error } = await again.supabase.auth.mfa.challengeAndVerify({ factorId, code })
    expect(error).toBeNull()
    expect(await aalOf(again.supabase)).toBe('aal2')
    expect(await seededTicketCount(again.supabase)).toBe(11)
  })

  it('on: the edge function for provider admins asks the database too', async () => {
    await setRequired(true)
    const company_name = `Two-factor Co ${Date.now()}`
    const { status, body } = await callFunction('create-company-admin', {
      token: users.providerAdmin.accessToken,
      body: { company_name, admin_email: uniqueEmail('owner'), make_superadmin: true },
    })
    expect([status, body.error]).toEqual([403, 'forbidden'])
    expect(await sql('select id from public.companies where name = $1', [company_name])).toEqual([])
  })

  it('on: customers are not affected', async () => {
    const before = await Promise.all(
      (['thabo', 'companyMember', 'companyAdmin'] as const).map((c) => seededTicketCount(db[c])),
    )
    await setRequired(true)
    const after = await Promise.all(
      (['thabo', 'companyMember', 'companyAdmin'] as const).map((c) => seededTicketCount(db[c])),
    )
    expect(after).toEqual(before)
    expect(after.every((n) => n > 0)).toBe(true)
    const { data } = await db.thabo
      .from('tickets')
      .insert({ summary: 'Still works with two factors required', channel: 'portal' })
      .select('id')
      .throwOnError()
    expect(data).toHaveLength(1)
    const { data: state } = await db.thabo.rpc('staff_two_factor_state').single().throwOnError()
    expect(state).toMatchObject({ required: true, staff_member: false, staff_access: false })
  })

  it('the rule reads the aal claim itself, however the token was made (SQL with chosen claims)', async () => {
    await setRequired(true)
    const agent = DEMO.agent.id
    // The seeded tickets: none is the demo agent's own, so only staff powers read them.
    const count = `select count(*)::int as n from public.tickets where id::text like '00000000-0000-4000-8000-%'`
    expect(await asClaims(agent, 'aal1', count)).toEqual([{ n: 0 }])
    expect(await asClaims(agent, undefined, count)).toEqual([{ n: 0 }])
    expect(await asClaims(agent, 'aal2', count)).toEqual([{ n: 11 }])
    await setRequired(false)
    expect(await asClaims(agent, 'aal1', count)).toEqual([{ n: 11 }])
  })
})
