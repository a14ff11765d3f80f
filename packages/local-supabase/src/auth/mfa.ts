/*
 * `/factors`: GoTrue's MFA API as auth-js's `mfa.*` calls it (enroll, challenge, verify,
 * unenroll). TOTP is the one factor type served; phone and WebAuthn answer as GoTrue does when
 * their config switches are off. Tables are in mfa-store.ts, the session upgrade in sessions.ts.
 */

import type { IncomingMessage } from 'node:http'
import { isIP } from 'node:net'
import pg from 'pg'
import { z } from 'zod'
import { type AuthContext, type Body, callerAddress, type Reply, UUID_RE } from './context.js'
import { AuthError, badJson, validation } from './errors.js'
import { requireUser } from './guards.js'
import {
  deleteChallenge,
  deleteExpiredFactors,
  deleteFactor,
  deleteUnverifiedFactors,
  type FactorRow,
  type FactorType,
  factorsOf,
  findChallenge,
  findOwnedFactor,
  insertChallenge,
  insertFactor,
  lockFactor,
  markChallengeVerified,
  markFactorVerified,
  nameConflict,
  totpStepSpent,
} from './mfa-store.js'
import { qrSvg } from './qr-svg.js'
import { downgradeSessions, elevateSession, endSessionsBelowAal2 } from './sessions.js'
import { matchTotp, newTotpSecret, otpauthUri } from './totp.js'
import { findUserById, type UserRow } from './users.js'

/** GoTrue's defaults; the CLI's config.toml has no keys for them. */
const CHALLENGE_EXPIRY_SECONDS = 300
const UNVERIFIED_FACTOR_EXPIRY_SECONDS = 300
const MAX_VERIFIED_FACTORS = 10

/** Go decodes JSON null into a string field as "", and any other non-string as an error. */
const goString = z
  .string()
  .nullish()
  .transform((value) => value ?? '')

const enrollSchema = z.object({
  friendly_name: goString,
  factor_type: goString,
  issuer: goString,
  phone: goString,
})

const UUID36 = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'
const GO_UUID = new RegExp(`^(?:${UUID36}|[0-9a-f]{32}|\\{${UUID36}\\}|urn:uuid:${UUID36})$`, 'i')

/** gofrs/uuid's text forms (canonical, bare hex, braced, urn); null leaves the zero UUID. */
const goUuid = z
  .string()
  .nullish()
  .transform((value, ctx) => {
    if (value === null || value === undefined) return '00000000-0000-0000-0000-000000000000'
    if (!GO_UUID.test(value)) {
      ctx.addIssue({ code: 'custom', message: 'not a UUID' })
      return z.NEVER
    }
    const hex = value
      .replace(/^urn:uuid:/i, '')
      .replace(/[{}-]/g, '')
      .toLowerCase()
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
  })

const verifySchema = z.object({ challenge_id: goUuid, code: goString })
/** GoTrue reads no parameters for a TOTP challenge; only an object is required. */
const challengeSchema = z.looseObject({})

function parse<T extends z.ZodType>(schema: T, body: Body): z.output<T> {
  const result = schema.safeParse(body)
  if (!result.success) throw badJson()
  return result.data
}

const disabled = {
  enroll: {
    totp: ['mfa_totp_enroll_not_enabled', 'MFA enroll is disabled for TOTP'],
    phone: ['mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone'],
    webauthn: ['mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn'],
  },
  verify: {
    totp: ['mfa_totp_verify_not_enabled', 'MFA verification is disabled for TOTP'],
    phone: ['mfa_phone_verify_not_enabled', 'MFA verification is disabled for Phone'],
    webauthn: ['mfa_webauthn_verify_not_enabled', 'MFA verification is disabled for WebAuthn'],
  },
} as const

/**
 * TOTP is served when its switch is on. Phone and WebAuthn are not implemented here, so they
 * answer GoTrue's "disabled" error even when config.toml switches them on (logged once).
 */
function requireEnabled(ctx: AuthContext, action: 'enroll' | 'verify', type: FactorType): void {
  const switches = { totp: ctx.auth.mfa.totp, phone: ctx.auth.mfa.phone, webauthn: ctx.auth.mfa.web_authn }
  const on = action === 'enroll' ? switches[type].enroll_enabled : switches[type].verify_enabled
  if (on && type === 'totp') return
  if (on) warnUnsupported(ctx, type)
  const [code, message] = disabled[action][type]
  throw new AuthError(422, code, message)
}

