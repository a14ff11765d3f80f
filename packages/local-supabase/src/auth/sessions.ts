import { randomInt } from 'node:crypto'
import type pg from 'pg'
import { signSessionToken } from '../lib/jwt.js'
import { AuthError } from './errors.js'
import { type IdentityRow, INSTANCE_ID, identitiesOf, isBanned, type UserRow, userJson } from './users.js'

export interface AmrEntry {
  method: string
  timestamp: number
}

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
    aal: 'aal1',
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
): Promise<Record<string, unknown>> {
  const identities: IdentityRow[] = await identitiesOf(db, user.id)
  const { token, exp } = await accessToken(settings, user, sessionId, amr)
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: settings.jwtExpiry,
    expires_at: exp,
    refresh_token: refreshToken,
    user: userJson(user, identities),
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
  const refreshToken = newRefreshToken()
  await db.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, session_id) values ($1, $2, $3, false, now(), now(), $4)`,
    [INSTANCE_ID, refreshToken, user.id, sessionId],
  )
  const { rows } = await db.query<UserRow>(
    'update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1 returning *',
    [user.id],
  )
  return sessionResponse(db, settings, rows[0] ?? user, sessionId, amr, refreshToken)
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
  const sessions = await db.query<{ id: string; amr: AmrEntry[]; not_after: Date | null }>(
    'select id, amr, not_after from auth.sessions where id = $1 for update',
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
  return sessionResponse(db, settings, user, session.id, session.amr, next)
}
