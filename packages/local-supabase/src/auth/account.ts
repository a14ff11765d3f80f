/* `/user`: the signed-in user reads and changes their own account (metadata, password, address). */
import type { IncomingMessage } from 'node:http'
import bcrypt from 'bcryptjs'
import type pg from 'pg'
import { z } from 'zod'
import { makePermanent } from './anonymous.js'
import type { AuthContext, Body, Reply } from './context.js'
import { AuthError, emailExists, validation } from './errors.js'
import { requireUser } from './guards.js'
import { sendEmailChange } from './mail.js'
import { factorsOf } from './mfa-store.js'
import { requireRecentSignInOrNonce } from './password-change.js'
import { findUserByEmail, hashPassword, loadUserJson, type UserRow, userJsonOf } from './users.js'
import { checkEmail, checkPassword, checkPkce } from './validate.js'

export async function getUser(ctx: AuthContext, req: IncomingMessage): Promise<Reply> {
  return ctx.withClient(async (client) => {
    const { user } = await requireUser(req, client)
    return [200, await userJsonOf(client, user)]
  })
}

/** Fields of another type count as absent, as the handler always treated them. */
const optional = <T extends z.ZodType>(schema: T) =>
  z
    .unknown()
    .optional()
    .transform((value) => {
      const parsed = schema.safeParse(value)
      return parsed.success ? (parsed.data as z.infer<T>) : undefined
    })

const updateUserSchema = z.object({
  data: optional(z.record(z.string(), z.unknown())),
  password: optional(z.string()),
  email: z.unknown().optional(),
  nonce: optional(z.string()),
  app_metadata: z.unknown().optional(),
})

async function sessionIsAal2(db: pg.ClientBase, sessionId: string | undefined): Promise<boolean> {
  if (!sessionId) return false
  const { rows } = await db.query<{ aal: string }>('select aal::text from auth.sessions where id = $1', [
    sessionId,
  ])
  return rows[0]?.aal === 'aal2'
}

const hasVerifiedFactor = async (db: pg.ClientBase, userId: string) =>
  (await factorsOf(db, userId)).some((factor) => factor.status === 'verified')

/** An anonymous user's new address, confirmed at once when the project confirms no addresses. */
async function setAnonymousEmail(db: pg.ClientBase, user: UserRow, email: string): Promise<void> {
  const { rows } = await db.query<UserRow>(
    'update auth.users set email = $2, email_change = $3, updated_at = now() where id = $1 returning *',
    [user.id, email, ''],
  )
  await makePermanent(db, rows[0] as UserRow)
}

export async function updateUser(
  ctx: AuthContext,
  req: IncomingMessage,
  url: URL,
  raw: Body,
): Promise<Reply> {
  const { auth } = ctx
  const parsed = updateUserSchema.safeParse(raw)
  if (!parsed.success) throw validation('Could not read User Update params')
  const body = parsed.data
  return ctx.tx(async (db) => {
    const { user, sessionId } = await requireUser(req, db)
    if (body.app_metadata !== undefined)
      throw new AuthError(403, 'not_admin', 'Updating app_metadata requires admin privileges')
    const newEmail = body.email === undefined ? undefined : checkEmail(body.email)
    if (user.is_anonymous && body.password && !newEmail) {
      throw new AuthError(
        422,
        'validation_failed',
        'Updating password of an anonymous user without an email or phone is not allowed',
      )
    }
    // GoTrue: with a second factor turned on, the password or the address changes only from a
    // session signed in with it, so a stolen password cannot take the account over.
    const changesSecret = !!body.password || (newEmail !== undefined && newEmail !== user.email)
    if (changesSecret && !(await sessionIsAal2(db, sessionId)) && (await hasVerifiedFactor(db, user.id))) {
      throw new AuthError(
        401,
        'insufficient_aal',
        'AAL2 session is required to update email or password when MFA is enabled.',
      )
    }
    if (body.data) {
      await db.query(
        `update auth.users set raw_user_meta_data = jsonb_strip_nulls(coalesce(raw_user_meta_data, '{}'::jsonb) || $2::jsonb), updated_at = now() where id = $1`,
        [user.id, JSON.stringify(body.data)],
      )
    }
    const password = body.password
    if (password !== undefined) {
      checkPassword(password, auth)
      if (auth.email.secure_password_change) {
        await requireRecentSignInOrNonce(ctx, db, user, sessionId, body.nonce)
      }
      if (user.encrypted_password && (await bcrypt.compare(password, user.encrypted_password))) {
        throw new AuthError(422, 'same_password', 'New password should be different from the old password.')
      }
      await db.query('update auth.users set encrypted_password = $2, updated_at = now() where id = $1', [
        user.id,
        await hashPassword(password),
      ])
    }
    if (newEmail && newEmail !== user.email) {
      if (await findUserByEmail(db, newEmail)) throw emailExists()
      if (user.is_anonymous && ctx.autoconfirm) {
        await setAnonymousEmail(db, user, newEmail)
      } else {
        ctx.emailLimits.check(user.email_change_sent_at)
        const redirectTo = ctx.redirects.resolve(url.searchParams.get('redirect_to'), req.headers.referer)
        await sendEmailChange(ctx, db, user, newEmail, redirectTo, checkPkce(raw))
      }
    }
    return [200, await loadUserJson(db, user.id)]
  })
}