const warned = new Set<string>()
function warnUnsupported(ctx: AuthContext, type: string): void {
  if (warned.has(type)) return
  warned.add(type)
  ctx.log.warn(`[auth.mfa] ${type} factors are enabled in config.toml but not served by local-supabase`)
}

interface Caller {
  user: UserRow
  sessionId: string
  aal: string | null
}

/** requireAuthentication + requireNotAnonymous, plus the session row whose AAL GoTrue checks. */
async function requireCaller(req: IncomingMessage, db: pg.ClientBase): Promise<Caller> {
  const { user, claims, sessionId } = await requireUser(req, db)
  if (claims.is_anonymous === true) {
    throw new AuthError(403, 'no_authorization', 'Anonymous user not allowed to perform these actions')
  }
  // GoTrue answers a session-less token here with a 500; a 403 keeps every input below 5xx.
  if (!sessionId) {
    throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist')
  }
  const { rows } = await db.query<{ aal: string | null }>('select aal from auth.sessions where id = $1', [
    sessionId,
  ])
  return { user, sessionId, aal: rows[0]?.aal ?? null }
}

/** A path segment as text; a malformed escape is simply not a UUID. */
export function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/** GoTrue's loadFactor: another user's factor is as unknown as a missing one. */
export async function loadFactor(db: pg.ClientBase, userId: string, rawId: string): Promise<FactorRow> {
  const id = safeDecode(rawId)
  if (!UUID_RE.test(id)) throw new AuthError(404, 'validation_failed', 'factor_id must be an UUID')
  const factor = await findOwnedFactor(db, userId, id.toLowerCase())
  if (!factor) throw new AuthError(404, 'mfa_factor_not_found', 'Factor not found')
  return factor
}

/** A client address Postgres can store as inet; a vanished socket has none. */
const clientIp = (req: IncomingMessage) => {
  const address = callerAddress(req)
  return isIP(address) ? address : '0.0.0.0'
}

const tooMany = () =>
  new AuthError(
    422,
    'too_many_enrolled_mfa_factors',
    'Maximum number of verified factors reached, unenroll to continue',
  )

/** GoTrue's validateFactors, run before any new factor is stored. */
async function checkCanEnroll(ctx: AuthContext, db: pg.ClientBase, caller: Caller, name: string) {
  await deleteExpiredFactors(db, UNVERIFIED_FACTOR_EXPIRY_SECONDS)
  const factors = await factorsOf(db, caller.user.id)
  // An unnamed factor is stored as "", so a second unnamed one conflicts too, as in GoTrue.
  if (factors.some((factor) => (factor.friendly_name ?? '') === name)) throw nameConflict(name)
  const verified = factors.filter((factor) => factor.status === 'verified').length
  if (factors.length >= ctx.auth.mfa.max_enrolled_factors || verified >= MAX_VERIFIED_FACTORS) throw tooMany()
  if (verified > 0 && caller.aal !== 'aal2') {
    throw new AuthError(403, 'insufficient_aal', 'AAL2 required to enroll a new factor')
  }
}

async function enroll(ctx: AuthContext, req: IncomingMessage, readBody: () => Promise<Body>): Promise<Reply> {
  return ctx.tx(async (db) => {
    const caller = await requireCaller(req, db)
    const params = parse(enrollSchema, await readBody())
    const type = params.factor_type
    if (type !== 'totp' && type !== 'phone' && type !== 'webauthn') {
      throw validation('factor_type needs to be totp, phone, or webauthn')
    }
    requireEnabled(ctx, 'enroll', type)
    checkFriendlyName(params.friendly_name)
    const issuer = params.issuer || new URL(ctx.auth.site_url).host
    const account = caller.user.email ?? ''
    if (!issuer || !account) throw new AuthError(500, 'unexpected_failure', 'Error generating QR Code')
    await checkCanEnroll(ctx, db, caller, params.friendly_name)
    const secret = newTotpSecret()
    const uri = otpauthUri(issuer, account, secret)
    const qrCode = enrollmentQr(uri)
    const factor = await insertFactor(db, {
      userId: caller.user.id,
      friendlyName: params.friendly_name,
      type: 'totp',
      secret,
    })
    return [
      200,
      {
        id: factor.id,
        type: 'totp',
        friendly_name: factor.friendly_name ?? '',
        totp: { qr_code: qrCode, secret, uri },
      },
    ]
  })
}

