/*
 * The auth API (GoTrue's, as supabase-js and @supabase/ssr call it): this file only routes. The
 * endpoints live by concern: sign-in.ts (tokens, sessions, logout), mail-flows.ts (sign-up,
 * recovery, magic link, resend), verify.ts (mailed links and codes), account.ts (`/user`),
 * admin.ts (service-role endpoints), mfa.ts and mfa-admin.ts (factors), anonymous.ts (anonymous
 * sign-ins), reauthenticate.ts (nonces for a password change); disabled.ts and external-grants.ts
 * answer the features left off (SSO, passkeys, OAuth server, manual linking, Web3, ID tokens) as
 * GoTrue does when a project has them off; rate-limit.ts and account-privacy.ts hold the limits.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { PUBLIC_JWKS } from '../config/keys.js'
import { BodyTooLargeError, parseJson, readBody, sendEmpty, sendJson } from '../lib/http.js'
import { getUser, updateUser } from './account.js'
import {
  createUser,
  deleteUser,
  generateLink,
  getUserById,
  invite,
  listUsers,
  updateUserById,
} from './admin.js'
import { createAnonymousSignIns, isAnonymousSignUp } from './anonymous.js'
import {
  type AuthContext,
  type AuthServiceOptions,
  type Body,
  createAuthContext,
  obj,
  type Reply,
  UUID_RE,
} from './context.js'
import { disabledFeatureRoute } from './disabled.js'
import { AuthError, badJson, OAuthError, sendAuthError } from './errors.js'
import { requireAdmin } from './guards.js'
import { otp, recover, resend, signup } from './mail-flows.js'
import { mfaRoute } from './mfa.js'
import { adminFactorRoute } from './mfa-admin.js'
import { reauthenticate } from './reauthenticate.js'
import { logout, token } from './sign-in.js'
import { verifyGet, verifyPost } from './verify.js'

export type { AuthServiceOptions } from './context.js'

const HEALTH = {
  version: 'v2.189.0-local',
  name: 'GoTrue',
  description: 'GoTrue is a user registration and authentication API',
}

const EXTERNAL_PROVIDERS = [
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

/** `/settings`: only email sign-in is on; every other provider is listed as off. */
function settingsBody(ctx: AuthContext): unknown {
  return {
    external: {
      anonymous_users: ctx.auth.enable_anonymous_sign_ins,
      email: true,
      phone: false,
      ...Object.fromEntries(EXTERNAL_PROVIDERS.map((name) => [name, false])),
    },
    disable_signup: !ctx.auth.enable_signup,
    mailer_autoconfirm: ctx.autoconfirm,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
    saml_private_key_next_configured: false,
    passkeys_enabled: false,
  }
}

