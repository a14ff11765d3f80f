import { createSecretKey } from 'node:crypto'
import { errors, importJWK, type JWTPayload, jwtVerify, SignJWT } from 'jose'
import { JWT_SECRET, SIGNING_JWK } from '../config/keys.js'

const hmacKey = createSecretKey(Buffer.from(JWT_SECRET))
const privateKeyPromise = importJWK({ ...SIGNING_JWK, key_ops: ['sign'] }, 'ES256')
const publicKeyPromise = importJWK(
  { kty: SIGNING_JWK.kty, crv: SIGNING_JWK.crv, x: SIGNING_JWK.x, y: SIGNING_JWK.y },
  'ES256',
)

export type Claims = JWTPayload & Record<string, unknown>

export type VerifyResult =
  | { ok: true; claims: Claims }
  | { ok: false; reason: 'expired' | 'invalid'; message: string }

/** Session tokens: ES256 with the well-known kid, as the CLI's GoTrue signs them. */
export async function signSessionToken(claims: Record<string, unknown>): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'ES256', kid: SIGNING_JWK.kid, typ: 'JWT' })
    .sign(await privateKeyPromise)
}

const CLOCK_SKEW_SECONDS = 30
const CACHE_SIZE = 1000

/**
 * Tokens already verified, until they expire (like PostgREST's JWT cache): a signed-in portal
 * page or function call presents the same token to the gateway several times, and an ES256
 * check costs far more than a map lookup. Oldest entries go first once the cache is full.
 */
const verified = new Map<string, Claims>()

function remember(token: string, claims: Claims): void {
  if (verified.size >= CACHE_SIZE) {
    const oldest = verified.keys().next().value
    if (oldest !== undefined) verified.delete(oldest)
  }
  verified.set(token, Object.freeze(claims))
}

/**
 * Accepts HS256 (anon/service keys, legacy tokens) and ES256 by kid, like PostgREST given the
 * CLI's JWKS. `exp`/`nbf`/`iat` get PostgREST's 30 s of skew.
 */
export async function verifyJwt(token: string): Promise<VerifyResult> {
  const known = verified.get(token)
  if (known) {
    if (typeof known.exp !== 'number' || Date.now() / 1000 <= known.exp + CLOCK_SKEW_SECONDS) {
      return { ok: true, claims: known }
    }
    verified.delete(token)
    return { ok: false, reason: 'expired', message: 'JWT expired' }
  }
  const result = await verifySignature(token)
  if (result.ok) remember(token, result.claims)
  return result
}

async function verifySignature(token: string): Promise<VerifyResult> {
  const parts = token.split('.')
  if (parts.length !== 3) {
    return { ok: false, reason: 'invalid', message: `Expected 3 parts in JWT; got ${parts.length}` }
  }
  try {
    const { payload } = await jwtVerify(
      token,
      async (header) => {
        if (header.alg === 'HS256') return hmacKey
        if (header.alg === 'ES256' && header.kid === SIGNING_JWK.kid) return publicKeyPromise
        throw new errors.JWKSNoMatchingKey()
      },
      { clockTolerance: CLOCK_SKEW_SECONDS, algorithms: ['HS256', 'ES256'] },
    )
    return { ok: true, claims: payload as Claims }
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired', message: 'JWT expired' }
    if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JOSEAlgNotAllowed) {
      return { ok: false, reason: 'invalid', message: 'No suitable key or wrong key type' }
    }
    if (error instanceof errors.JOSEError) {
      return { ok: false, reason: 'invalid', message: 'JWT cryptographic operation failed' }
    }
    throw error
  }
}

export function bearerToken(authorization: string | undefined): string | undefined {
  if (!authorization) return undefined
  const match = /^Bearer\s+(.+)$/i.exec(authorization.trim())
  return match?.[1]
}
