/* `/user`: the signed-in user reads and changes their own account (metadata, password, address). */
import type { IncomingMessage } from 'node:http'
import bcrypt from 'bcryptjs'
import { type AuthContext, type Body, obj, type Reply, str } from './context.js'
import { AuthError, emailExists } from './errors.js'
import { requireUser } from './guards.js'
import { sendEmailChange } from './mail.js'
import { requireRecentSignIn } from './password-change.js'
import { findUserByEmail, hashPassword, loadUserJson, userJsonOf } from './users.js'
import { checkEmail, checkPassword, checkPkce } from './validate.js'

export async function getUser(ctx: AuthContext, req: IncomingMessage): Promise<Reply> {
  return ctx.withClient(async (client) => {
    const { user } = await requireUser(req, client)
    return [200, await userJsonOf(client, user)]
  })
}

export async function updateUser(
  ctx: AuthContext,
  req: IncomingMessage,
  url: URL,
  body: Body,
): Promise<Reply> {
  const { auth } = ctx
  return ctx.tx(async (db) => {
    const { user, sessionId } = await requireUser(req, db)
    if (body.app_metadata !== undefined)
      throw new AuthError(403, 'not_admin', 'Updating app_metadata requires admin privileges')
    const data = obj(body.data)
    if (data) {
      await db.query(
        `update auth.users set raw_user_meta_data = jsonb_strip_nulls(coalesce(raw_user_meta_data, '{}'::jsonb) || $2::jsonb), updated_at = now() where id = $1`,
        [user.id, JSON.stringify(data)],
      )
    }
    const password = str(body.password)
    if (password !== undefined) {
      checkPassword(password, auth)
      if (auth.email.secure_password_change) await requireRecentSignIn(db, sessionId)
      if (user.encrypted_password && (await bcrypt.compare(password, user.encrypted_password))) {
        throw new AuthError(422, 'same_password', 'New password should be different from the old password.')
      }
      await db.query('update auth.users set encrypted_password = $2, updated_at = now() where id = $1', [
        user.id,
        await hashPassword(password),
      ])
    }
    const newEmail = body.email === undefined ? undefined : checkEmail(body.email)
    if (newEmail && newEmail !== user.email) {
      if (await findUserByEmail(db, newEmail)) throw emailExists()
      ctx.emailLimits.check(user.email_change_sent_at)
      const redirectTo = ctx.redirects.resolve(url.searchParams.get('redirect_to'), req.headers.referer)
      await sendEmailChange(ctx, db, user, newEmail, redirectTo, checkPkce(body))
    }
    return [200, await loadUserJson(db, user.id)]
  })
}