/** The request's JSON object body; an empty body is `{}`. */
async function readJsonBody(req: IncomingMessage): Promise<Body> {
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

function send(res: ServerResponse, [status, body, headers]: Reply): void {
  if (status === 204) sendEmpty(res, 204)
  else sendJson(res, status, body, headers)
}

/** `/admin/users/:id`; the caller is already known to be an admin. */
async function adminUserRoute(
  ctx: AuthContext,
  req: IncomingMessage,
  rawId: string,
): Promise<Reply | undefined> {
  const id = decodeURIComponent(rawId)
  if (!UUID_RE.test(id)) throw new AuthError(404, 'user_not_found', 'User not found')
  const method = req.method ?? 'GET'
  if (method === 'GET') return getUserById(ctx, id)
  if (method === 'PUT') return updateUserById(ctx, id, await readJsonBody(req))
  if (method === 'DELETE') {
    await readJsonBody(req)
    return deleteUser(ctx, id)
  }
  return undefined
}

type AnonymousSignUp = ReturnType<typeof createAnonymousSignIns>

async function signupRoute(
  ctx: AuthContext,
  signUpAnonymously: AnonymousSignUp,
  req: IncomingMessage,
  url: URL,
): Promise<Reply> {
  const body = await readJsonBody(req)
  if (isAnonymousSignUp(body)) return signUpAnonymously(req, body)
  return signup(ctx, req, url, body)
}

async function route(
  ctx: AuthContext,
  signUpAnonymously: AnonymousSignUp,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  url: URL,
) {
  const method = req.method ?? 'GET'
  const at = (m: string, p: string) => method === m && path === p
  if (at('GET', '/health')) return send(res, [200, HEALTH])
  if (at('GET', '/settings')) return send(res, [200, settingsBody(ctx)])
  if (at('GET', '/.well-known/jwks.json')) {
    return send(res, [200, PUBLIC_JWKS, { 'Cache-Control': 'public, max-age=600' }])
  }
  if (at('POST', '/signup')) return send(res, await signupRoute(ctx, signUpAnonymously, req, url))
  if (at('POST', '/token')) return send(res, await token(ctx, req, url, await readJsonBody(req)))
  if (at('GET', '/verify')) return verifyGet(ctx, req, res, url)
  if (at('POST', '/verify')) return send(res, await verifyPost(ctx, req, await readJsonBody(req)))
  if (at('POST', '/recover')) return send(res, await recover(ctx, req, url, await readJsonBody(req)))
  if (at('POST', '/otp') || at('POST', '/magiclink')) {
    return send(res, await otp(ctx, req, url, await readJsonBody(req)))
  }
  if (at('POST', '/resend')) return send(res, await resend(ctx, req, url, await readJsonBody(req)))
  if (at('GET', '/user')) return send(res, await getUser(ctx, req))
  if (at('PUT', '/user')) return send(res, await updateUser(ctx, req, url, await readJsonBody(req)))
  if (at('POST', '/logout')) return send(res, await logout(ctx, req, url))
  if (at('GET', '/reauthenticate')) return send(res, await reauthenticate(ctx, req))
  if (path.startsWith('/factors')) {
    const reply = await mfaRoute(ctx, req, path, () => readJsonBody(req))
    if (reply) return send(res, reply)
  }
  if (at('POST', '/invite')) {
    await requireAdmin(req)
    return send(res, await invite(ctx, req, url, await readJsonBody(req)))
  }
  if (at('POST', '/admin/generate_link')) {
    await requireAdmin(req)
    return send(res, await generateLink(ctx, req, await readJsonBody(req)))
  }
  if (path === '/admin/users') {
    await requireAdmin(req)
    if (method === 'GET') return send(res, await listUsers(ctx, url))
    if (method === 'POST') return send(res, await createUser(ctx, await readJsonBody(req)))
  }
  if (/^\/admin\/users\/[^/]+\/factors/.test(path)) {
    await requireAdmin(req)
    const reply = await adminFactorRoute(ctx, req, path, () => readJsonBody(req))
    if (reply) return send(res, reply)
  }
  const adminUser = /^\/admin\/users\/([^/]+)$/.exec(path)
  if (adminUser) {
    await requireAdmin(req)
    const reply = await adminUserRoute(ctx, req, adminUser[1] as string)
    if (reply) return send(res, reply)
  }
  const disabled = await disabledFeatureRoute(ctx, req, path)
  if (disabled) return send(res, disabled)
  throw new AuthError(404, 'not_found', 'Not Found')
}

export function createAuthService(options: AuthServiceOptions) {
  const ctx = createAuthContext(options)
  const signUpAnonymously = createAnonymousSignIns(ctx)
  return {
    async handle(req: IncomingMessage, res: ServerResponse, path: string, url: URL): Promise<void> {
      try {
        await route(ctx, signUpAnonymously, req, res, path, url)
      } catch (error) {
        if (error instanceof AuthError || error instanceof OAuthError) {
          sendAuthError(req, res, error)
          return
        }
        ctx.log.error(`auth ${req.method} ${path}: ${(error as Error).stack ?? String(error)}`)
        sendAuthError(
          req,
          res,
          new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs'),
        )
      }
    },
    close: () => ctx.pool.end(),
  }
}

export type AuthService = ReturnType<typeof createAuthService>
