/*
 * The service-role endpoints: `/admin/users` (list, create, read, update, delete), `/invite` and
 * `/admin/generate_link`. The router checks the caller's role before any of these runs.
 */
import type { IncomingMessage } from 'node:http'
import { type AuthContext, type Body, obj, type Reply, str, UUID_RE } from './context.js'
import { AuthError, emailExists, validation } from './errors.js'
import { mailLink, newOtp, type OneTimeTokenType, sendConfirmation, storeOneTimeToken } from './mail.js'
import {
  findUserByEmail,
  findUserById,
  hashPassword,
  INSTANCE_ID,
  insertUser,
  loadUserJson,
  markEmailVerified,
  type UserRow,
  userJsonOf,
} from './users.js'
import { checkEmail } from './validate.js'

const userNotFound = () => new AuthError(404, 'user_not_found', 'User not found')

const UINT64_MAX = 2n ** 64n - 1n

/** A `page`/`per_page` value as Go's strconv.ParseUint reads it, with GoTrue's answer when it cannot. */
function paginationParam(url: URL, name: string, fallback: number): number {
  const raw = url.searchParams.get(name)
  if (raw === null || raw === '') return fallback
  const problem = !/^\d+$/.test(raw) ? 'invalid syntax' : BigInt(raw) > UINT64_MAX ? 'value out of range' : ''
  if (problem) {
    throw validation(
      `Bad Pagination Parameters: strconv.ParseUint: parsing ${JSON.stringify(raw)}: ${problem}`,
    )
  }
  return Number(raw)
}

export async function listUsers(ctx: AuthContext, url: URL): Promise<Reply> {
  const page = Math.max(1, paginationParam(url, 'page', 1))
  const perPage = Math.min(1000, Math.max(1, paginationParam(url, 'per_page', 50)))
  return ctx.withClient(async (client) => {
    const total = await client.query<{ n: string }>(
      `select count(*) as n from auth.users where instance_id = $1`,
      [INSTANCE_ID],
    )
    const { rows } = await client.query<UserRow>(
      'select * from auth.users where instance_id = $1 order by created_at desc limit $2 offset $3',
      [INSTANCE_ID, perPage, (page - 1) * perPage],
    )
    const users = []
    for (const row of rows) users.push(await userJsonOf(client, row))
    const count = Number(total.rows[0]?.n ?? 0)
    const last = Math.max(1, Math.ceil(count / perPage))
    const link = `</admin/users?page=${last}&per_page=${perPage}>; rel="last"`
    return [200, { users, aud: 'authenticated' }, { 'X-Total-Count': String(count), Link: link }]
  })
}

export async function createUser(ctx: AuthContext, body: Body): Promise<Reply> {
  const email = checkEmail(body.email)
  const id = str(body.id)
  if (id !== undefined && !UUID_RE.test(id)) throw validation('id must be a UUID')
  return ctx.tx(async (db) => {
    if (await findUserByEmail(db, email)) throw emailExists()
    const user = await insertUser(db, ctx.log, {
      id,
      email,
      password: str(body.password),
      userMeta: obj(body.user_metadata) ?? {},
      appMeta: obj(body.app_metadata),
      confirmed: body.email_confirm === true,
      role: str(body.role),
    })
    let fresh = user
    if (body.email_confirm === true) fresh = await markEmailVerified(db, user)
    if (typeof body.password_hash === 'string') {
      await db.query('update auth.users set encrypted_password = $2 where id = $1', [
        user.id,
        body.password_hash,
      ])
    }
    return [200, await userJsonOf(db, fresh)]
  })
}

export async function getUserById(ctx: AuthContext, id: string): Promise<Reply> {
  return ctx.withClient(async (client) => {
    const user = await findUserById(client, id)
    if (!user) throw userNotFound()
    return [200, await userJsonOf(client, user)]
  })
}

export async function deleteUser(ctx: AuthContext, id: string): Promise<Reply> {
  return ctx.tx(async (db) => {
    const { rowCount } = await db.query('delete from auth.users where id = $1', [id])
    if (!rowCount) throw userNotFound()
    return [200, {}]
  })
}

const BAN_UNIT_SECONDS = { h: 3600, m: 60, s: 1 }

