import { randomInt } from 'node:crypto'
import type pg from 'pg'
import { signSessionToken } from '../lib/jwt.js'
import { AuthError } from './errors.js'
import { INSTANCE_ID, isBanned, type UserRow, userJsonOf } from './users.js'

export interface AmrEntry {
  method: string
  timestamp: number
}

export type Aal = 'aal1' | 'aal2'

/** The methods GoTrue counts as a second factor (AMRClaim.IsAAL2Claim). */
const SECOND_FACTOR_METHODS = new Set(['totp', 'mfa/phone', 'mfa/webauthn'])

export interface SessionSettings {
  issuer: string
  jwtExpiry: number
  rotation: boolean
  reuseIntervalSeconds: number
}

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567'

/** GoTrue's legacy (v0) refresh tokens: 12 lowercase base32 characters. */
export function newRefreshToken(): string {
  let out = ''
  for (let i = 0; i < 12; i++) out += BASE32[randomInt(32)]
  return out
}

async function accessToken(
  settings: SessionSettings,
  user: UserRow,
  sessionId: string,
  amr: AmrEntry[],
  aal: Aal,
): Promise<{ token: string; exp: number; iat: number }> {
  const iat = Math.floor(Date.now() / 1000)
  const exp = iat + settings.jwtExpiry
  const token = await signSessionToken({
    iss: settings.issuer,
    sub: user.id,
    aud: user.aud ?? 'authenticated',
    exp,
    iat,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role ?? 'authenticated',
    aal,
    amr,
    session_id: sessionId,
    is_anonymous: user.is_anonymous,
  })
  return { token, exp, iat }
}

async function sessionResponse(
  db: pg.ClientBase,
  settings: SessionSettings,
  user: UserRow,
  sessionId: string,
  amr: AmrEntry[],
  refreshToken: string,
  aal: Aal,
): Promise<Record<string, unknown>> {
  const { token, exp } = await accessToken(settings, user, sessionId, amr, aal)
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: settings.jwtExpiry,
    expires_at: exp,
    refresh_token: refreshToken,
    user: await userJsonOf(db, user),
  }
}

export async function issueSession(
  db: pg.ClientBase,
  settings: SessionSettings,
  user: UserRow,
  method: string,
  userAgent?: string,
): Promise<Record<string, unknown>> {
  const sessionId = crypto.randomUUID()
  const amr: AmrEntry[] = [{ method, timestamp: Math.floor(Date.now() / 1000) }]
  await db.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, amr) values ($1, $2, now(), now(), 'aal1', $3, $4)`,
    [sessionId, user.id, userAgent ?? null, JSON.stringify(amr)],
  )
  await addAmrClaim(db, sessionId, method)
  const refreshToken = newRefreshToken()
  await db.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, session_id) values ($1, $2, $3, false, now(), now(), $4)`,
    [INSTANCE_ID, refreshToken, user.id, sessionId],
  )
  const { rows } = await db.query<UserRow>(
    'update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1 returning *',
    [user.id],
  )
  return sessionResponse(db, settings, rows[0] ?? user, sessionId, amr, refreshToken, 'aal1')
}

interface RefreshRow {
  id: string
  token: string
  user_id: string
  revoked: boolean
  parent: string | null
  session_id: string | null
  updated_at: Date
}

/**
 * Rotation with GoTrue's reuse rules: a used token presented again within the reuse interval still
 * answers (two tabs refreshing at once), later it revokes the whole session's tokens, as a stolen
 * token would be. Runs inside the caller's transaction.
 */
