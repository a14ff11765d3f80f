/*
 * The one-time tokens auth mails carry, and the mails themselves: a confirmation (sign-up or
 * invite), a recovery or magic link, an email change. Each runs inside the caller's transaction.
 */
import { createHash, randomInt } from 'node:crypto'
import type pg from 'pg'
import { type AuthMailKind, renderAuthMail } from '../mail/templates.js'
import type { AuthContext, Body } from './context.js'
import { AuthError } from './errors.js'
import type { UserRow } from './users.js'
import type { Pkce } from './validate.js'

export type OneTimeTokenType =
  | 'confirmation_token'
  | 'recovery_token'
  | 'email_change_token_new'
  | 'email_change_token_current'
  | 'reauthentication_token'

export const sha224 = (value: string) => createHash('sha224').update(value).digest('hex')

/** The link a mail carries to `/verify`. */
export function mailLink(ctx: AuthContext, token: string, type: string, redirectTo: string): string {
  const escaped = /[&=#]/.test(redirectTo) ? encodeURIComponent(redirectTo) : redirectTo
  return `${ctx.externalUrl}/verify?token=${token}&type=${type}&redirect_to=${escaped}`
}

/** A code to type in and the hash stored for it; a PKCE flow's hash carries the `pkce_` mark. */
export function newOtp(ctx: AuthContext, email: string, pkce: boolean) {
  const length = ctx.auth.email.otp_length
  const otp = String(randomInt(10 ** length)).padStart(length, '0')
  const hash = sha224(email + otp)
  return { otp, hash, stored: pkce ? `pkce_${hash}` : hash }
}

export async function storeOneTimeToken(
  db: pg.ClientBase,
  userId: string,
  type: OneTimeTokenType,
  tokenHash: string,
  relatesTo: string,
): Promise<void> {
  await db.query('delete from auth.one_time_tokens where user_id = $1 and token_type = $2', [userId, type])
  await db.query(
    'insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to) values ($1, $2, $3, $4, $5)',
    [crypto.randomUUID(), userId, type, tokenHash, relatesTo],
  )
}

async function createFlowState(db: pg.ClientBase, userId: string, pkce: Pkce, method: string): Promise<void> {
  await db.query(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type, created_at, updated_at, authentication_method)
     values ($1, $2, $3, $4, $5, 'email', now(), now(), $6)`,
    [crypto.randomUUID(), userId, crypto.randomUUID(), pkce.method, pkce.challenge, method],
  )
}

interface MailData {
  link: string
  otp: string
  tokenHash: string
  redirectTo: string
  newEmail?: string
  meta: Body
}

async function sendMail(ctx: AuthContext, kind: AuthMailKind, to: string, data: MailData): Promise<void> {
  ctx.emailLimits.record()
  const mail = renderAuthMail(
    kind,
    {
      ConfirmationURL: data.link,
      Token: data.otp,
      TokenHash: data.tokenHash,
      SiteURL: ctx.auth.site_url,
      RedirectTo: data.redirectTo,
      Email: to,
      NewEmail: data.newEmail,
      Data: data.meta,
    },
    ctx.auth.email,
    ctx.supabaseDir,
  )
  try {
    await ctx.mailer.send({ to, ...mail })
  } catch (error) {
    ctx.log.error(`sending ${kind} mail to ${to} failed: ${(error as Error).message}`)
    throw new AuthError(500, 'unexpected_failure', 'Error sending confirmation email')
  }
}

export async function sendConfirmation(
  ctx: AuthContext,
  db: pg.ClientBase,
  user: UserRow,
  redirectTo: string,
  pkce: Pkce | undefined,
  kind: 'confirmation' | 'invite' = 'confirmation',
): Promise<void> {
  const email = user.email as string
  const { otp, stored } = newOtp(ctx, email, pkce !== undefined)
  if (pkce) await createFlowState(db, user.id, pkce, 'email/signup')
  await db.query(
    `update auth.users set confirmation_token = $2, confirmation_sent_at = now(), updated_at = now()${kind === 'invite' ? ', invited_at = now()' : ''} where id = $1`,
    [user.id, stored],
  )
  await storeOneTimeToken(db, user.id, 'confirmation_token', stored, email)
  const type = kind === 'invite' ? 'invite' : 'signup'
  await sendMail(ctx, kind, email, {
    link: mailLink(ctx, stored, type, redirectTo),
    otp,
    tokenHash: stored,
    redirectTo,
    meta: user.raw_user_meta_data ?? {},
  })
}

export async function sendRecovery(
  ctx: AuthContext,
  db: pg.ClientBase,
  user: UserRow,
  redirectTo: string,
  pkce: Pkce | undefined,
  kind: 'recovery' | 'magiclink',
): Promise<void> {
  ctx.emailLimits.check(user.recovery_sent_at)
  const email = user.email as string
  const { otp, stored } = newOtp(ctx, email, pkce !== undefined)
  if (pkce) await createFlowState(db, user.id, pkce, kind)
  await db.query(
    'update auth.users set recovery_token = $2, recovery_sent_at = now(), updated_at = now() where id = $1',
    [user.id, stored],
  )
  await storeOneTimeToken(db, user.id, 'recovery_token', stored, email)
  await sendMail(ctx, kind === 'recovery' ? 'recovery' : 'magic_link', email, {
    link: mailLink(ctx, stored, kind, redirectTo),
    otp,
    tokenHash: stored,
    redirectTo,
    meta: user.raw_user_meta_data ?? {},
  })
}

/**
 * A change of address mails the new address, and with `double_confirm_changes` the current one
 * too; the change happens once every mailed link is used.
 */
export async function sendEmailChange(
  ctx: AuthContext,
  db: pg.ClientBase,
  user: UserRow,
  newEmail: string,
  redirectTo: string,
  pkce: Pkce | undefined,
): Promise<void> {
  const meta = user.raw_user_meta_data ?? {}
  const forNew = newOtp(ctx, newEmail, pkce !== undefined)
  await db.query(
    `update auth.users set email_change = $2, email_change_token_new = $3, email_change_sent_at = now(), email_change_confirm_status = 0, updated_at = now() where id = $1`,
    [user.id, newEmail, forNew.stored],
  )
  await storeOneTimeToken(db, user.id, 'email_change_token_new', forNew.stored, newEmail)
  const mailTo = (to: string, code: { otp: string; stored: string }) =>
    sendMail(ctx, 'email_change', to, {
      link: mailLink(ctx, code.stored, 'email_change', redirectTo),
      otp: code.otp,
      tokenHash: code.stored,
      redirectTo,
      newEmail,
      meta,
    })
  await mailTo(newEmail, forNew)
  if (ctx.auth.email.double_confirm_changes && user.email) {
    const forCurrent = newOtp(ctx, user.email, pkce !== undefined)
    await db.query('update auth.users set email_change_token_current = $2 where id = $1', [
      user.id,
      forCurrent.stored,
    ])
    await storeOneTimeToken(db, user.id, 'email_change_token_current', forCurrent.stored, user.email)
    await mailTo(user.email, forCurrent)
  }
}