export async function updateUserById(ctx: AuthContext, id: string, body: Body): Promise<Reply> {
  return ctx.tx(async (db) => {
    const user = await findUserById(db, id)
    if (!user) throw userNotFound()
    const sets: string[] = []
    const params: unknown[] = [id]
    const set = (sql: string, value: unknown) => {
      params.push(value)
      sets.push(sql.replace('?', `$${params.length}`))
    }
    if (body.email !== undefined) {
      const email = checkEmail(body.email)
      const other = await findUserByEmail(db, email)
      if (other && other.id !== id) throw emailExists()
      set('email = ?', email)
    }
    if (typeof body.password === 'string') set('encrypted_password = ?', await hashPassword(body.password))
    if (body.email_confirm === true) sets.push('email_confirmed_at = coalesce(email_confirmed_at, now())')
    const userMeta = obj(body.user_metadata)
    if (userMeta)
      set(
        `raw_user_meta_data = jsonb_strip_nulls(coalesce(raw_user_meta_data, '{}'::jsonb) || ?::jsonb)`,
        JSON.stringify(userMeta),
      )
    const appMeta = obj(body.app_metadata)
    if (appMeta)
      set(
        `raw_app_meta_data = jsonb_strip_nulls(coalesce(raw_app_meta_data, '{}'::jsonb) || ?::jsonb)`,
        JSON.stringify(appMeta),
      )
    if (typeof body.role === 'string') set('role = ?', body.role)
    const ban = str(body.ban_duration)
    if (ban === 'none') sets.push('banned_until = null')
    else if (ban !== undefined) {
      const match = /^(\d+)(h|m|s)$/.exec(ban)
      if (!match) throw validation('invalid format for ban duration')
      const seconds = Number(match[1]) * BAN_UNIT_SECONDS[match[2] as 'h' | 'm' | 's']
      set('banned_until = now() + make_interval(secs => ?)', seconds)
    }
    if (sets.length > 0) {
      await db.query(`update auth.users set ${sets.join(', ')}, updated_at = now() where id = $1`, params)
    }
    return [200, await loadUserJson(db, id)]
  })
}

export async function invite(ctx: AuthContext, req: IncomingMessage, url: URL, body: Body): Promise<Reply> {
  const email = checkEmail(body.email)
  const redirectTo = ctx.redirects.resolve(
    url.searchParams.get('redirect_to') ?? str(body.redirect_to),
    req.headers.referer,
  )
  return ctx.tx(async (db) => {
    let user = await findUserByEmail(db, email)
    if (user?.email_confirmed_at) throw emailExists()
    if (!user)
      user = await insertUser(db, ctx.log, { email, userMeta: obj(body.data) ?? {}, confirmed: false })
    ctx.emailLimits.check(null)
    await sendConfirmation(ctx, db, user, redirectTo, undefined, 'invite')
    return [200, await loadUserJson(db, user.id)]
  })
}

const LINK_TYPES = ['signup', 'invite', 'magiclink', 'recovery', 'email_change_current', 'email_change_new']

/** The link and code a mail would carry, answered to the caller instead of mailed. */
export async function generateLink(ctx: AuthContext, req: IncomingMessage, body: Body): Promise<Reply> {
  let type = str(body.type)
  const email = checkEmail(body.email)
  const redirectTo = ctx.redirects.resolve(str(body.redirect_to), req.headers.referer)
  if (!type || !LINK_TYPES.includes(type)) throw validation('Invalid email action link type requested')
  return ctx.tx(async (db) => {
    let user = await findUserByEmail(db, email)
    if (type === 'magiclink' && !user) type = 'signup'
    if (type === 'recovery' && !user)
      throw new AuthError(404, 'user_not_found', 'User with this email not found')
    const { otp, hash } = newOtp(ctx, email, false)
    let tokenKind: OneTimeTokenType
    let verificationType = type as string
    if (type === 'signup' || type === 'invite') {
      const password = type === 'signup' ? str(body.password) : undefined
      if (type === 'signup' && !password) throw validation('Signup requires a valid password')
      if (user?.email_confirmed_at) throw emailExists()
      if (!user)
        user = await insertUser(db, ctx.log, {
          email,
          password,
          userMeta: obj(body.data) ?? {},
          confirmed: false,
        })
      tokenKind = 'confirmation_token'
      await db.query(
        `update auth.users set confirmation_token = $2, confirmation_sent_at = now()${type === 'invite' ? ', invited_at = now()' : ''} where id = $1`,
        [user.id, hash],
      )
    } else if (type === 'magiclink' || type === 'recovery') {
      tokenKind = 'recovery_token'
      await db.query('update auth.users set recovery_token = $2, recovery_sent_at = now() where id = $1', [
        (user as UserRow).id,
        hash,
      ])
    } else {
      if (!user) throw new AuthError(404, 'user_not_found', 'User with this email not found')
      const newEmail = checkEmail(body.new_email)
      tokenKind = type === 'email_change_new' ? 'email_change_token_new' : 'email_change_token_current'
      verificationType = 'email_change'
      await db.query(
        `update auth.users set email_change = $2, ${tokenKind} = $3, email_change_sent_at = now() where id = $1`,
        [user.id, newEmail, hash],
      )
    }
    const target = user as UserRow
    await storeOneTimeToken(db, target.id, tokenKind, hash, email)
    return [
      200,
      {
        ...(await loadUserJson(db, target.id)),
        action_link: mailLink(ctx, hash, verificationType, redirectTo),
        email_otp: otp,
        hashed_token: hash,
        verification_type: verificationType,
        redirect_to: redirectTo,
      },
    ]
  })
}
