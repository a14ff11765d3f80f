// GoTrue's MFA verification attempt hook (`[auth.hook.mfa_verification_attempt]`, a Postgres
// function): called after every code Auth checks with {factor_id, factor_type, user_id, valid}, as
// supabase_auth_admin; "reject" ends the user's sessions and answers 403 mfa_verification_rejected
// with the hook's message (GoTrue's default without one), the right code included. On a stack of
// its own whose hook function the test writes. Unmodified supabase-js.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createClient } from '@supabase/supabase-js'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { totpCode } from '../src/auth/totp.js'
import type { RunningStack } from '../src/index.js'
import { startTestStack, testClientOptions } from '../src/testing.js'

const here = path.dirname(fileURLToPath(import.meta.url))
let stack: RunningStack
let stop: (() => Promise<void>) | undefined

async function sql(text: string, params: unknown[] = []) {
  const db = new pg.Client({ connectionString: stack.urls.db })
  await db.connect()
  try {
    return (await db.query(text, params)).rows
  } finally {
    await db.end()
  }
}

beforeAll(async () => {
  ;({ stack, stop } = await startTestStack({
    rootDir: path.join(here, 'fixtures'),
    name: 'local-supabase-auth-hooks',
    // Apart from the other stacks' ranges (global 40000+, hardening 45000+, anonymous 50000+,
    // mfa limits 53500+).
    ports: { first: 57000, blocks: 200 },
    config: {
      auth: {
        rate_limit: { sign_in_sign_ups: 100_000 },
        hook: {
          mfa_verification_attempt: { enabled: true, uri: 'pg-functions://postgres/public/mfa_hook' },
        },
      },
    },
  }))
  // Every event it is given is kept; users listed in hook_refuses are refused, with the message
  // given (none: GoTrue's default).
  await sql(`
    create table public.hook_events (event jsonb not null, seen_by text not null);
    create table public.hook_refuses (user_id uuid primary key, message text);
    create function public.mfa_hook(event jsonb) returns jsonb language plpgsql as $$
    declare
      refusal public.hook_refuses;
    begin
      insert into public.hook_events values (event, current_user);
      select * into refusal from public.hook_refuses where user_id = (event ->> 'user_id')::uuid;
      if found then
        return jsonb_strip_nulls(jsonb_build_object('decision', 'reject', 'message', refusal.message));
      end if;
      return jsonb_build_object('decision', 'continue');
    end $$;
    grant all on public.hook_events, public.hook_refuses to supabase_auth_admin;
    grant execute on function public.mfa_hook(jsonb) to supabase_auth_admin;
  `)
}, 120_000)

afterAll(() => stop?.())

const clientWith = (key: string) => createClient(stack.urls.api, key, testClientOptions())

/** A user with a confirmed authenticator app, signed in again with the password only. */
async function passwordOnly() {
  const email = `hooks-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`
  const created = await clientWith(stack.keys.serviceRoleKey).auth.admin.createUser({
    email,
    password: 'password123',
    email_confirm: true,
  })
  if (created.error) throw created.error
  const setup = clientWith(stack.keys.anonKey)
  await setup.auth.signInWithPassword({ email, password: 'password123' })
  const enrolled = await setup.auth.mfa.enroll({ factorType: 'totp' })
  if (enrolled.error) throw enrolled.error
  const first = await setup.auth.mfa.challengeAndVerify({
    factorId: enrolled.data.id,
    code: totpCode(enrolled.data.totp.secret),
  })
  if (first.error) throw first.error
  const supabase = clientWith(stack.keys.anonKey)
  const signedIn = await supabase.auth.signInWithPassword({ email, password: 'password123' })
  if (signedIn.error) throw signedIn.error
  const secret = enrolled.data.totp.secret
  // The next 30 s step: the current one was spent confirming the app.
  const right = () => totpCode(secret, Date.now() + 30_000)
  const valid = [-1, 0, 1, 2].map((steps) => totpCode(secret, Date.now() + steps * 30_000))
  const wrong = ['000000', '111111', '222222', '333333'].find((code) => !valid.includes(code)) as string
  return { supabase, userId: created.data.user.id, factorId: enrolled.data.id, right, wrong }
}

const eventsOf = async (userId: string) =>
  (await sql(`select event, seen_by from public.hook_events where event ->> 'user_id' = $1`, [userId])) as {
    event: Record<string, unknown>
    seen_by: string
  }[]

describe('the MFA verification attempt hook', () => {
  it('is told about every code Auth checks, right or wrong, as supabase_auth_admin', async () => {
    const person = await passwordOnly()
    const wrong = await person.supabase.auth.mfa.challengeAndVerify({
      factorId: person.factorId,
      code: person.wrong,
    })
    expect(wrong.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' })
    const right = await person.supabase.auth.mfa.challengeAndVerify({
      factorId: person.factorId,
      code: person.right(),
    })
    expect(right.error).toBeNull()
    const events = await eventsOf(person.userId)
    // The setup's verification came first, before the user signed in again.
    expect(events.slice(-2)).toEqual([
      {
        event: { factor_id: person.factorId, factor_type: 'totp', user_id: person.userId, valid: false },
        seen_by: 'supabase_auth_admin',
      },
      {
        event: { factor_id: person.factorId, factor_type: 'totp', user_id: person.userId, valid: true },
        seen_by: 'supabase_auth_admin',
      },
    ])
  })

  it('refuses the right code with its message when it says reject, and ends every session of the user', async () => {
    const person = await passwordOnly()
    await sql('insert into public.hook_refuses values ($1, $2)', [person.userId, 'Too many wrong codes.'])
    const refused = await person.supabase.auth.mfa.challengeAndVerify({
      factorId: person.factorId,
      code: person.right(),
    })
    expect(refused.error).toMatchObject({
      status: 403,
      code: 'mfa_verification_rejected',
      message: 'Too many wrong codes.',
    })
    const [sessions] = await sql('select count(*)::int as count from auth.sessions where user_id = $1', [
      person.userId,
    ])
    expect(sessions?.count).toBe(0)
    // A code it refused did not raise anything: no session has two factors.
    const [raised] = await sql(
      `select count(*)::int as count from auth.sessions where user_id = $1 and aal = 'aal2'`,
      [person.userId],
    )
    expect(raised?.count).toBe(0)
  })

  it('gives GoTrue’s default message when it rejects without one', async () => {
    const person = await passwordOnly()
    await sql('insert into public.hook_refuses values ($1, null)', [person.userId])
    const refused = await person.supabase.auth.mfa.challengeAndVerify({
      factorId: person.factorId,
      code: person.wrong,
    })
    expect(refused.error).toMatchObject({
      status: 403,
      code: 'mfa_verification_rejected',
      message: 'Further MFA verification attempts will be rejected.',
    })
  })
})
