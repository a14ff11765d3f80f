/*
 * `/verify`: a mailed link (GET, answers with a redirect) or a typed code or token hash (POST)
 * is spent once, and confirms the address, signs in, or completes an email change.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type pg from 'pg'
import { redirect } from '../lib/http.js'
import { makePermanent } from './anonymous.js'
import type { AuthContext, Body, Reply } from './context.js'
import { AuthError, validation } from './errors.js'
import { sha224 } from './mail.js'
import { issueSession } from './sessions.js'
import { findUserById, isBanned, markEmailVerified, type UserRow } from './users.js'
import { parseVerifyBody, verifyPhone } from './verify-phone.js'

type VerifyType = 'signup' | 'invite' | 'recovery' | 'magiclink' | 'email_change' | 'email'
const VERIFY_TYPES: VerifyType[] = ['signup', 'invite', 'recovery', 'magiclink', 'email_change', 'email']
const PENDING_EMAIL_CHANGE =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email'

function tokenTypesFor(type: VerifyType): string[] {
  if (type === 'signup' || type === 'invite') return ['confirmation_token']
  if (type === 'recovery' || type === 'magiclink') return ['recovery_token']
  if (type === 'email_change') return ['email_change_token_new', 'email_change_token_current']
  return ['confirmation_token', 'recovery_token']
}

function checkType(value: string | null | undefined): VerifyType {
  const type = value as VerifyType | null | undefined
  if (!type) throw validation('Verify requires a verification type')
  if (!VERIFY_TYPES.includes(type)) throw validation('Unsupported verification type')
  return type
}

interface Consumed {
  user: UserRow
  tokenType: string
  pkce: boolean
  pendingEmailChange: boolean
}

async function changeEmail(ctx: AuthContext, db: pg.ClientBase, user: UserRow) {
  const remaining = await db.query(
    `select 1 from auth.one_time_tokens where user_id = $1 and token_type in ('email_change_token_new', 'email_change_token_current')`,
    [user.id],
  )
  if (remaining.rowCount && ctx.auth.email.double_confirm_changes) {
    await db.query('update auth.users set email_change_confirm_status = 1 where id = $1', [user.id])
    return { user, pendingEmailChange: true }
  }
  const { rows: changed } = await db.query<UserRow>(
    `update auth.users set email = email_change, email_change = '', email_change_token_new = '', email_change_token_current = '',
       email_change_confirm_status = 0, updated_at = now(),
       raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || jsonb_build_object('email', email_change)
     where id = $1 returning *`,
    [user.id],
  )
  const updated = changed[0] as UserRow
  await db.query(
    `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now() where user_id = $1 and provider = 'email'`,
    [updated.id, updated.email],
  )
  return { user: await makePermanent(db, updated), pendingEmailChange: false }
}

/** Finds and consumes a one-time token; returns the user (after the type's effects) or an otp_expired error. */
async function consumeToken(
  ctx: AuthContext,
  db: pg.ClientBase,
  type: VerifyType,
  tokenHashes: string[],
  expiredMessage: string,
): Promise<Consumed> {
  const { rows } = await db.query<{ id: string; user_id: string; token_type: string; token_hash: string }>(
    'select * from auth.one_time_tokens where token_hash = any($1) and token_type::text = any($2) limit 1',
    [tokenHashes, tokenTypesFor(type)],
  )
  const ott = rows[0]
  const expired = new AuthError(403, 'otp_expired', expiredMessage)
  if (!ott) throw expired
  let user = await findUserById(db, ott.user_id)
  if (!user) throw expired
  const sentAt =
    ott.token_type === 'recovery_token'
      ? user.recovery_sent_at
      : ott.token_type === 'confirmation_token'
        ? user.confirmation_sent_at
        : user.email_change_sent_at
  if (!sentAt || Date.now() - sentAt.getTime() > ctx.auth.email.otp_expiry * 1000) throw expired
  if (isBanned(user)) throw new AuthError(403, 'user_banned', 'User is banned')
  await db.query('delete from auth.one_time_tokens where id = $1', [ott.id])
  let pendingEmailChange = false
  if (ott.token_type === 'confirmation_token') {
    user = await markEmailVerified(db, user)
    if (user.invited_at && type === 'invite') {
      await db.query('update auth.users set invited_at = invited_at where id = $1', [user.id])
    }
  } else if (ott.token_type === 'recovery_token') {
    await db.query(`update auth.users set recovery_token = '', updated_at = now() where id = $1`, [user.id])
    user = await markEmailVerified(db, user)
  } else {
    ;({ user, pendingEmailChange } = await changeEmail(ctx, db, user))
  }
  return { user, tokenType: ott.token_type, pkce: ott.token_hash.startsWith('pkce_'), pendingEmailChange }
}

