/*
 * `[auth.email] secure_password_change`: a password may only be changed in a session that signed
 * in recently (GoTrue: within 24 hours), else GoTrue wants a reauthentication nonce. A stolen,
 * long-lived session can then not lock the owner out by changing the password.
 */
import type pg from 'pg'
import { AuthError } from './errors.js'

/** How recent the session's sign-in must be (GoTrue's fixed 24 hours). */
export const RECENT_SIGN_IN_MS = 24 * 60 * 60_000

export async function requireRecentSignIn(
  db: pg.ClientBase,
  sessionId: string | undefined,
  now: number = Date.now(),
): Promise<void> {
  if (sessionId) {
    const { rows } = await db.query<{ created_at: Date }>(
      'select created_at from auth.sessions where id = $1',
      [sessionId],
    )
    const signedInAt = rows[0]?.created_at
    if (signedInAt && now - signedInAt.getTime() < RECENT_SIGN_IN_MS) return
  }
  // The local stack sends no reauthentication codes, so a nonce can never be valid here.
  throw new AuthError(400, 'reauthentication_needed', 'Password update requires reauthentication')
}
