/*
 * Channel identity (contract §9.6): the join's `access_token`, else the socket's connect claims.
 * Unlike REST, an expired token gets no clock skew: hosted Realtime says "Token has expired
 * <n> seconds ago" as soon as `exp` passes.
 */
import { type Claims, verifyJwt } from '../lib/jwt.js'

export type TokenCheck = { ok: true; claims: Claims } | { ok: false; message: string }

/** Tokens that are ignored in favour of the current identity: keys, null, nothing. */
export function isUserToken(token: unknown): token is string {
  return typeof token === 'string' && token !== '' && !token.startsWith('sb_')
}

function expOf(token: string): number | undefined {
  try {
    const payload = JSON.parse(
      Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'),
    ) as unknown
    const exp = (payload as { exp?: unknown } | null)?.exp
    return typeof exp === 'number' ? exp : undefined
  } catch {
    // Not a readable JWT: verification below gives the reason.
    return undefined
  }
}

export const expiredMessage = (exp: number) =>
  `Token has expired ${Math.max(0, Math.floor(Date.now() / 1000 - exp))} seconds ago`

export async function checkToken(token: string): Promise<TokenCheck> {
  const exp = expOf(token)
  const result = await verifyJwt(token)
  if (!result.ok) {
    if (result.reason === 'expired' && exp !== undefined) return { ok: false, message: expiredMessage(exp) }
    return { ok: false, message: result.message }
  }
  const { claims } = result
  if (typeof claims.role !== 'string' || claims.role === '')
    return { ok: false, message: 'Fields `role` and `exp` are required in JWT' }
  if (typeof claims.exp !== 'number')
    return { ok: false, message: 'Fields `role` and `exp` are required in JWT' }
  if (claims.exp <= Date.now() / 1000) return { ok: false, message: expiredMessage(claims.exp) }
  return { ok: true, claims }
}

/** When to look at the token again: at its expiry, and at least every 5 minutes. */
export function recheckDelayMs(claims: Claims): number {
  const exp = typeof claims.exp === 'number' ? claims.exp : Number.POSITIVE_INFINITY
  return Math.max(0, Math.min(5 * 60 * 1000, exp * 1000 - Date.now()))
}
