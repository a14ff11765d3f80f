/*
 * `/token` (password, refresh token and PKCE code grants) and `/logout`: where sessions begin,
 * renew and end. Session rows and tokens themselves are made in sessions.ts.
 */
import { createHash } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import bcrypt from 'bcryptjs'
import { spendPasswordCheck } from './account-privacy.js'
import { type AuthContext, type Body, callerAddress, type Reply, str, UUID_RE } from './context.js'
import { AuthError, OAuthError, validation } from './errors.js'
import { idTokenGrant, web3Grant } from './external-grants.js'
import { requireUser } from './guards.js'
import { issueSession, refreshSession } from './sessions.js'
import { findUserByEmail, findUserById, isBanned } from './users.js'
import { checkPassword, EMAIL_MAX } from './validate.js'

const FLOW_STATE_EXPIRY_MS = 300_000

async function passwordGrant(ctx: AuthContext, req: IncomingMessage, body: Body): Promise<Reply> {
  const password = str(body.password) ?? ''
  if (body.phone && !body.email)
    throw new AuthError(400, 'phone_provider_disabled', 'Phone logins are disabled')
  const email = str(body.email)?.trim().toLowerCase() ?? ''
  ctx.signInLimits.attempt(callerAddress(req))
  // No longer key than an address can be, so a flood of huge ones cannot fill memory.
  const account = email.slice(0, EMAIL_MAX + 1)
  ctx.signInLimits.checkAccount(account)
  return ctx.tx(async (db) => {
    const user = email && email.length <= EMAIL_MAX ? await findUserByEmail(db, email) : undefined
    const invalid = new AuthError(400, 'invalid_credentials', 'Invalid login credentials')
    if (!user?.encrypted_password) {
      await spendPasswordCheck(password)
      ctx.signInLimits.failed(account)
      throw invalid
    }
    if (isBanned(user)) throw new AuthError(400, 'user_banned', 'User is banned')
    if (!(await bcrypt.compare(password, user.encrypted_password))) {
      ctx.signInLimits.failed(account)
      throw invalid
    }
    if (!user.email_confirmed_at) throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed')
    const session = await issueSession(db, ctx.settings, user, 'password', req.headers['user-agent'])
    // A password the policy would now refuse still signs in; the answer says why it is weak.
    try {
      checkPassword(password, ctx.auth)
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

async function refreshTokenGrant(ctx: AuthContext, body: Body): Promise<Reply> {
  const presented = str(body.refresh_token)
  if (!presented) throw new OAuthError(400, 'invalid_request', 'refresh_token required')
  return ctx.withClient(async (client) => {
    try {
      await client.query('begin')
      const result = await refreshSession(client, ctx.settings, presented)
      // A detected reuse revokes the whole family, and that revocation must stick.
      await client.query('commit')
      if (result instanceof AuthError) throw result
      return [200, result]
    } catch (error) {
      await client.query('rollback')
      throw error
    }
  })
}

interface FlowStateRow {
  id: string
  user_id: string
  code_challenge: string
  code_challenge_method: string
  authentication_method: string
  created_at: Date
  auth_code_issued_at: Date | null
}

async function pkceGrant(ctx: AuthContext, req: IncomingMessage, body: Body): Promise<Reply> {
  const authCode = str(body.auth_code)
  const verifier = str(body.code_verifier)
  if (!authCode || !verifier) {
    throw validation('invalid request: both auth code and code verifier should be non-empty')
  }
  return ctx.tx(async (db) => {
    const { rows } = await db.query<FlowStateRow>('select * from auth.flow_state where auth_code = $1', [
      UUID_RE.test(authCode) ? authCode : '',
    ])
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
      await issueSession(db, ctx.settings, user, flow.authentication_method, req.headers['user-agent']),
    ]
  })
}

export async function token(ctx: AuthContext, req: IncomingMessage, url: URL, body: Body): Promise<Reply> {
  const grant = url.searchParams.get('grant_type')
  if (grant === 'password') return passwordGrant(ctx, req, body)
  if (grant === 'refresh_token') return refreshTokenGrant(ctx, body)
  if (grant === 'pkce') return pkceGrant(ctx, req, body)
  if (grant === 'id_token') idTokenGrant(body)
  if (grant === 'web3') web3Grant()
  throw new AuthError(400, 'invalid_credentials', 'unsupported_grant_type')
}

export async function logout(ctx: AuthContext, req: IncomingMessage, url: URL): Promise<Reply> {
  const scope = url.searchParams.get('scope') ?? 'global'
  if (!['global', 'local', 'others'].includes(scope)) {
    throw validation(`Unsupported logout scope "${scope}"`)
  }
  return ctx.tx(async (db) => {
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
