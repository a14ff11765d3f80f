import { createHash, randomBytes, randomInt } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import bcrypt from 'bcryptjs'
import pg from 'pg'
import { PUBLIC_JWKS } from '../config/keys.js'
import type { ProjectConfig } from '../config/project.js'
import { BodyTooLargeError, parseJson, readBody, redirect, sendEmpty, sendJson } from '../lib/http.js'
import { bearerToken, type Claims, verifyJwt } from '../lib/jwt.js'
import type { Logger } from '../lib/log.js'
import type { MailSender } from '../mail/sender.js'
import { type AuthMailKind, renderAuthMail } from '../mail/templates.js'
import { createSignUpPacing, spendPasswordCheck } from './account-privacy.js'
import { AuthError, badJson, dbSaveFailed, OAuthError, sendAuthError, validation } from './errors.js'
import { requireRecentSignIn } from './password-change.js'
import { createSignInLimits } from './rate-limit.js'
import { createRedirectValidator } from './redirect.js'
import { issueSession, refreshSession, type SessionSettings } from './sessions.js'
import {
  findUserByEmail,
  findUserById,
  INSTANCE_ID,
  identitiesOf,
  isBanned,
  type UserRow,
  userJson,
} from './users.js'

const EMAIL_RE =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/
const CHALLENGE_RE = /^[A-Za-z0-9._~-]{43,128}$/
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const FLOW_STATE_EXPIRY_MS = 300_000
/** GoTrue refuses longer addresses; RFC 5321 allows no longer deliverable ones. */
const EMAIL_MAX = 254

type Body = Record<string, unknown>

export interface AuthServiceOptions {
  config: ProjectConfig
  supabaseDir: string
  databaseUrl: string
  /** External URL of the auth API, e.g. http://127.0.0.1:54321/auth/v1 (JWT `iss`, mail links). */
  externalUrl: string
  mailer: MailSender
  log: Logger
}

interface Pkce {
  challenge: string
  method: 's256' | 'plain'
}

