import type { IncomingMessage } from 'node:http'
import type pg from 'pg'
import { bearerToken, type Claims, verifyJwt } from '../lib/jwt.js'
import { str, UUID_RE } from './context.js'
import { AuthError } from './errors.js'
import { findUserById, isBanned, type UserRow } from './users.js'

export async function requireClaims(req: IncomingMessage): Promise<Claims> {
  const token = bearerToken(req.headers.authorization)
  if (!token) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token')
  const result = await verifyJwt(token)
  if (!result.ok) {
    const detail = result.reason === 'expired' ? 'token has invalid claims: token is expired' : result.message
    throw new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${detail}`)
  }
  return result.claims
}

/** The signed-in caller: a live user, and a live session when the token names one. */
export async function requireUser(
  req: IncomingMessage,
  db: pg.ClientBase,
): Promise<{ user: UserRow; claims: Claims; sessionId?: string }> {
  const claims = await requireClaims(req)
  if (!claims.sub) throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim')
  if (!UUID_RE.test(claims.sub))
    throw new AuthError(400, 'bad_jwt', 'invalid claim: sub claim must be a UUID')
  const user = await findUserById(db, claims.sub)
  if (!user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist')
  const sessionId = str(claims.session_id)
  if (sessionId) {
    const { rowCount } = await db.query('select 1 from auth.sessions where id = $1', [sessionId])
    if (!rowCount) {
      throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist')
    }
  }
  if (isBanned(user)) throw new AuthError(403, 'user_banned', 'User is banned')
  return { user, claims, sessionId }
}

export async function requireAdmin(req: IncomingMessage): Promise<void> {
  const claims = await requireClaims(req)
  if (claims.role !== 'service_role') throw new AuthError(403, 'not_admin', 'User not allowed')
}
