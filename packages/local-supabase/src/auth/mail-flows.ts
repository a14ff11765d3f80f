/*
 * The endpoints that answer with a mail: sign-up (confirm the address), recovery, magic link or
 * one-time code, and resending a confirmation. Sign-up with confirmations off signs in at once.
 */
import type { IncomingMessage } from 'node:http'
import { type AuthContext, type Body, callerAddress, obj, type Reply, str } from './context.js'
import { AuthError, validation } from './errors.js'
import { sendConfirmation, sendRecovery } from './mail.js'
import { issueSession } from './sessions.js'
import { findUserByEmail, hashPassword, insertUser, loadUserJson } from './users.js'
import { checkEmail, checkPassword, checkPkce } from './validate.js'

const redirectFor = (ctx: AuthContext, req: IncomingMessage, url: URL) =>
  ctx.redirects.resolve(url.searchParams.get('redirect_to'), req.headers.referer)

/** What GoTrue answers for an address that already has a confirmed account: a made-up user. */
function lookalikeUser(email: string, data: Body) {
  const now = new Date().toISOString()
  return {
    id: crypto.randomUUID(),
    aud: 'authenticated',
    role: '',
    email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  }
}

export async function signup(ctx: AuthContext, req: IncomingMessage, url: URL, body: Body): Promise<Reply> {
  const { auth } = ctx
  if (!auth.enable_signup || !auth.email.enable_signup) {
    throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance')
  }
  if (body.phone && !body.email)
    throw new AuthError(400, 'phone_provider_disabled', 'Phone signups are disabled')
  ctx.signInLimits.attempt(callerAddress(req))
  const email = checkEmail(body.email)
  const password = str(body.password)
  if (!password) throw validation('Signup requires a valid password')
  checkPassword(password, auth)
  const pkce = checkPkce(body)
  const data = obj(body.data) ?? {}
  const redirectTo = redirectFor(ctx, req, url)
  const startedAt = performance.now()
  // Which way the sign-up went, for its timing: only the caller's own mailbox may tell.
  let outcome: 'registered' | 'created' | undefined

  const answer = await ctx.tx(async (db): Promise<Reply> => {
    const existing = await findUserByEmail(db, email)
    if (existing?.email_confirmed_at) {
      if (ctx.autoconfirm) throw new AuthError(422, 'user_already_exists', 'User already registered')
      outcome = 'registered'
      return [200, lookalikeUser(email, data)]
    }
    let user = existing
    if (user) {
      ctx.emailLimits.check(user.confirmation_sent_at)
      await db.query('update auth.users set encrypted_password = $2, updated_at = now() where id = $1', [
        user.id,
        await hashPassword(password),
      ])
    } else {
      user = await insertUser(db, ctx.log, {
        email,
        password,
        userMeta: data,
        confirmed: ctx.autoconfirm,
        metaFromIdentity: true,
      })
    }
    if (ctx.autoconfirm)
      return [200, await issueSession(db, ctx.settings, user, 'password', req.headers['user-agent'])]
    if (!existing) ctx.emailLimits.check(null)
    await sendConfirmation(ctx, db, user, redirectTo, pkce)
    if (!existing) outcome = 'created'
    return [200, await loadUserJson(db, user.id)]
  })
  // An address with an account answers after as long as a new sign-up takes, so the time of
  // the answer does not tell which addresses have accounts.
  if (outcome === 'created') ctx.signUpPacing.observe(performance.now() - startedAt)
  if (outcome === 'registered') await ctx.signUpPacing.pad(startedAt)
  return answer
}

export async function recover(ctx: AuthContext, req: IncomingMessage, url: URL, body: Body): Promise<Reply> {
  const email = checkEmail(body.email)
  const pkce = checkPkce(body)
  const redirectTo = redirectFor(ctx, req, url)
  return ctx.tx(async (db) => {
    const user = await findUserByEmail(db, email)
    if (!user) return [200, {}]
    await sendRecovery(ctx, db, user, redirectTo, pkce, 'recovery')
    return [200, {}]
  })
}

/** `/otp` and `/magiclink`: a new address signs up, an unconfirmed one is confirmed, else a magic link. */
export async function otp(ctx: AuthContext, req: IncomingMessage, url: URL, body: Body): Promise<Reply> {
  const email = checkEmail(body.email)
  const pkce = checkPkce(body)
  const createUser = body.create_user !== false
  const redirectTo = redirectFor(ctx, req, url)
  return ctx.tx(async (db) => {
    let user = await findUserByEmail(db, email)
    if (!user) {
      if (!createUser || !ctx.auth.enable_signup) {
        throw new AuthError(422, 'otp_disabled', 'Signups not allowed for otp')
      }
      ctx.emailLimits.check(null)
      user = await insertUser(db, ctx.log, {
        email,
        userMeta: obj(body.data) ?? {},
        confirmed: false,
        metaFromIdentity: true,
      })
      await sendConfirmation(ctx, db, user, redirectTo, pkce)
      return [200, {}]
    }
    if (!user.email_confirmed_at) {
      ctx.emailLimits.check(user.confirmation_sent_at)
      await sendConfirmation(ctx, db, user, redirectTo, pkce)
      return [200, {}]
    }
    await sendRecovery(ctx, db, user, redirectTo, pkce, 'magiclink')
    return [200, {}]
  })
}

export async function resend(ctx: AuthContext, req: IncomingMessage, url: URL, body: Body): Promise<Reply> {
  const email = checkEmail(body.email)
  const type = str(body.type)
  if (type !== 'signup' && type !== 'email_change')
    throw validation('Missing one of these types: signup, email_change')
  const redirectTo = redirectFor(ctx, req, url)
  const pkce = checkPkce(body)
  return ctx.tx(async (db) => {
    const user = await findUserByEmail(db, email)
    if (!user || (type === 'signup' && user.email_confirmed_at)) return [200, {}]
    if (type === 'signup') {
      ctx.emailLimits.check(user.confirmation_sent_at)
      await sendConfirmation(ctx, db, user, redirectTo, pkce)
    }
    return [200, {}]
  })
}