const sha224 = (value: string) => createHash('sha224').update(value).digest('hex')
const str = (value: unknown) => (typeof value === 'string' ? value : undefined)
const obj = (value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined

async function hashPassword(password: string): Promise<string> {
  // GoTrue (Go's bcrypt) writes the $2a$ prefix; the algorithm is identical.
  return (await bcrypt.hash(password, 10)).replace(/^\$2b\$/, '$2a$')
}

function isDbUserTriggerFailure(error: unknown): boolean {
  return error instanceof pg.DatabaseError
}

export function createAuthService(options: AuthServiceOptions) {
  const { config, mailer, log, externalUrl, supabaseDir } = options
  const auth = config.auth
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 6 })
  // 57P01 (admin_shutdown): the database is stopping with the stack; the pool drops the idle connection.
  pool.on('error', (error: Error & { code?: string }) => {
    if (error.code !== '57P01') log.warn(`auth db pool: ${error.message}`)
  })
  const redirects = createRedirectValidator(auth)
  const settings: SessionSettings = {
    issuer: externalUrl,
    jwtExpiry: auth.jwt_expiry,
    rotation: auth.enable_refresh_token_rotation,
    reuseIntervalSeconds: auth.refresh_token_reuse_interval,
  }
  const autoconfirm = !auth.email.enable_confirmations
  const sentMails: number[] = []
  const signInLimits = createSignInLimits({ perAddress: auth.rate_limit.sign_in_sign_ups })
  const signUpPacing = createSignUpPacing()
  /** The caller as the gateway's socket sees it: the gateway is the outermost server here. */
  const callerAddress = (req: IncomingMessage) =>
    (req.socket.remoteAddress ?? 'unknown').replace(/^::ffff:/, '')

  async function tx<T>(work: (db: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await pool.connect()
    try {
      await client.query('begin')
      const result = await work(client)
      await client.query('commit')
      return result
    } catch (error) {
      await client.query('rollback')
      throw error
    } finally {
      client.release()
    }
  }

  // ---------- validation helpers ----------

  function checkEmail(value: unknown): string {
    const email = str(value)?.trim().toLowerCase()
    if (!email) throw validation('An email address is required')
    if (email.length > EMAIL_MAX) throw validation('An email address is too long')
    if (!EMAIL_RE.test(email)) {
      throw validation('Unable to validate email address: invalid format')
    }
    return email
  }

  function checkPassword(password: string): void {
    if (password.length > 72) throw validation('Password cannot be longer than 72 characters')
    const reasons: string[] = []
    const messages: string[] = []
    if (password.length < auth.minimum_password_length) {
      reasons.push('length')
      messages.push(`Password should be at least ${auth.minimum_password_length} characters.`)
    }
    const groups = auth.password_requirements
      ? {
          lower_upper_letters_digits: [
            'abcdefghijklmnopqrstuvwxyz',
            'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
            '0123456789',
          ],
          lower_upper_letters_digits_symbols: [
            'abcdefghijklmnopqrstuvwxyz',
            'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
            '0123456789',
            '!@#$%^&*()_+-=[]{};\'\\:"|<>?,./`~',
          ],
          letters_digits: ['abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ', '0123456789'],
        }[auth.password_requirements]
      : undefined
    if (groups && !groups.every((set) => [...password].some((ch) => set.includes(ch)))) {
      reasons.push('characters')
      messages.push(`Password should contain at least one character of each: ${groups.join(', ')}.`)
    }
    if (reasons.length > 0) {
      throw new AuthError(422, 'weak_password', messages.join(' '), { weak_password: { reasons } })
    }
  }

  function checkPkce(body: Body): Pkce | undefined {
    const challenge = str(body.code_challenge)
    const method = str(body.code_challenge_method)?.toLowerCase()
    if (!challenge && !method) return undefined
    if (!challenge || !method) throw validation('PKCE flow requires code_challenge_method and code_challenge')
    if (method !== 's256' && method !== 'plain') throw validation('code challenge method not supported')
    if (!CHALLENGE_RE.test(challenge)) {
      throw validation(
        'code challenge has to be between 43 and 128 characters and only contain A-Z, a-z, 0-9, ., _, ~, -',
      )
    }
    return { challenge, method }
  }

  // ---------- bearer / admin ----------

  async function requireClaims(req: IncomingMessage): Promise<Claims> {
    const token = bearerToken(req.headers.authorization)
    if (!token) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token')
    const result = await verifyJwt(token)
    if (!result.ok) {
      const detail =
        result.reason === 'expired' ? 'token has invalid claims: token is expired' : result.message
      throw new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${detail}`)
    }
    return result.claims
  }

  async function requireUser(
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

  async function requireAdmin(req: IncomingMessage): Promise<void> {
    const claims = await requireClaims(req)
    if (claims.role !== 'service_role') throw new AuthError(403, 'not_admin', 'User not allowed')
  }

  // ---------- mail ----------

  function mailLink(token: string, type: string, redirectTo: string): string {
    const escaped = /[&=#]/.test(redirectTo) ? encodeURIComponent(redirectTo) : redirectTo
    return `${externalUrl}/verify?token=${token}&type=${type}&redirect_to=${escaped}`
  }

  function checkRateLimit(lastSent: Date | null): void {
    const windowMs = auth.email.max_frequency * 1000
    if (lastSent && Date.now() - lastSent.getTime() < windowMs) {
      const wait = Math.ceil((windowMs - (Date.now() - lastSent.getTime())) / 1000)
      throw new AuthError(
        429,
        'over_email_send_rate_limit',
        `For security purposes, you can only request this after ${wait} seconds.`,
      )
    }
    const hourAgo = Date.now() - 3_600_000
    while (sentMails.length > 0 && (sentMails[0] as number) < hourAgo) sentMails.shift()
    if (sentMails.length >= auth.rate_limit.email_sent) {
      throw new AuthError(429, 'over_email_send_rate_limit', 'email rate limit exceeded')
    }
  }

  async function sendMail(
    kind: AuthMailKind,
    to: string,
    data: { link: string; otp: string; tokenHash: string; redirectTo: string; newEmail?: string; meta: Body },
  ): Promise<void> {
    sentMails.push(Date.now())
    const mail = renderAuthMail(
      kind,
      {
        ConfirmationURL: data.link,
        Token: data.otp,
        TokenHash: data.tokenHash,
        SiteURL: auth.site_url,
        RedirectTo: data.redirectTo,
        Email: to,
        NewEmail: data.newEmail,
        Data: data.meta,
      },
      auth.email,
      supabaseDir,
    )
    try {
      await mailer.send({ to, ...mail })
    } catch (error) {
      log.error(`sending ${kind} mail to ${to} failed: ${(error as Error).message}`)
      throw new AuthError(500, 'unexpected_failure', 'Error sending confirmation email')
    }
  }

  function newOtp(email: string, pkce: boolean): { otp: string; stored: string; hash: string } {
    const otp = String(randomInt(10 ** auth.email.otp_length)).padStart(auth.email.otp_length, '0')
    const hash = sha224(email + otp)
    return { otp, hash, stored: pkce ? `pkce_${hash}` : hash }
  }

  async function storeOneTimeToken(
    db: pg.ClientBase,
    userId: string,
    type: 'confirmation_token' | 'recovery_token' | 'email_change_token_new' | 'email_change_token_current',
    tokenHash: string,
    relatesTo: string,
  ): Promise<void> {
    await db.query('delete from auth.one_time_tokens where user_id = $1 and token_type = $2', [userId, type])
    await db.query(
      'insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to) values ($1, $2, $3, $4, $5)',
      [crypto.randomUUID(), userId, type, tokenHash, relatesTo],
    )
  }

  async function createFlowState(
    db: pg.ClientBase,
    userId: string,
    pkce: Pkce,
    method: string,
  ): Promise<void> {
    await db.query(
      `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type, created_at, updated_at, authentication_method)
       values ($1, $2, $3, $4, $5, 'email', now(), now(), $6)`,
      [crypto.randomUUID(), userId, crypto.randomUUID(), pkce.method, pkce.challenge, method],
    )
  }

  async function sendConfirmation(
    db: pg.ClientBase,
    user: UserRow,
    redirectTo: string,
    pkce: Pkce | undefined,
    kind: 'confirmation' | 'invite' = 'confirmation',
  ): Promise<void> {
    const email = user.email as string
    const { otp, stored } = newOtp(email, pkce !== undefined)
    if (pkce) await createFlowState(db, user.id, pkce, 'email/signup')
    await db.query(
      `update auth.users set confirmation_token = $2, confirmation_sent_at = now(), updated_at = now()${kind === 'invite' ? ', invited_at = now()' : ''} where id = $1`,
      [user.id, stored],
    )
    await storeOneTimeToken(db, user.id, 'confirmation_token', stored, email)
    const type = kind === 'invite' ? 'invite' : 'signup'
    await sendMail(kind, email, {
      link: mailLink(stored, type, redirectTo),
      otp,
      tokenHash: stored,
      redirectTo,
      meta: user.raw_user_meta_data ?? {},
    })
  }

  async function insertUser(
    db: pg.ClientBase,
    fields: {
      id?: string
      email: string
      password?: string
      userMeta: Body
      appMeta?: Body
      confirmed: boolean
      role?: string
    },
  ): Promise<UserRow> {
    const id = fields.id ?? crypto.randomUUID()
    const identityData = {
      sub: id,
      email: fields.email,
      email_verified: false,
      phone_verified: false,
      ...fields.userMeta,
    }
    const appMeta = { provider: 'email', providers: ['email'], ...(fields.appMeta ?? {}) }
    const password = await hashPassword(fields.password ?? randomBytes(24).toString('hex'))
    try {
      await db.query('savepoint insert_user')
      const { rows } = await db.query<UserRow>(
        `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data,
           confirmation_token, recovery_token, email_change_token_new, email_change, email_change_token_current, reauthentication_token,
           phone_change, phone_change_token, created_at, updated_at, is_anonymous, is_sso_user)
         values ($1, $2, 'authenticated', $3, $4, $5, $6, $7, $8, '', '', '', '', '', '', '', '', now(), now(), false, false) returning *`,
        [
          INSTANCE_ID,
          id,
          fields.role ?? 'authenticated',
          fields.email,
          password,
          fields.confirmed ? new Date() : null,
          JSON.stringify(appMeta),
          JSON.stringify(identityData),
        ],
      )
      await db.query(
        `insert into auth.identities (id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
         values ($1, $2, $3, $4, 'email', now(), now(), now())`,
        [crypto.randomUUID(), id, id, JSON.stringify(identityData)],
      )
      await db.query('release savepoint insert_user')
      return rows[0] as UserRow
    } catch (error) {
      if (isDbUserTriggerFailure(error)) {
        const e = error as pg.DatabaseError
        if (e.code === '23505' && e.constraint === 'users_email_partial_key') {
          throw new AuthError(
            422,
            'email_exists',
            'A user with this email address has already been registered',
          )
        }
        log.warn(`auth.users insert failed (a trigger on auth.users?): ${e.message}`)
        throw dbSaveFailed()
      }
      throw error
    }
  }

  async function markEmailVerified(db: pg.ClientBase, user: UserRow): Promise<UserRow> {
    const { rows } = await db.query<UserRow>(
      `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), confirmation_token = '', updated_at = now(),
         raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || '{"email_verified": true}'::jsonb
       where id = $1 returning *`,
      [user.id],
    )
    await db.query(
      `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb, updated_at = now() where user_id = $1 and provider = 'email'`,
      [user.id],
    )
    return rows[0] as UserRow
  }

  // ---------- endpoints ----------

  async function signup(req: IncomingMessage, url: URL, body: Body): Promise<[number, unknown]> {
    if (!auth.enable_signup || !auth.email.enable_signup) {
      throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance')
    }
    if (!body.email && !body.phone) {
      throw new AuthError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled')
    }
    if (body.phone && !body.email)
      throw new AuthError(400, 'phone_provider_disabled', 'Phone signups are disabled')
    signInLimits.attempt(callerAddress(req))
    const email = checkEmail(body.email)
    const password = str(body.password)
    if (!password) throw validation('Signup requires a valid password')
    checkPassword(password)
    const pkce = checkPkce(body)
    const data = obj(body.data) ?? {}
    const redirectTo = redirects.resolve(url.searchParams.get('redirect_to'), req.headers.referer)
    const startedAt = performance.now()
    // Which way the sign-up went, for its timing: only the caller's own mailbox may tell.
    let outcome: 'registered' | 'created' | undefined

    const answer = await tx(async (db): Promise<[number, unknown]> => {
      const existing = await findUserByEmail(db, email)
      if (existing?.email_confirmed_at) {
        if (autoconfirm) throw new AuthError(422, 'user_already_exists', 'User already registered')
        outcome = 'registered'
        const now = new Date().toISOString()
        return [
          200,
          {
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
          },
        ]
      }
      let user = existing
      if (user) {
        checkRateLimit(user.confirmation_sent_at)
        await db.query('update auth.users set encrypted_password = $2, updated_at = now() where id = $1', [
          user.id,
          await hashPassword(password),
        ])
      } else {
        user = await insertUser(db, { email, password, userMeta: data, confirmed: autoconfirm })
      }
      if (autoconfirm)
        return [200, await issueSession(db, settings, user, 'password', req.headers['user-agent'])]
      if (!existing) checkRateLimit(null)
      await sendConfirmation(db, user, redirectTo, pkce)
      if (!existing) outcome = 'created'
      const fresh = (await findUserById(db, user.id)) as UserRow
      return [200, userJson(fresh, await identitiesOf(db, user.id))]
    })
    // An address with an account answers after as long as a new sign-up takes, so the time of
    // the answer does not tell which addresses have accounts.
    if (outcome === 'created') signUpPacing.observe(performance.now() - startedAt)
    if (outcome === 'registered') await signUpPacing.pad(startedAt)
    return answer
  }

  async function token(req: IncomingMessage, url: URL, body: Body): Promise<[number, unknown]> {
    const grant = url.searchParams.get('grant_type')
    if (grant === 'password') {
      const password = str(body.password) ?? ''
      if (body.phone && !body.email)
        throw new AuthError(400, 'phone_provider_disabled', 'Phone logins are disabled')
      const email = str(body.email)?.trim().toLowerCase() ?? ''
      signInLimits.attempt(callerAddress(req))
      // No longer key than an address can be, so a flood of huge ones cannot fill memory.
      const account = email.slice(0, EMAIL_MAX + 1)
      signInLimits.checkAccount(account)
      return tx(async (db) => {
        const user = email && email.length <= EMAIL_MAX ? await findUserByEmail(db, email) : undefined
        const invalid = new AuthError(400, 'invalid_credentials', 'Invalid login credentials')
        if (!user?.encrypted_password) {
          await spendPasswordCheck(password)
          signInLimits.failed(account)
          throw invalid
        }
        if (isBanned(user)) throw new AuthError(400, 'user_banned', 'User is banned')
        if (!(await bcrypt.compare(password, user.encrypted_password))) {
          signInLimits.failed(account)
          throw invalid
        }
        if (!user.email_confirmed_at) throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed')
        const session = await issueSession(db, settings, user, 'password', req.headers['user-agent'])
        try {
          checkPassword(password)
        } catch (error) {
          if (error instanceof AuthError && error.code === 'weak_password') {
            session.weak_password = {
              message: error.message,
              reasons: (error.extra.weak_password as Body).reasons,
            }
          } else throw error
        }
        return [200, session]
      })
    }
    if (grant === 'refresh_token') {
      const presented = str(body.refresh_token)
      if (!presented) throw new OAuthError(400, 'invalid_request', 'refresh_token required')
      const client = await pool.connect()
      try {
        await client.query('begin')
        const result = await refreshSession(client, settings, presented)
        // A detected reuse revokes the whole family, and that revocation must stick.
        await client.query('commit')
        if (result instanceof AuthError) throw result
        return [200, result]
      } catch (error) {
        await client.query('rollback')
        throw error
      } finally {
        client.release()
      }
    }
    if (grant === 'pkce') {
      const authCode = str(body.auth_code)
      const verifier = str(body.code_verifier)
      if (!authCode || !verifier) {
        throw validation('invalid request: both auth code and code verifier should be non-empty')
      }
      return tx(async (db) => {
        const { rows } = await db.query<{
          id: string
          user_id: string
          code_challenge: string
          code_challenge_method: string
          authentication_method: string
          created_at: Date
          auth_code_issued_at: Date | null
        }>('select * from auth.flow_state where auth_code = $1', [UUID_RE.test(authCode) ? authCode : ''])
        const flow = rows[0]
        if (!flow)
          throw new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found')
        const start =
          flow.authentication_method === 'magiclink' && flow.auth_code_issued_at
            ? flow.auth_code_issued_at
            : flow.created_at
        if (Date.now() - start.getTime() > FLOW_STATE_EXPIRY_MS) {
          throw new AuthError(422, 'flow_state_expired', 'invalid flow state, flow state has expired')
        }
        const computed =
          flow.code_challenge_method.toLowerCase() === 's256'
            ? createHash('sha256').update(verifier).digest('base64url')
            : verifier
        if (computed !== flow.code_challenge) {
          throw new AuthError(
            400,
            'bad_code_verifier',
            'code challenge does not match previously saved code verifier',
          )
        }
        const user = await findUserById(db, flow.user_id)
        if (!user) throw new AuthError(404, 'user_not_found', 'User not found')
        await db.query('delete from auth.flow_state where id = $1', [flow.id])
        return [
          200,
          await issueSession(db, settings, user, flow.authentication_method, req.headers['user-agent']),
        ]
      })
    }
    throw new AuthError(400, 'invalid_credentials', 'unsupported_grant_type')
  }

  type VerifyType = 'signup' | 'invite' | 'recovery' | 'magiclink' | 'email_change' | 'email'
  const VERIFY_TYPES: VerifyType[] = ['signup', 'invite', 'recovery', 'magiclink', 'email_change', 'email']

  function tokenTypesFor(type: VerifyType): string[] {
    if (type === 'signup' || type === 'invite') return ['confirmation_token']
    if (type === 'recovery' || type === 'magiclink') return ['recovery_token']
    if (type === 'email_change') return ['email_change_token_new', 'email_change_token_current']
    return ['confirmation_token', 'recovery_token']
  }

  /** Finds and consumes a one-time token; returns the user (after the type's effects) or an otp_expired error. */
  async function consumeToken(
    db: pg.ClientBase,
    type: VerifyType,
    tokenHashes: string[],
    expiredMessage: string,
  ): Promise<{ user: UserRow; tokenType: string; pkce: boolean; pendingEmailChange: boolean }> {
    const { rows } = await db.query<{ id: string; user_id: string; token_type: string; token_hash: string }>(
      'select * from auth.one_time_tokens where token_hash = any($1) and token_type::text = any($2) limit 1',
      [tokenHashes, tokenTypesFor(type)],
    )
    const ott = rows[0]
    const expired = new AuthError(403, 'otp_expired', expiredMessage)
    if (!ott) throw expired
    let user = await findUserById(db, ott.user_id)
    if (!user) throw expired
    const sentAt =
      ott.token_type === 'recovery_token'
        ? user.recovery_sent_at
        : ott.token_type === 'confirmation_token'
          ? user.confirmation_sent_at
          : user.email_change_sent_at
    if (!sentAt || Date.now() - sentAt.getTime() > auth.email.otp_expiry * 1000) throw expired
    if (isBanned(user)) throw new AuthError(403, 'user_banned', 'User is banned')
    await db.query('delete from auth.one_time_tokens where id = $1', [ott.id])
    let pendingEmailChange = false
    if (ott.token_type === 'confirmation_token') {
      user = await markEmailVerified(db, user)
      if (user.invited_at && type === 'invite') {
        await db.query('update auth.users set invited_at = invited_at where id = $1', [user.id])
      }
    } else if (ott.token_type === 'recovery_token') {
      await db.query(`update auth.users set recovery_token = '', updated_at = now() where id = $1`, [user.id])
      user = await markEmailVerified(db, user)
    } else {
      const remaining = await db.query(
        `select 1 from auth.one_time_tokens where user_id = $1 and token_type in ('email_change_token_new', 'email_change_token_current')`,
        [user.id],
      )
      if (remaining.rowCount && auth.email.double_confirm_changes) {
        pendingEmailChange = true
        await db.query('update auth.users set email_change_confirm_status = 1 where id = $1', [user.id])
      } else {
        const { rows: changed } = await db.query<UserRow>(
          `update auth.users set email = email_change, email_change = '', email_change_token_new = '', email_change_token_current = '',
             email_change_confirm_status = 0, updated_at = now(),
             raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || jsonb_build_object('email', email_change)
           where id = $1 returning *`,
          [user.id],
        )
        user = changed[0] as UserRow
        await db.query(
          `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now() where user_id = $1 and provider = 'email'`,
          [user.id, user.email],
        )
      }
    }
    return { user, tokenType: ott.token_type, pkce: ott.token_hash.startsWith('pkce_'), pendingEmailChange }
  }

  function amrFor(type: VerifyType, tokenType: string): string {
    if (type === 'email') return tokenType === 'recovery_token' ? 'magiclink' : 'email/signup'
    if (type === 'signup') return 'email/signup'
    return type
  }

  async function verifyGet(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const token = url.searchParams.get('token')
    const type = url.searchParams.get('type') as VerifyType | null
    if (!type || !VERIFY_TYPES.includes(type)) throw validation('Verify requires a verification type')
    if (!token) throw validation('Verify requires a token or a token hash')
    const redirectTo = redirects.resolve(url.searchParams.get('redirect_to'), req.headers.referer)
    const target = new URL(redirectTo)
    try {
      const location = await tx(async (db) => {
        const consumed = await consumeToken(db, type, [token], 'Email link is invalid or has expired')
        if (consumed.pendingEmailChange) {
          target.hash = new URLSearchParams({
            message: 'Confirmation link accepted. Please proceed to confirm link sent to the other email',
            sb: '',
          }).toString()
          return target.toString()
        }
        if (consumed.pkce) {
          const method = amrFor(type, consumed.tokenType)
          const { rows } = await db.query<{ id: string; auth_code: string }>(
            `update auth.flow_state set auth_code_issued_at = now(), updated_at = now()
             where id = (select id from auth.flow_state where user_id = $1 and authentication_method = $2 order by created_at desc limit 1)
             returning id, auth_code`,
            [consumed.user.id, method],
          )
          const flow = rows[0]
          if (!flow)
            throw new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found')
          target.searchParams.set('code', flow.auth_code)
          return target.toString()
        }
        const session = (await issueSession(
          db,
          settings,
          consumed.user,
          'otp',
          req.headers['user-agent'],
        )) as Body
        const fragment = new URLSearchParams(
          Object.entries({
            access_token: String(session.access_token),
            expires_at: String(session.expires_at),
            expires_in: String(session.expires_in),
            refresh_token: String(session.refresh_token),
            sb: '',
            token_type: 'bearer',
            type,
          }),
        )
        target.hash = fragment.toString()
        return target.toString()
      })
      redirect(res, 303, location)
    } catch (error) {
      if (!(error instanceof AuthError)) throw error
      const errorName =
        {
          400: 'invalid_request',
          401: 'unauthorized_client',
          403: 'access_denied',
          500: 'server_error',
          503: 'temporarily_unavailable',
        }[error.status] ?? 'server_error'
      const params = new URLSearchParams({
        error: errorName,
        error_code: error.code,
        error_description: error.message,
        sb: '',
      })
      if (token.startsWith('pkce_')) {
        for (const [key, value] of params) if (key !== 'sb') target.searchParams.set(key, value)
      }
      target.hash = params.toString()
      redirect(res, 303, target.toString())
    }
  }

  async function verifyPost(req: IncomingMessage, body: Body): Promise<[number, unknown]> {
    const type = str(body.type) as VerifyType | undefined
    if (!type || !VERIFY_TYPES.includes(type)) throw validation('Verify requires a verification type')
    const tokenHash = str(body.token_hash)
    let hashes: string[]
    let message: string
    if (tokenHash) {
      if (body.email || body.phone) throw validation('Only the token_hash and type should be provided')
      hashes = [tokenHash]
      message = 'Email link is invalid or has expired'
    } else {
      const email = str(body.email)?.trim().toLowerCase()
      const otp = str(body.token)
      if (!email || !otp) throw validation('Verify requires either a token or a token hash')
      const hash = sha224(email + otp)
      hashes = [hash, `pkce_${hash}`]
      message = 'Token has expired or is invalid'
    }
    return tx(async (db) => {
      const consumed = await consumeToken(db, type, hashes, message)
      if (consumed.pendingEmailChange) {
        return [
          200,
          { msg: 'Confirmation link accepted. Please proceed to confirm link sent to the other email' },
        ]
      }
      return [200, await issueSession(db, settings, consumed.user, 'otp', req.headers['user-agent'])]
    })
  }

  async function recover(req: IncomingMessage, url: URL, body: Body): Promise<[number, unknown]> {
    const email = checkEmail(body.email)
    const pkce = checkPkce(body)
    const redirectTo = redirects.resolve(url.searchParams.get('redirect_to'), req.headers.referer)
    return tx(async (db) => {
      const user = await findUserByEmail(db, email)
      if (!user) return [200, {}]
      await sendRecovery(db, user, redirectTo, pkce, 'recovery')
      return [200, {}]
    })
  }

  async function sendRecovery(
    db: pg.ClientBase,
    user: UserRow,
    redirectTo: string,
    pkce: Pkce | undefined,
    kind: 'recovery' | 'magiclink',
  ): Promise<void> {
    checkRateLimit(user.recovery_sent_at)
    const email = user.email as string
    const { otp, stored } = newOtp(email, pkce !== undefined)
    if (pkce) await createFlowState(db, user.id, pkce, kind)
    await db.query(
      'update auth.users set recovery_token = $2, recovery_sent_at = now(), updated_at = now() where id = $1',
      [user.id, stored],
    )
    await storeOneTimeToken(db, user.id, 'recovery_token', stored, email)
    await sendMail(kind === 'recovery' ? 'recovery' : 'magic_link', email, {
      link: mailLink(stored, kind, redirectTo),
      otp,
      tokenHash: stored,
      redirectTo,
      meta: user.raw_user_meta_data ?? {},
    })
  }

  async function otp(req: IncomingMessage, url: URL, body: Body): Promise<[number, unknown]> {
    const email = checkEmail(body.email)
    const pkce = checkPkce(body)
    const createUser = body.create_user !== false
    const redirectTo = redirects.resolve(url.searchParams.get('redirect_to'), req.headers.referer)
    return tx(async (db) => {
      let user = await findUserByEmail(db, email)
      if (!user) {
        if (!createUser || !auth.enable_signup) {
          throw new AuthError(422, 'otp_disabled', 'Signups not allowed for otp')
        }
        checkRateLimit(null)
        user = await insertUser(db, { email, userMeta: obj(body.data) ?? {}, confirmed: false })
        await sendConfirmation(db, user, redirectTo, pkce)
        return [200, {}]
      }
      if (!user.email_confirmed_at) {
        checkRateLimit(user.confirmation_sent_at)
        await sendConfirmation(db, user, redirectTo, pkce)
        return [200, {}]
      }
      await sendRecovery(db, user, redirectTo, pkce, 'magiclink')
      return [200, {}]
    })
  }

  async function resend(req: IncomingMessage, url: URL, body: Body): Promise<[number, unknown]> {
    const email = checkEmail(body.email)
    const type = str(body.type)
    if (type !== 'signup' && type !== 'email_change')
      throw validation('Missing one of these types: signup, email_change')
    const redirectTo = redirects.resolve(url.searchParams.get('redirect_to'), req.headers.referer)
    const pkce = checkPkce(body)
    return tx(async (db) => {
      const user = await findUserByEmail(db, email)
      if (!user || (type === 'signup' && user.email_confirmed_at)) return [200, {}]
      if (type === 'signup') {
        checkRateLimit(user.confirmation_sent_at)
        await sendConfirmation(db, user, redirectTo, pkce)
      }
      return [200, {}]
    })
  }

  async function getUser(req: IncomingMessage): Promise<[number, unknown]> {
    const client = await pool.connect()
    try {
      const { user } = await requireUser(req, client)
      return [200, userJson(user, await identitiesOf(client, user.id))]
    } finally {
      client.release()
    }
  }

  async function updateUser(req: IncomingMessage, url: URL, body: Body): Promise<[number, unknown]> {
    return tx(async (db) => {
      const { user, claims, sessionId } = await requireUser(req, db)
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
        checkPassword(password)
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
        if (await findUserByEmail(db, newEmail)) {
          throw new AuthError(
            422,
            'email_exists',
            'A user with this email address has already been registered',
          )
        }
        checkRateLimit(user.email_change_sent_at)
        const redirectTo = redirects.resolve(url.searchParams.get('redirect_to'), req.headers.referer)
        const pkce = checkPkce(body)
        const forNew = newOtp(newEmail, pkce !== undefined)
        await db.query(
          `update auth.users set email_change = $2, email_change_token_new = $3, email_change_sent_at = now(), email_change_confirm_status = 0, updated_at = now() where id = $1`,
          [user.id, newEmail, forNew.stored],
        )
        await storeOneTimeToken(db, user.id, 'email_change_token_new', forNew.stored, newEmail)
        await sendMail('email_change', newEmail, {
          link: mailLink(forNew.stored, 'email_change', redirectTo),
          otp: forNew.otp,
          tokenHash: forNew.stored,
          redirectTo,
          newEmail,
          meta: user.raw_user_meta_data ?? {},
        })
        if (auth.email.double_confirm_changes && user.email) {
          const forCurrent = newOtp(user.email, pkce !== undefined)
          await db.query('update auth.users set email_change_token_current = $2 where id = $1', [
            user.id,
            forCurrent.stored,
          ])
          await storeOneTimeToken(db, user.id, 'email_change_token_current', forCurrent.stored, user.email)
          await sendMail('email_change', user.email, {
            link: mailLink(forCurrent.stored, 'email_change', redirectTo),
            otp: forCurrent.otp,
            tokenHash: forCurrent.stored,
            redirectTo,
            newEmail,
            meta: user.raw_user_meta_data ?? {},
          })
        }
      }
      void claims
      const fresh = (await findUserById(db, user.id)) as UserRow
      return [200, userJson(fresh, await identitiesOf(db, user.id))]
    })
  }

  async function logout(req: IncomingMessage, url: URL): Promise<[number, unknown]> {
    const scope = url.searchParams.get('scope') ?? 'global'
    if (!['global', 'local', 'others'].includes(scope)) {
      throw validation(`Unsupported logout scope "${scope}"`)
    }
    return tx(async (db) => {
      const { user, sessionId } = await requireUser(req, db)
      if (scope === 'global' || !sessionId) {
        await db.query('delete from auth.sessions where user_id = $1', [user.id])
      } else if (scope === 'local') {
        await db.query('delete from auth.sessions where id = $1', [sessionId])
      } else {
        await db.query('delete from auth.sessions where user_id = $1 and id <> $2', [user.id, sessionId])
      }
      return [204, undefined]
    })
  }

  async function adminCreateUser(body: Body): Promise<[number, unknown]> {
    const email = checkEmail(body.email)
    const id = str(body.id)
    if (id !== undefined && !UUID_RE.test(id)) throw validation('id must be a UUID')
    return tx(async (db) => {
      if (await findUserByEmail(db, email)) {
        throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered')
      }
      const user = await insertUser(db, {
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
      return [200, userJson(fresh, await identitiesOf(db, user.id))]
    })
  }

  async function adminUpdateUser(id: string, body: Body): Promise<[number, unknown]> {
    return tx(async (db) => {
      const user = await findUserById(db, id)
      if (!user) throw new AuthError(404, 'user_not_found', 'User not found')
      const sets: string[] = []
      const params: unknown[] = [id]
      const set = (sql: string, value: unknown) => {
        params.push(value)
        sets.push(sql.replace('?', `$${params.length}`))
      }
      if (body.email !== undefined) {
        const email = checkEmail(body.email)
        const other = await findUserByEmail(db, email)
        if (other && other.id !== id) {
          throw new AuthError(
            422,
            'email_exists',
            'A user with this email address has already been registered',
          )
        }
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
      if (ban !== undefined) {
        if (ban === 'none') sets.push('banned_until = null')
        else {
          const match = /^(\d+)(h|m|s)$/.exec(ban)
          if (!match) throw validation('invalid format for ban duration')
          const seconds = Number(match[1]) * { h: 3600, m: 60, s: 1 }[match[2] as 'h' | 'm' | 's']
          set('banned_until = now() + make_interval(secs => ?)', seconds)
        }
      }
      if (sets.length > 0) {
        await db.query(`update auth.users set ${sets.join(', ')}, updated_at = now() where id = $1`, params)
      }
      const fresh = (await findUserById(db, id)) as UserRow
      return [200, userJson(fresh, await identitiesOf(db, id))]
    })
  }

  async function adminListUsers(url: URL): Promise<[number, unknown, Record<string, string>]> {
    const page = Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1)
    const perPage = Math.min(
      1000,
      Math.max(1, Number.parseInt(url.searchParams.get('per_page') ?? '50', 10) || 50),
    )
    const client = await pool.connect()
    try {
      const total = await client.query<{ n: string }>(
        `select count(*) as n from auth.users where instance_id = $1`,
        [INSTANCE_ID],
      )
      const { rows } = await client.query<UserRow>(
        'select * from auth.users where instance_id = $1 order by created_at desc limit $2 offset $3',
        [INSTANCE_ID, perPage, (page - 1) * perPage],
      )
      const users = []
      for (const row of rows) users.push(userJson(row, await identitiesOf(client, row.id)))
      const count = Number(total.rows[0]?.n ?? 0)
      const last = Math.max(1, Math.ceil(count / perPage))
      const link = `</admin/users?page=${last}&per_page=${perPage}>; rel="last"`
      return [200, { users, aud: 'authenticated' }, { 'X-Total-Count': String(count), Link: link }]
    } finally {
      client.release()
    }
  }

  async function invite(req: IncomingMessage, url: URL, body: Body): Promise<[number, unknown]> {
    const email = checkEmail(body.email)
    const redirectTo = redirects.resolve(
      url.searchParams.get('redirect_to') ?? str(body.redirect_to),
      req.headers.referer,
    )
    return tx(async (db) => {
      let user = await findUserByEmail(db, email)
      if (user?.email_confirmed_at) {
        throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered')
      }
      if (!user) user = await insertUser(db, { email, userMeta: obj(body.data) ?? {}, confirmed: false })
      checkRateLimit(null)
      await sendConfirmation(db, user, redirectTo, undefined, 'invite')
      const fresh = (await findUserById(db, user.id)) as UserRow
      return [200, userJson(fresh, await identitiesOf(db, user.id))]
    })
  }

  async function generateLink(req: IncomingMessage, body: Body): Promise<[number, unknown]> {
    let type = str(body.type)
    const email = checkEmail(body.email)
    const redirectTo = redirects.resolve(str(body.redirect_to), req.headers.referer)
    const allowed = ['signup', 'invite', 'magiclink', 'recovery', 'email_change_current', 'email_change_new']
    if (!type || !allowed.includes(type)) throw validation('Invalid email action link type requested')
    return tx(async (db) => {
      let user = await findUserByEmail(db, email)
      if (type === 'magiclink' && !user) type = 'signup'
      if (type === 'recovery' && !user)
        throw new AuthError(404, 'user_not_found', 'User with this email not found')
      const { otp, hash } = newOtp(email, false)
      let tokenKind:
        | 'confirmation_token'
        | 'recovery_token'
        | 'email_change_token_new'
        | 'email_change_token_current'
      let verificationType = type as string
      if (type === 'signup') {
        const password = str(body.password)
        if (!password) throw validation('Signup requires a valid password')
        if (user?.email_confirmed_at) {
          throw new AuthError(
            422,
            'email_exists',
            'A user with this email address has already been registered',
          )
        }
        if (!user)
          user = await insertUser(db, { email, password, userMeta: obj(body.data) ?? {}, confirmed: false })
        tokenKind = 'confirmation_token'
        await db.query(
          'update auth.users set confirmation_token = $2, confirmation_sent_at = now() where id = $1',
          [user.id, hash],
        )
      } else if (type === 'invite') {
        if (user?.email_confirmed_at) {
          throw new AuthError(
            422,
            'email_exists',
            'A user with this email address has already been registered',
          )
        }
        if (!user) user = await insertUser(db, { email, userMeta: obj(body.data) ?? {}, confirmed: false })
        tokenKind = 'confirmation_token'
        await db.query(
          'update auth.users set confirmation_token = $2, confirmation_sent_at = now(), invited_at = now() where id = $1',
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
      const fresh = (await findUserById(db, target.id)) as UserRow
      return [
        200,
        {
          ...userJson(fresh, await identitiesOf(db, target.id)),
          action_link: mailLink(hash, verificationType, redirectTo),
          email_otp: otp,
          hashed_token: hash,
          verification_type: verificationType,
          redirect_to: redirectTo,
        },
      ]
    })
  }

  function settingsBody(): unknown {
    const providers = [
      'apple',
      'azure',
      'bitbucket',
      'discord',
      'facebook',
      'figma',
      'github',
      'gitlab',
      'google',
      'keycloak',
      'kakao',
      'linkedin',
      'linkedin_oidc',
      'notion',
      'spotify',
      'slack',
      'slack_oidc',
      'workos',
      'twitch',
      'twitter',
      'x',
      'zoom',
    ]
    return {
      external: {
        anonymous_users: auth.enable_anonymous_sign_ins,
        email: true,
        phone: false,
        ...Object.fromEntries(providers.map((name) => [name, false])),
      },
      disable_signup: !auth.enable_signup,
      mailer_autoconfirm: autoconfirm,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
      saml_private_key_next_configured: false,
      passkeys_enabled: false,
    }
  }

  async function route(req: IncomingMessage, res: ServerResponse, path: string, url: URL): Promise<void> {
    const method = req.method ?? 'GET'
    const readJsonBody = async (): Promise<Body> => {
      let raw: Buffer
      try {
        raw = await readBody(req)
      } catch (error) {
        if (error instanceof BodyTooLargeError) {
          throw new AuthError(413, 'request_entity_too_large', 'Request body too large')
        }
        throw error
      }
      const parsed = parseJson(raw)
      if (!parsed.ok) throw badJson()
      if (parsed.value === undefined) return {}
      const value = obj(parsed.value)
      if (!value) throw badJson()
      return value
    }
    const send = (result: [number, unknown, Record<string, string>?]) => {
      const [status, body, headers] = result
      if (status === 204) sendEmpty(res, 204)
      else sendJson(res, status, body, headers)
    }

    if (method === 'GET' && path === '/health') {
      return send([
        200,
        {
          version: 'v2.189.0-local',
          name: 'GoTrue',
          description: 'GoTrue is a user registration and authentication API',
        },
      ])
    }
    if (method === 'GET' && path === '/settings') return send([200, settingsBody()])
    if (method === 'GET' && path === '/.well-known/jwks.json') {
      return send([200, PUBLIC_JWKS, { 'Cache-Control': 'public, max-age=600' }])
    }
    if (method === 'POST' && path === '/signup') return send(await signup(req, url, await readJsonBody()))
    if (method === 'POST' && path === '/token') return send(await token(req, url, await readJsonBody()))
    if (method === 'GET' && path === '/verify') return verifyGet(req, res, url)
    if (method === 'POST' && path === '/verify') return send(await verifyPost(req, await readJsonBody()))
    if (method === 'POST' && path === '/recover') return send(await recover(req, url, await readJsonBody()))
    if (method === 'POST' && (path === '/otp' || path === '/magiclink'))
      return send(await otp(req, url, await readJsonBody()))
    if (method === 'POST' && path === '/resend') return send(await resend(req, url, await readJsonBody()))
    if (method === 'GET' && path === '/user') return send(await getUser(req))
    if (method === 'PUT' && path === '/user') return send(await updateUser(req, url, await readJsonBody()))
    if (method === 'POST' && path === '/logout') return send(await logout(req, url))
    if (method === 'POST' && path === '/invite') {
      await requireAdmin(req)
      return send(await invite(req, url, await readJsonBody()))
    }
    if (path === '/admin/generate_link' && method === 'POST') {
      await requireAdmin(req)
      return send(await generateLink(req, await readJsonBody()))
    }
    if (path === '/admin/users') {
      await requireAdmin(req)
      if (method === 'GET') return send(await adminListUsers(url))
      if (method === 'POST') return send(await adminCreateUser(await readJsonBody()))
    }
    const adminUser = /^\/admin\/users\/([^/]+)$/.exec(path)
    if (adminUser) {
      await requireAdmin(req)
      const id = decodeURIComponent(adminUser[1] as string)
      if (!UUID_RE.test(id)) throw new AuthError(404, 'user_not_found', 'User not found')
      if (method === 'GET') {
        const client = await pool.connect()
        try {
          const user = await findUserById(client, id)
          if (!user) throw new AuthError(404, 'user_not_found', 'User not found')
          return send([200, userJson(user, await identitiesOf(client, id))])
        } finally {
          client.release()
        }
      }
      if (method === 'PUT') return send(await adminUpdateUser(id, await readJsonBody()))
      if (method === 'DELETE') {
        await readJsonBody()
        return send(
          await tx(async (db) => {
            const { rowCount } = await db.query('delete from auth.users where id = $1', [id])
            if (!rowCount) throw new AuthError(404, 'user_not_found', 'User not found')
            return [200, {}] as [number, unknown]
          }),
        )
      }
    }
    throw new AuthError(404, 'not_found', 'Not Found')
  }

  return {
    async handle(req: IncomingMessage, res: ServerResponse, path: string, url: URL): Promise<void> {
      try {
        await route(req, res, path, url)
      } catch (error) {
        if (error instanceof AuthError || error instanceof OAuthError) {
          sendAuthError(req, res, error)
          return
        }
        log.error(`auth ${req.method} ${path}: ${(error as Error).stack ?? String(error)}`)
        sendAuthError(
          req,
          res,
          new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs'),
        )
      }
    },
    close: () => pool.end(),
  }
}

export type AuthService = ReturnType<typeof createAuthService>