async function challenge(
  ctx: AuthContext,
  req: IncomingMessage,
  rawId: string,
  readBody: () => Promise<Body>,
): Promise<Reply> {
  return ctx.tx(async (db) => {
    const caller = await requireCaller(req, db)
    const factor = await loadFactor(db, caller.user.id, rawId)
    // As GoTrue's router: the limiter runs after authentication and loading the factor.
    ctx.mfaLimits.challenge.take(callerAddress(req))
    requireEnabled(ctx, 'verify', factor.factor_type)
    parse(challengeSchema, await readBody())
    const row = await insertChallenge(db, factor.id, clientIp(req))
    const expiresAt = Math.floor(row.created_at.getTime() / 1000) + CHALLENGE_EXPIRY_SECONDS
    return [200, { id: row.id, type: factor.factor_type, expires_at: expiresAt }]
  })
}

/**
 * Postgres cannot store NUL in text, and a unique index entry tops out near 2.7 kB; GoTrue lets
 * both fail as 500s. Here they are a 400, so no request body can reach a 5xx.
 */
const FRIENDLY_NAME_MAX_BYTES = 1024

export function checkFriendlyName(name: string): void {
  if (name.includes('\u0000')) throw validation('friendly_name cannot contain NUL characters')
  if (Buffer.byteLength(name) > FRIENDLY_NAME_MAX_BYTES) {
    throw validation(`friendly_name cannot be longer than ${FRIENDLY_NAME_MAX_BYTES} bytes`)
  }
}

/** The QR code holds at most ~1.2 kB at GoTrue's error correction; a longer issuer cannot fit. */
function enrollmentQr(uri: string): string {
  try {
    return qrSvg(uri)
  } catch (error) {
    throw validation(`Error generating QR Code: ${(error as Error).message}`)
  }
}

const verificationFailed = () => new AuthError(422, 'mfa_verification_failed', 'Invalid TOTP code entered')

const hookOutputSchema = z.object({
  decision: z.enum(['continue', 'reject']).optional(),
  message: z.string().optional(),
})

/**
 * GoTrue's MFA verification attempt hook (`[auth.hook.mfa_verification_attempt]`): after the code
 * is checked, right or wrong, the Postgres function is called as `supabase_auth_admin` with
 * `{factor_id, factor_type, user_id, valid}`; `{"decision": "reject"}` ends every session of the
 * user and answers 403 `mfa_verification_rejected` with the hook's message (GoTrue's default when
 * it gives none). A hook that fails or answers something else is a 500, as in GoTrue.
 */
async function mfaVerificationHook(
  ctx: AuthContext,
  db: pg.PoolClient,
  event: { factor_id: string; factor_type: string; user_id: string; valid: boolean },
): Promise<AuthError | undefined> {
  const hook = ctx.auth.hook.mfa_verification_attempt
  if (!hook?.enabled || !hook.uri) return undefined
  const [schema, fn] = hook.uri.replace('pg-functions://postgres/', '').split('/')
  let output: z.infer<typeof hookOutputSchema>
  try {
    await db.query('savepoint mfa_hook')
    await db.query('set local role supabase_auth_admin')
    const { rows } = await db.query<{ output: unknown }>(
      `select ${pg.escapeIdentifier(schema ?? '')}.${pg.escapeIdentifier(fn ?? '')}($1::jsonb) as output`,
      [JSON.stringify(event)],
    )
    await db.query('reset role')
    await db.query('release savepoint mfa_hook')
    output = hookOutputSchema.parse(rows[0]?.output)
  } catch (error) {
    ctx.log.warn(`auth hook mfa_verification_attempt failed: ${(error as Error).message}`)
    throw new AuthError(500, 'unexpected_failure', `Error running hook URI: ${hook.uri}`)
  }
  if (output.decision !== 'reject') return undefined
  await db.query('delete from auth.sessions where user_id = $1', [event.user_id])
  return new AuthError(
    403,
    'mfa_verification_rejected',
    output.message || 'Further MFA verification attempts will be rejected.',
  )
}

