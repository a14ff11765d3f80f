// Two-factor sign-in that cannot be guessed (issue 43, items 13 and 14), held by the database:
// at most 5 codes per account in 15 minutes that were not proven right
// (public.begin_two_factor_attempt), and a provider admin's removal of a staff member's factors,
// logged with who did it (public.remove_staff_two_factor), both in
// supabase/schemas/80_staff_and_two_factor.sql. As the demo callers, fresh staff with an
// authenticator app turned on through Supabase Auth's MFA API, and through SQL with chosen claims.

import { totpCode } from '@siyakha/local-supabase/totp'
import { describe, expect, it } from 'vitest'
import {
  anonClient,
  asCaller,
  DEMO_PASSWORD,
  newCustomer,
  type SignedInUser,
  serviceClient,
  signIn,
  sql,
  uniqueEmail,
  withPg,
} from '../helpers'
import { db, useCallers, users } from './callers'

useCallers()

async function newStaff(role: 'agent' | 'siyakha_admin'): Promise<SignedInUser> {
  const email = uniqueEmail(`guard-${role}`)
  const { data, error } = await serviceClient().auth.admin.createUser({
    email,
    password: DEMO_PASSWORD,
    email_confirm: true,
    user_metadata: { full_name: `Guard ${role}` },
  })
  if (error) throw error
  await sql('insert into public.user_roles (user_id, role) values ($1, $2)', [data.user.id, role])
  return signIn(email)
}

/** Turns on an authenticator app; the user's client is at aal2 afterwards. */
async function turnOnTwoFactor(user: SignedInUser): Promise<string> {
  const { data, error } = await user.supabase.auth.mfa.enroll({ factorType: 'totp' })
  if (error) throw error
  const verified = await user.supabase.auth.mfa.challengeAndVerify({
    factorId: data.id,
    code: totpCode(data.totp.secret),
  })
  if (verified.error) throw verified.error
  return data.id
}

type Attempt = { attempt_id: string | null; retry_after: number; wait_if_wrong: number }

async function begin(user: SignedInUser): Promise<Attempt> {
  const { data, error } = await user.supabase.rpc('begin_two_factor_attempt').single()
  if (error) throw error
  return data as Attempt
}

/** One statement as `sub` at the given level, through SQL (claims as PostgREST sets them). */
const asClaims = <T>(sub: string, aal: string, query: string, params: unknown[] = []) =>
  asCaller({ sub, role: 'authenticated', aal }, async (pg) => (await pg.query(query, params)).rows as T[])

