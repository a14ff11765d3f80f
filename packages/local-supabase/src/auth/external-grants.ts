/*
 * `/token` grants of sign-in methods this stand-in has no provider for: Web3 wallets and ID
 * tokens of external identity providers. Every provider is off here (`/settings` says so), and
 * the answers are GoTrue's for a provider that is not enabled, after GoTrue's own checks of the
 * request (so a malformed request is told what is malformed first, as GoTrue does).
 */
import { z } from 'zod'
import type { Body } from './context.js'
import { AuthError, OAuthError } from './errors.js'

export function web3Grant(): never {
  throw new AuthError(422, 'web3_provider_disabled', 'Web3 provider is disabled')
}

const text = z.preprocess((value) => (typeof value === 'string' ? value : undefined), z.string().default(''))

const idTokenSchema = z.object({
  id_token: text,
  provider: text,
  client_id: text,
  issuer: text,
})

/** Providers GoTrue knows by a fixed issuer. */
const FIXED_ISSUERS: Record<string, string> = {
  google: 'https://accounts.google.com',
  facebook: 'https://www.facebook.com',
  kakao: 'https://kauth.kakao.com',
  vercel_marketplace: 'https://marketplace.vercel.com',
  snapchat: 'https://accounts.snapchat.com/accounts/oauth2/token',
  keycloak: '',
}
const APPLE_ISSUERS = ['https://appleid.apple.com', 'https://account.apple.com']

/** Go's %q of a plain string. */
const quoted = (value: string) => JSON.stringify(value)

const notEnabled = (issuer: string) =>
  new AuthError(400, 'provider_disabled', `Provider (issuer ${quoted(issuer)}) is not enabled`)

function issuerOf(token: string): string | undefined {
  const payload = token.split('.')[1]
  if (!payload) return undefined
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
    if (claims && typeof claims === 'object' && 'iss' in claims && typeof claims.iss === 'string') {
      return claims.iss
    }
  } catch {
    // Not JSON: no issuer can be detected, which is the answer.
    return undefined
  }
  return undefined
}

function detectedIssuer(provider: 'Apple' | 'Azure', token: string, accepts: (iss: string) => boolean) {
  const issuer = issuerOf(token)
  if (issuer === undefined) {
    throw new AuthError(
      400,
      'validation_failed',
      `Unable to detect issuer in ID token for ${provider} provider`,
    )
  }
  if (!accepts(issuer)) {
    throw new AuthError(
      400,
      'validation_failed',
      `Detected ID token issuer is not an ${provider} ID token issuer`,
    )
  }
  return issuer
}

export function idTokenGrant(body: Body): never {
  const parsed = idTokenSchema.safeParse(body)
  if (!parsed.success) throw new OAuthError(400, 'invalid request', 'id_token required')
  const params = parsed.data
  if (!params.id_token) throw new OAuthError(400, 'invalid request', 'id_token required')
  if (!params.provider && !(params.client_id && params.issuer)) {
    throw new OAuthError(400, 'invalid request', 'provider or client_id and issuer required')
  }
  const provider = params.provider
  if (provider === 'apple' || APPLE_ISSUERS.includes(params.issuer)) {
    throw notEnabled(detectedIssuer('Apple', params.id_token, (iss) => APPLE_ISSUERS.includes(iss)))
  }
  if (provider === 'azure' || params.issuer.startsWith('https://login.microsoftonline.com/')) {
    throw notEnabled(
      detectedIssuer('Azure', params.id_token, (iss) => iss.startsWith('https://login.microsoftonline.com/')),
    )
  }
  for (const [name, issuer] of Object.entries(FIXED_ISSUERS)) {
    if (provider === name || (issuer && params.issuer === issuer)) throw notEnabled(issuer)
  }
  if (provider.startsWith('custom:')) {
    throw new AuthError(400, 'validation_failed', 'Custom OAuth providers are disabled')
  }
  throw new AuthError(400, 'validation_failed', `Custom OIDC provider ${quoted(provider)} not allowed`)
}