async function verify(
  ctx: AuthContext,
  req: IncomingMessage,
  rawId: string,
  readBody: () => Promise<Body>,
): Promise<Reply> {
  // An expired challenge is deleted and still refused: that refusal must not roll the delete back.
  const outcome = await ctx.tx(async (db): Promise<Reply | AuthError> => {
    const caller = await requireCaller(req, db)
    const factor = await loadFactor(db, caller.user.id, rawId)
    // Before the code is looked at, so past the limit the right code is refused like any other.
    // A wrong code leaves the challenge usable, as in GoTrue; this limit is what bounds guessing.
    ctx.mfaLimits.verify.take(callerAddress(req))
    const params = parse(verifySchema, await readBody())
    if (params.code === '') throw validation('Code needs to be non-empty')
    requireEnabled(ctx, 'verify', factor.factor_type)
    await lockFactor(db, factor.id)
    const found = await findChallenge(db, factor.id, params.challenge_id, clientIp(req))
    if (!found) {
      throw new AuthError(422, 'mfa_factor_not_found', 'MFA factor with the provided challenge ID not found')
    }
    if (found.verified_at || !found.same_ip) {
      throw new AuthError(422, 'mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.')
    }
    if (Date.now() > found.created_at.getTime() + CHALLENGE_EXPIRY_SECONDS * 1000) {
      await deleteChallenge(db, found.id)
      return new AuthError(
        422,
        'mfa_challenge_expired',
        `MFA challenge ${found.id} has expired, verify against another challenge or create a new challenge.`,
      )
    }
    const step = factor.secret ? matchTotp(factor.secret, params.code) : undefined
    const valid = step !== undefined && !(await totpStepSpent(db, factor.id, step))
    // Returned, not thrown, from here on: what the hook wrote (a wrong code counted) must commit.
    const rejected = await mfaVerificationHook(ctx, db, {
      factor_id: factor.id,
      factor_type: factor.factor_type,
      user_id: caller.user.id,
      valid,
    })
    if (rejected) return rejected
    if (!valid || step === undefined) return verificationFailed()
    await markChallengeVerified(db, found.id, step)
    if (factor.status !== 'verified') await markFactorVerified(db, factor.id)
    await deleteUnverifiedFactors(db, caller.user.id, factor.factor_type)
    const user = (await findUserById(db, caller.user.id)) ?? caller.user
    const session = await elevateSession(db, ctx.settings, user, caller.sessionId, 'totp', factor.id)
    await endSessionsBelowAal2(db, user.id)
    return [200, session]
  })
  if (outcome instanceof AuthError) throw outcome
  return outcome
}

async function unenroll(
  ctx: AuthContext,
  req: IncomingMessage,
  rawId: string,
  readBody: () => Promise<Body>,
): Promise<Reply> {
  return ctx.tx(async (db) => {
    const caller = await requireCaller(req, db)
    const factor = await loadFactor(db, caller.user.id, rawId)
    await readBody()
    if (factor.status === 'verified' && caller.aal !== 'aal2') {
      throw new AuthError(422, 'insufficient_aal', 'AAL2 required to unenroll verified factor')
    }
    await deleteFactor(db, factor.id)
    await downgradeSessions(db, caller.user.id, factor.id, factor.factor_type)
    return [200, { id: factor.id }]
  })
}

const FACTOR_PATH = /^\/factors\/([^/]+)(?:\/(challenge|verify))?\/?$/

/** The `/factors` routes; undefined when the path or method is not one of them. */
export async function mfaRoute(
  ctx: AuthContext,
  req: IncomingMessage,
  path: string,
  readBody: () => Promise<Body>,
): Promise<Reply | undefined> {
  const method = req.method ?? 'GET'
  if (path === '/factors' || path === '/factors/') {
    return method === 'POST' ? enroll(ctx, req, readBody) : undefined
  }
  const match = FACTOR_PATH.exec(path)
  if (!match) return undefined
  const [, rawId = '', action] = match
  if (action === 'challenge' && method === 'POST') return challenge(ctx, req, rawId, readBody)
  if (action === 'verify' && method === 'POST') return verify(ctx, req, rawId, readBody)
  if (!action && method === 'DELETE') return unenroll(ctx, req, rawId, readBody)
  return undefined
}