describe('wrong two-factor codes per account', () => {
  it('gives 5 attempts in 15 minutes, then says how long to wait; another account is not affected', async () => {
    const [person, other] = await Promise.all([newCustomer('guard-codes'), newCustomer('guard-other')])
    for (let i = 0; i < 5; i++) {
      const attempt = await begin(person)
      expect(attempt.attempt_id).toMatch(/^[0-9a-f-]{36}$/)
      expect(attempt.retry_after).toBe(0)
      // The fifth already knows the wait, should it be wrong too.
      if (i < 4) expect(attempt.wait_if_wrong).toBe(0)
      else expect(attempt.wait_if_wrong).toBeGreaterThan(880)
    }
    const refused = await begin(person)
    expect(refused.attempt_id).toBeNull()
    // The oldest of the 5 drops out 15 minutes after it was made: just under 900 s from now.
    expect(refused.retry_after).toBeGreaterThan(880)
    expect(refused.retry_after).toBeLessThanOrEqual(900)
    expect((await begin(other)).attempt_id).not.toBeNull()

    // Once the oldest is 15 minutes old, one more attempt is allowed, and only one.
    await sql(
      `update private.two_factor_attempts set attempted_at = now() - interval '15 minutes 1 second'
       where id = (select id from private.two_factor_attempts where user_id = $1 order by attempted_at limit 1)`,
      [person.id],
    )
    expect((await begin(person)).attempt_id).not.toBeNull()
    const again = await begin(person)
    expect(again.attempt_id).toBeNull()
    expect(again.retry_after).toBeGreaterThan(0)
  })

  it('takes one account’s attempts one at a time: 12 at once get 5', async () => {
    const person = await newCustomer('guard-parallel')
    const answers = await Promise.all(Array.from({ length: 12 }, () => begin(person)))
    expect(answers.filter((answer) => answer.attempt_id !== null)).toHaveLength(5)
    const [row] = await sql<{ count: string }>(
      'select count(*) from private.two_factor_attempts where user_id = $1',
      [person.id],
    )
    expect(Number(row?.count)).toBe(5)
  })

  it('a right code clears its attempt, but only from a session with two factors', async () => {
    const person = await newCustomer('guard-clear')
    const attempts: Attempt[] = []
    for (let i = 0; i < 5; i++) attempts.push(await begin(person))
    const first = attempts[0]?.attempt_id as string
    // With the password only (aal1), nothing is cleared: the count stays at 5.
    const { data: fromAal1 } = await person.supabase
      .rpc('two_factor_attempt_succeeded', { attempt: first })
      .throwOnError()
    expect(fromAal1).toBe(false)
    expect((await begin(person)).attempt_id).toBeNull()
    // Nor can someone else clear it, at any level.
    const [stranger] = await asClaims<{ cleared: boolean }>(
      users.thabo.id,
      'aal2',
      'select public.two_factor_attempt_succeeded($1) as cleared',
      [first],
    )
    expect(stranger?.cleared).toBe(false)
    // The account's own session with two factors clears it (committed, unlike asCaller's).
    const cleared = await withPg(async (pg) => {
      await pg.query('begin')
      await pg.query(`select set_config('request.jwt.claims', $1, true)`, [
        JSON.stringify({ sub: person.id, role: 'authenticated', aal: 'aal2' }),
      ])
      await pg.query('set local role authenticated')
      const { rows } = await pg.query('select public.two_factor_attempt_succeeded($1) as cleared', [first])
      await pg.query('commit')
      return rows[0]?.cleared
    })
    expect(cleared).toBe(true)
    expect((await begin(person)).attempt_id).not.toBeNull()
  })

  it('anon cannot ask; nobody reads, changes or resets the count but the functions', async () => {
    const anonBegin = await db.anon.rpc('begin_two_factor_attempt')
    expect(anonBegin.error?.code).toBe('42501')
    const person = await newCustomer('guard-table')
    await begin(person)
    for (const statement of [
      'select * from private.two_factor_attempts',
      'delete from private.two_factor_attempts',
      "update private.two_factor_attempts set attempted_at = now() - interval '1 day'",
      'insert into private.two_factor_attempts (user_id) values (auth.uid())',
    ]) {
      await expect(asClaims(person.id, 'aal2', statement), statement).rejects.toMatchObject({ code: '42501' })
      await expect(asClaims(users.agent.id, 'aal2', statement), statement).rejects.toMatchObject({
        code: '42501',
      })
    }
    const [row] = await sql<{ count: string }>(
      'select count(*) from private.two_factor_attempts where user_id = $1',
      [person.id],
    )
    expect(Number(row?.count)).toBe(1)
  })
})

