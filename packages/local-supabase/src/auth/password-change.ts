/*
 * `[auth.email] secure_password_change`: a password may only be changed in a session that signed
 * in recently (GoTrue: within 24 hours), else with a reauthentication nonce (reauthenticate.ts).
 * A stolen, long-lived session can then not lock the owner out by changing the password.
 */
import type pg from 'pg'
import type { AuthContext } from './context.js'
import { AuthError } from './errors.js'
import { spendReauthenticationNonce } from './reauthenticate.js'
import type { UserRow } from './users.js'

/** How recent the session's sign-in must be (GoTrue's fixed 24 hours). */
export const RECENT_SIGN_IN_MS = 24 * 60 * 60_000

export async function signedInRecently(
  db: pg.ClientBase,
  sessionId: string | undefined,
  now: number = Date.now(),
): Promise<boolean> {
  if (!sessionId) return false
  const { rows } = await db.query<{ created_at: Date }>(
    'select created_at from auth.sessions where id = $1',
    [sessionId],
  )
  const signedInAt = rows[0]?.created_at
  return signedInAt !== undefined && now - signedInAt.getTime() < RECENT_SIGN_IN_MS
}

/** A recent sign-in, or else a valid nonce; GoTrue's answers when neither. */
export async function requireRecentSignInOrNonce(
  ctx: AuthContext,
  db: pg.ClientBase,
  user: UserRow,
  sessionId: string | undefined,
  nonce: string | undefined,
): Promise<void> {
  if (await signedInRecently(db, sessionId)) return
  if (!nonce) throw new AuthError(400, 'reauthentication_needed', 'Password update requires reauthentication')
  await spendReauthenticationNonce(ctx, db, user, nonce)
}
