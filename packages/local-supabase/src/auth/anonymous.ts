/*
 * Anonymous sign-ins (`[auth] enable_anonymous_sign_ins`): `POST /signup` without an email or
 * phone makes a user with no address and no identity, `is_anonymous` in its row and its tokens.
 * Adding an email through `PUT /user` (confirmed at once, or through the email-change mail)
 * turns it into a permanent user with an email identity.
 */
import type { IncomingMessage } from 'node:http'
import type pg from 'pg'
import { z } from 'zod'
import { type AuthContext, type Body, callerAddress, type Reply } from './context.js'
import { AuthError, badJson } from './errors.js'
import { createWindowCounter, overRequestRateLimit } from './rate-limit.js'
import { issueSession } from './sessions.js'
import { INSTANCE_ID, type UserRow } from './users.js'

const HOUR_MS = 3_600_000

const anonymousSignUpSchema = z.object({
  data: z.record(z.string(), z.unknown()).nullish(),
})

/** Whether a `/signup` body asks for an anonymous user: neither an email nor a phone. */
export const isAnonymousSignUp = (body: Body) => !body.email && !body.phone

export function createAnonymousSignIns(ctx: AuthContext) {
  const perAddress = createWindowCounter(ctx.auth.rate_limit.anonymous_users, HOUR_MS)

  return async function signUpAnonymously(req: IncomingMessage, body: Body): Promise<Reply> {
    if (!ctx.auth.enable_anonymous_sign_ins) {
      throw new AuthError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled')
    }
    const address = callerAddress(req)
    if (perAddress.exhausted(address)) throw overRequestRateLimit()
    perAddress.record(address)
    if (!ctx.auth.enable_signup) {
      throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance')
    }
    const parsed = anonymousSignUpSchema.safeParse(body)
    if (!parsed.success) throw badJson()
    const data = parsed.data.data ?? {}
    return ctx.tx(async (db) => {
      const { rows } = await db.query<UserRow>(
        `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, raw_app_meta_data, raw_user_meta_data,
           confirmation_token, recovery_token, email_change_token_new, email_change, email_change_token_current, reauthentication_token,
           phone_change, phone_change_token, created_at, updated_at, is_anonymous, is_sso_user)
         values ($1, $2, 'authenticated', 'authenticated', null, '', $3, $4, '', '', '', '', '', '', '', '', now(), now(), true, false)
         returning *`,
        [
          INSTANCE_ID,
          crypto.randomUUID(),
          JSON.stringify({ provider: 'anonymous', providers: ['anonymous'] }),
          JSON.stringify(data),
        ],
      )
      const user = rows[0] as UserRow
      return [200, await issueSession(db, ctx.settings, user, 'anonymous', req.headers['user-agent'])]
    })
  }
}

/**
 * An anonymous user whose email is now set and confirmed becomes permanent, as in GoTrue's email
 * change verification: an email identity, `email` as its provider, `is_anonymous` false.
 */
export async function makePermanent(db: pg.ClientBase, user: UserRow): Promise<UserRow> {
  if (!user.is_anonymous || !user.email) return user
  const identityData = { sub: user.id, email: user.email, email_verified: true, phone_verified: false }
  await db.query(
    `insert into auth.identities (id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1, $2, $3, $4, 'email', now(), now(), now())
     on conflict do nothing`,
    [crypto.randomUUID(), user.id, user.id, JSON.stringify(identityData)],
  )
  const { rows } = await db.query<UserRow>(
    `update auth.users set is_anonymous = false, email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now(),
       raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) || jsonb_build_object('provider', 'email', 'providers',
         (select coalesce(jsonb_agg(distinct p), '[]'::jsonb) from jsonb_array_elements_text(
            coalesce(raw_app_meta_data -> 'providers', '[]'::jsonb) || '["email"]'::jsonb) as p
          where p <> 'anonymous'))
     where id = $1 returning *`,
    [user.id],
  )
  return rows[0] as UserRow
}