describe('wrong two-factor codes sent to Auth directly (its verification hook)', () => {
  /** A staff member with an authenticator app, signed in again with the password only. */
  async function passwordOnly() {
    const staff = await newStaff('agent')
    const { data, error } = await staff.supabase.auth.mfa.enroll({ factorType: 'totp' })
    if (error) throw error
    const setup = await staff.supabase.auth.mfa.challengeAndVerify({
      factorId: data.id,
      code: totpCode(data.totp.secret),
    })
    if (setup.error) throw setup.error
    const again = await signIn(staff.email)
    return { ...again, factorId: data.id, secret: data.totp.secret }
  }
  const wrongCodeFor = (secret: string) => {
    const now = Date.now()
    const valid = [-1, 0, 1].map((steps) => totpCode(secret, now + steps * 30_000))
    return ['000000', '111111', '222222', '333333'].find((code) => !valid.includes(code)) as string
  }

  it('counts each wrong code, and past 5 in 15 minutes refuses the right one and ends the sessions', async () => {
    const person = await passwordOnly()
    const wrong = wrongCodeFor(person.secret)
    for (let i = 0; i < 5; i++) {
      const { error } = await person.supabase.auth.mfa.challengeAndVerify({
        factorId: person.factorId,
        code: wrong,
      })
      expect(error?.code).toBe('mfa_verification_failed')
    }
    const [counted] = await sql<{ count: string }>(
      'select count(*) from private.two_factor_attempts where user_id = $1 and seen_by_auth',
      [person.id],
    )
    expect(Number(counted?.count)).toBe(5)

    // A right code (the next 30 s step: the current one was spent turning the app on).
    const right = await person.supabase.auth.mfa.challengeAndVerify({
      factorId: person.factorId,
      code: totpCode(person.secret, Date.now() + 30_000),
    })
    expect(right.error?.status).toBe(403)
    expect(right.error?.code).toBe('mfa_verification_rejected')
    expect(right.error?.message).toBe('Too many wrong codes. Try again in 15 minutes.')
    const [sessions] = await sql<{ count: string }>('select count(*) from auth.sessions where user_id = $1', [
      person.id,
    ])
    expect(Number(sessions?.count)).toBe(0)
    // Signed in again with the password, the right code is still refused: the count is the account's.
    const next = await signIn(person.email)
    const still = await next.supabase.auth.mfa.challengeAndVerify({
      factorId: person.factorId,
      code: totpCode(person.secret, Date.now() + 30_000),
    })
    expect(still.error?.code).toBe('mfa_verification_rejected')
    // …and the portal's own count agrees: no attempt is left to take.
    expect((await begin(next)).attempt_id).toBeNull()
  })

  it('a wrong code the portal reserved an attempt for counts once, and a right code counts nothing', async () => {
    const person = await passwordOnly()
    expect((await begin(person)).attempt_id).not.toBeNull()
    const { error } = await person.supabase.auth.mfa.challengeAndVerify({
      factorId: person.factorId,
      code: wrongCodeFor(person.secret),
    })
    expect(error?.code).toBe('mfa_verification_failed')
    const rows = await sql<{ seen_by_auth: boolean }>(
      'select seen_by_auth from private.two_factor_attempts where user_id = $1',
      [person.id],
    )
    expect(rows).toEqual([{ seen_by_auth: true }])
    // The next 30 s step: the current one was spent turning the app on.
    const right = await person.supabase.auth.mfa.challengeAndVerify({
      factorId: person.factorId,
      code: totpCode(person.secret, Date.now() + 30_000),
    })
    expect(right.error).toBeNull()
    const [after] = await sql<{ count: string }>(
      'select count(*) from private.two_factor_attempts where user_id = $1',
      [person.id],
    )
    expect(Number(after?.count)).toBe(1)
  })

  it('only Auth may call it', async () => {
    const person = await newCustomer('guard-hook')
    const event = { user_id: person.id, factor_id: person.id, factor_type: 'totp', valid: false }
    for (const caller of [person.supabase, anonClient(), serviceClient()]) {
      const { error } = await caller.rpc('hook_mfa_verification_attempt', { event })
      expect(error?.code).toBe('42501')
    }
    const [row] = await sql<{ count: string }>(
      'select count(*) from private.two_factor_attempts where user_id = $1',
      [person.id],
    )
    expect(Number(row?.count)).toBe(0)
  })
})

