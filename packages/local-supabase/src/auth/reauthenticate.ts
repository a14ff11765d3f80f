/*
 * `GET /reauthenticate` mails the signed-in user a code (GoTrue's nonce); `PUT /user` with
 * `{ password, nonce }` spends it where `[auth.email] secure_password_change` wants a fresh
 * sign-in (password-change.ts).
 */
import { timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type pg from 'pg'
import type { AuthContext, Reply } from './context.js'
import { AuthError, validation } from './errors.js'
import { requireUser } from './guards.js'
import { newOtp, sha224, storeOneTimeToken } from './mail.js'
import type { UserRow } from './users.js'

const INVALID_NONCE = 'Nonce has expired or is invalid'

/** GoTrue's default reauthentication mail (the local mail templates have no kind for it). */
function reauthenticationMail(to: string, code: string) {
  return {
    to,
    subject: 'Confirm reauthentication',
    html: `<h2>Confirm reauthentication</h2>\n\n<p>Enter the code: ${code}</p>\n`,
    text: `Confirm reauthentication\n\nEnter the code: ${code}\n`,
  }
}

export async function reauthenticate(ctx: AuthContext, req: IncomingMessage): Promise<Reply> {
  return ctx.tx(async (db) => {
    const { user } = await requireUser(req, db)
    if (!user.email && !user.phone) {
      throw validation('Reauthentication requires the user to have an email or a phone number')
    }
    if (!user.email) {
      // A phone-only user: there is no SMS provider to send the code with.
      throw new AuthError(400, 'sms_send_failed', 'Error sending sms: no SMS provider is configured')
    }
    if (!user.email_confirmed_at) {
      throw new AuthError(422, 'email_not_confirmed', 'Please verify your email first.')
    }
    ctx.emailLimits.check(user.reauthentication_sent_at)
    const { otp, hash } = newOtp(ctx, user.email, false)
    await db.query(
      'update auth.users set reauthentication_token = $2, reauthentication_sent_at = now() where id = $1',
      [user.id, hash],
    )
    await storeOneTimeToken(db, user.id, 'reauthentication_token', hash, user.email)
    ctx.emailLimits.record()
    try {
      await ctx.mailer.send(reauthenticationMail(user.email, otp))
    } catch (error) {
      ctx.log.error(`sending reauthentication mail to ${user.email} failed: ${(error as Error).message}`)
      throw new AuthError(500, 'unexpected_failure', 'Error sending reauthentication email')
    }
    return [200, {}]
  })
}

const sameText = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))

/** Spends a reauthentication nonce of `user`, or answers GoTrue's reauthentication_not_valid. */
export async function spendReauthenticationNonce(
  ctx: AuthContext,
  db: pg.ClientBase,
  user: UserRow,
  nonce: string,
): Promise<void> {
  const invalid = () => new AuthError(422, 'reauthentication_not_valid', INVALID_NONCE)
  if (!user.reauthentication_token || !user.reauthentication_sent_at) throw invalid()
  if (!user.email) {
    throw new AuthError(
      422,
      'reauthentication_not_valid',
      'Reauthentication requires an email or a phone number',
    )
  }
  const expired = Date.now() > user.reauthentication_sent_at.getTime() + ctx.auth.email.otp_expiry * 1000
  if (expired || !sameText(sha224(user.email + nonce), user.reauthentication_token)) throw invalid()
  await db.query(
    "update auth.users set reauthentication_token = '', reauthentication_sent_at = null where id = $1",
    [user.id],
  )
  await db.query(
    "delete from auth.one_time_tokens where user_id = $1 and token_type = 'reauthentication_token'",
    [user.id],
  )
}