function amrFor(type: VerifyType, tokenType: string): string {
  if (type === 'email') return tokenType === 'recovery_token' ? 'magiclink' : 'email/signup'
  if (type === 'signup') return 'email/signup'
  return type
}

/** Where a verified link sends the browser: a PKCE code, the session in the fragment, or a note. */
async function verifiedLocation(
  ctx: AuthContext,
  db: pg.ClientBase,
  req: IncomingMessage,
  type: VerifyType,
  consumed: Consumed,
  target: URL,
): Promise<string> {
  if (consumed.pendingEmailChange) {
    target.hash = new URLSearchParams({ message: PENDING_EMAIL_CHANGE, sb: '' }).toString()
    return target.toString()
  }
  if (consumed.pkce) {
    const method = amrFor(type, consumed.tokenType)
    const { rows } = await db.query<{ id: string; auth_code: string }>(
      `update auth.flow_state set auth_code_issued_at = now(), updated_at = now()
       where id = (select id from auth.flow_state where user_id = $1 and authentication_method = $2 order by created_at desc limit 1)
       returning id, auth_code`,
      [consumed.user.id, method],
    )
    const flow = rows[0]
    if (!flow)
      throw new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found')
    target.searchParams.set('code', flow.auth_code)
    return target.toString()
  }
  const session = (await issueSession(
    db,
    ctx.settings,
    consumed.user,
    'otp',
    req.headers['user-agent'],
  )) as Body
  target.hash = new URLSearchParams(
    Object.entries({
      access_token: String(session.access_token),
      expires_at: String(session.expires_at),
      expires_in: String(session.expires_in),
      refresh_token: String(session.refresh_token),
      sb: '',
      token_type: 'bearer',
      type,
    }),
  ).toString()
  return target.toString()
}

const OAUTH_ERROR_NAMES: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized_client',
  403: 'access_denied',
  500: 'server_error',
  503: 'temporarily_unavailable',
}

export async function verifyGet(ctx: AuthContext, req: IncomingMessage, res: ServerResponse, url: URL) {
  const token = url.searchParams.get('token')
  const type = checkType(url.searchParams.get('type'))
  if (!token) throw validation('Verify requires a token or a token hash')
  const redirectTo = ctx.redirects.resolve(url.searchParams.get('redirect_to'), req.headers.referer)
  const target = new URL(redirectTo)
  try {
    const location = await ctx.tx(async (db) => {
      const consumed = await consumeToken(ctx, db, type, [token], 'Email link is invalid or has expired')
      return verifiedLocation(ctx, db, req, type, consumed, target)
    })
    redirect(res, 303, location)
  } catch (error) {
    if (!(error instanceof AuthError)) throw error
    const params = new URLSearchParams({
      error: OAUTH_ERROR_NAMES[error.status] ?? 'server_error',
      error_code: error.code,
      error_description: error.message,
      sb: '',
    })
    // A PKCE client reads the error from the query, as it reads the code.
    if (token.startsWith('pkce_')) {
      for (const [key, value] of params) if (key !== 'sb') target.searchParams.set(key, value)
    }
    target.hash = params.toString()
    redirect(res, 303, target.toString())
  }
}

export async function verifyPost(ctx: AuthContext, req: IncomingMessage, raw: Body): Promise<Reply> {
  const body = parseVerifyBody(raw)
  if (!body.type) throw validation('Verify requires a verification type')
  if (body.phone && !body.email && body.token && !body.token_hash) return verifyPhone(body)
  const type = checkType(body.type)
  let hashes: string[]
  let message: string
  if (body.token_hash && !body.token) {
    if (body.email || body.phone) throw validation('Only the token_hash and type should be provided')
    hashes = [body.token_hash]
    message = 'Email link is invalid or has expired'
  } else {
    const email = body.email?.trim().toLowerCase()
    const otp = body.token
    if (!otp || body.token_hash) throw validation('Verify requires either a token or a token hash')
    if (!email || body.phone) {
      throw validation('Only an email address or phone number should be provided on verify')
    }
    const hash = sha224(email + otp)
    hashes = [hash, `pkce_${hash}`]
    message = 'Token has expired or is invalid'
  }
  return ctx.tx(async (db) => {
    const consumed = await consumeToken(ctx, db, type, hashes, message)
    if (consumed.pendingEmailChange) return [200, { msg: PENDING_EMAIL_CHANGE }]
    return [200, await issueSession(db, ctx.settings, consumed.user, 'otp', req.headers['user-agent'])]
  })
}