export async function refreshSession(
  db: pg.ClientBase,
  settings: SessionSettings,
  presented: string,
): Promise<Record<string, unknown> | AuthError> {
  const { rows } = await db.query<RefreshRow>(
    'select * from auth.refresh_tokens where token = $1 for update',
    [presented],
  )
  const token = rows[0]
  if (!token)
    return new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found')
  const sessions = await db.query<{ id: string; amr: AmrEntry[]; aal: Aal | null; not_after: Date | null }>(
    'select id, amr, aal, not_after from auth.sessions where id = $1 for update',
    [token.session_id],
  )
  const session = sessions.rows[0]
  if (!session)
    return new AuthError(400, 'session_not_found', 'Invalid Refresh Token: No Valid Session Found')
  if (session.not_after && session.not_after.getTime() < Date.now()) {
    return new AuthError(400, 'session_expired', 'Invalid Refresh Token: Session Expired')
  }
  const users = await db.query<UserRow>('select * from auth.users where id = $1', [token.user_id])
  const user = users.rows[0]
  if (!user)
    return new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found')
  if (isBanned(user)) return new AuthError(400, 'user_banned', 'User is banned')

  let next: string
  if (!token.revoked || !settings.rotation) {
    next = newRefreshToken()
    await db.query('update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1', [
      token.id,
    ])
    await db.query(
      `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id) values ($1, $2, $3, false, now(), now(), $4, $5)`,
      [INSTANCE_ID, next, user.id, token.token, session.id],
    )
  } else {
    const active = await db.query<RefreshRow>(
      'select * from auth.refresh_tokens where session_id = $1 and revoked = false order by id desc limit 1',
      [session.id],
    )
    const current = active.rows[0]
    const withinReuse = Date.now() - token.updated_at.getTime() <= settings.reuseIntervalSeconds * 1000
    if (current && current.parent === token.token) {
      next = current.token
    } else if (withinReuse && current) {
      next = newRefreshToken()
      await db.query(
        `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id) values ($1, $2, $3, false, now(), now(), $4, $5)`,
        [INSTANCE_ID, next, user.id, token.token, session.id],
      )
    } else {
      await db.query(
        'update auth.refresh_tokens set revoked = true where session_id = $1 and revoked = false',
        [session.id],
      )
      return new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used')
    }
  }
  await db.query('update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1', [
    session.id,
  ])
  return sessionResponse(db, settings, user, session.id, session.amr, next, session.aal ?? 'aal1')
}

/** GoTrue's mfa_amr_claims row for the method; signing in again with it only moves the time. */
async function addAmrClaim(db: pg.ClientBase, sessionId: string, method: string): Promise<void> {
  await db.query(
    `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
     values ($1, $2, now(), now(), $3)
     on conflict on constraint mfa_amr_claims_session_id_authentication_method_pkey do update set updated_at = now()`,
    [crypto.randomUUID(), sessionId, method],
  )
}

/**
 * After a verified second factor (GoTrue's updateMFASessionAndClaims): the same session gains the
 * method in its AMR (newest first) and AAL2, and its refresh token is swapped, so only the
 * token from this answer carries the session on at AAL2.
 */
export async function elevateSession(
  db: pg.ClientBase,
  settings: SessionSettings,
  user: UserRow,
  sessionId: string,
  method: string,
  factorId: string,
): Promise<Record<string, unknown>> {
  await addAmrClaim(db, sessionId, method)
  const { rows } = await db.query<{ amr: AmrEntry[] }>(
    'select amr from auth.sessions where id = $1 for update',
    [sessionId],
  )
  const earlier = (rows[0]?.amr ?? []).filter((entry) => entry.method !== method)
  const amr = [{ method, timestamp: Math.floor(Date.now() / 1000) }, ...earlier].sort(
    (a, b) => b.timestamp - a.timestamp,
  )
  const aal: Aal = amr.some((entry) => SECOND_FACTOR_METHODS.has(entry.method)) ? 'aal2' : 'aal1'
  await db.query(
    'update auth.sessions set aal = $2, factor_id = $3, amr = $4, updated_at = now() where id = $1',
    [sessionId, aal, factorId, JSON.stringify(amr)],
  )
  const active = await db.query<{ id: string; token: string }>(
    'select id, token from auth.refresh_tokens where session_id = $1 and revoked = false order by id desc limit 1',
    [sessionId],
  )
  const current = active.rows[0]
  if (current) {
    await db.query('update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1', [
      current.id,
    ])
  }
  const next = newRefreshToken()
  await db.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id) values ($1, $2, $3, false, now(), now(), $4, $5)`,
    [INSTANCE_ID, next, user.id, current?.token ?? null, sessionId],
  )
  return sessionResponse(db, settings, user, sessionId, amr, next, aal)
}

/** GoTrue's DowngradeSessionsToAAL1: the sessions a factor raised lose it when it goes. */
export async function downgradeSessions(
  db: pg.ClientBase,
  userId: string,
  factorId: string,
  method: string,
): Promise<void> {
  await db.query(
    `delete from auth.mfa_amr_claims where authentication_method = $2
       and session_id in (select id from auth.sessions where factor_id = $1)`,
    [factorId, method],
  )
  await db.query(
    `update auth.sessions set aal = 'aal1', factor_id = null,
       amr = coalesce((select jsonb_agg(e) from jsonb_array_elements(amr) e where e ->> 'method' <> $3), '[]'::jsonb)
     where user_id = $1 and factor_id = $2`,
    [userId, factorId, method],
  )
}

/** GoTrue's InvalidateSessionsWithAALLessThan(aal2), run once a second factor is verified. */
export async function endSessionsBelowAal2(db: pg.ClientBase, userId: string): Promise<void> {
  await db.query(`delete from auth.sessions where user_id = $1 and aal < 'aal2'`, [userId])
}