describe('a provider admin removes a staff member’s two-factor sign-in', () => {
  it('removes the factors, ends the sessions and logs who did it and when', async () => {
    const [admin, agent] = await Promise.all([newStaff('siyakha_admin'), newStaff('agent')])
    await turnOnTwoFactor(agent)
    const { data: before } = await admin.supabase.rpc('staff_two_factor_overview').throwOnError()
    expect(before.find((row) => row.id === agent.id)).toMatchObject({
      name: 'Guard agent',
      role: 'agent',
      has_second_factor: true,
      last_removed_at: null,
      last_removed_by: null,
    })

    const { data: removed } = await admin.supabase
      .rpc('remove_staff_two_factor', { staff_member: agent.id })
      .throwOnError()
    expect(removed).toBe(1)
    expect(await sql('select id from auth.mfa_factors where user_id = $1', [agent.id])).toEqual([])
    expect(await sql('select id from auth.sessions where user_id = $1', [agent.id])).toEqual([])
    const log = await sql(
      `select action, actor_id, actor_name, target_id, target_name, details,
              created_at > now() - interval '1 minute' as recent
       from private.staff_audit_log where target_id = $1`,
      [agent.id],
    )
    expect(log).toEqual([
      {
        action: 'two_factor_removed',
        actor_id: admin.id,
        actor_name: 'Guard siyakha_admin',
        target_id: agent.id,
        target_name: 'Guard agent',
        details: { factors_removed: 1 },
        recent: true,
      },
    ])
    const { data: after } = await admin.supabase.rpc('staff_two_factor_overview').throwOnError()
    expect(after.find((row) => row.id === agent.id)).toMatchObject({
      has_second_factor: false,
      last_removed_by: 'Guard siyakha_admin',
    })
    // The agent signs in with the password again and can set up a new app.
    const again = await signIn(agent.email)
    const { data: levels } = await again.supabase.auth.mfa.getAuthenticatorAssuranceLevel()
    expect(levels).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' })
  })

  it('an agent, a customer, a company admin and anon cannot; nor a provider admin at aal1 who has an app', async () => {
    const [agent, target] = await Promise.all([newStaff('agent'), newStaff('agent')])
    await turnOnTwoFactor(target)
    for (const caller of ['anon', 'thabo', 'companyAdmin', 'agent'] as const) {
      const { error } = await db[caller].rpc('remove_staff_two_factor', { staff_member: target.id })
      expect(error?.code, caller).toBe('42501')
    }
    const { error: fresh } = await agent.supabase.rpc('remove_staff_two_factor', { staff_member: target.id })
    expect(fresh?.code).toBe('42501')
    // A provider admin who turned on an app but whose session has the password only.
    const admin = await newStaff('siyakha_admin')
    await turnOnTwoFactor(admin)
    await expect(
      asClaims(admin.id, 'aal1', 'select public.remove_staff_two_factor($1)', [target.id]),
    ).rejects.toMatchObject({ code: '42501' })
    // The same admin with two factors may.
    const [done] = await asClaims<{ n: number }>(
      admin.id,
      'aal2',
      'select public.remove_staff_two_factor($1) as n',
      [target.id],
    )
    expect(done?.n).toBe(1)
    // Nothing was removed or logged by the refused calls (asClaims rolls its own call back).
    expect(await sql('select id from auth.mfa_factors where user_id = $1', [target.id])).toHaveLength(1)
    expect(await sql('select id from private.staff_audit_log where target_id = $1', [target.id])).toEqual([])
  })

  it('not on oneself, not on a customer; the overview and the log are for provider admins only', async () => {
    const admin = await newStaff('siyakha_admin')
    const self = await admin.supabase.rpc('remove_staff_two_factor', { staff_member: admin.id })
    expect(self.error?.code).toBe('22023')
    const customer = await newCustomer('guard-customer')
    const notStaff = await admin.supabase.rpc('remove_staff_two_factor', { staff_member: customer.id })
    expect(notStaff.error?.code).toBe('P0002')
    for (const caller of ['thabo', 'companyAdmin', 'agent'] as const) {
      const { data } = await db[caller].rpc('staff_two_factor_overview').throwOnError()
      expect(data, caller).toEqual([])
    }
    expect((await db.anon.rpc('staff_two_factor_overview')).error?.code).toBe('42501')
    for (const sub of [users.thabo.id, users.agent.id, users.providerAdmin.id]) {
      await expect(asClaims(sub, 'aal2', 'select * from private.staff_audit_log')).rejects.toMatchObject({
        code: '42501',
      })
      await expect(asClaims(sub, 'aal2', 'delete from private.staff_audit_log')).rejects.toMatchObject({
        code: '42501',
      })
    }
  })
})
