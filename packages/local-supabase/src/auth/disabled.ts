/*
 * Features this stand-in leaves off, answered as GoTrue answers them when the project has them
 * off (its route guards: requireSAMLEnabled, requirePasskeyEnabled, requireOAuthServerEnabled,
 * requireManualLinkingEnabled, requireCustomOAuthEnabled), not with a bare 404 "Not Found".
 * GoTrue checks the caller first where the route needs one, then the feature.
 */
import type { IncomingMessage } from 'node:http'
import type pg from 'pg'
import type { AuthContext, Reply } from './context.js'
import { AuthError } from './errors.js'
import { requireAdmin, requireUser } from './guards.js'

const samlDisabled = () => new AuthError(404, 'saml_provider_disabled', 'SAML 2.0 is disabled')
const passkeysDisabled = () => new AuthError(404, 'passkey_disabled', 'Passkeys are disabled')
const oauthServerDisabled = () => new AuthError(404, 'feature_disabled', 'OAuth server is disabled')
const manualLinkingDisabled = () =>
  new AuthError(404, 'manual_linking_disabled', 'Manual linking is disabled')
const customProvidersDisabled = () =>
  new AuthError(404, 'feature_disabled', 'Custom OAuth providers are disabled')

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`)

async function requireSignedIn(ctx: AuthContext, req: IncomingMessage): Promise<void> {
  await ctx.withClient((db: pg.PoolClient) => requireUser(req, db))
}

/**
 * The answer for a path of a disabled feature, or undefined when the path is none of them. The
 * OAuth server's `/oauth/token` needs client credentials in GoTrue, but its feature guard runs
 * first, so every `/oauth/*` path answers the same.
 */
export async function disabledFeatureRoute(
  ctx: AuthContext,
  req: IncomingMessage,
  path: string,
): Promise<Reply | undefined> {
  if (under(path, '/sso')) throw samlDisabled()
  if (under(path, '/passkeys')) throw passkeysDisabled()
  if (under(path, '/oauth') || path === '/.well-known/oauth-authorization-server') throw oauthServerDisabled()
  if (under(path, '/user/identities')) {
    await requireSignedIn(ctx, req)
    throw manualLinkingDisabled()
  }
  if (under(path, '/user/oauth/grants')) {
    await requireSignedIn(ctx, req)
    throw oauthServerDisabled()
  }
  if (under(path, '/admin/oauth')) {
    await requireAdmin(req)
    throw oauthServerDisabled()
  }
  if (under(path, '/admin/custom-providers')) {
    await requireAdmin(req)
    throw customProvidersDisabled()
  }
  return undefined
}
