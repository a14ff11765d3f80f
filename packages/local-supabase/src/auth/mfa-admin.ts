/*
 * `/admin/users/{user_id}/factors[/{factor_id}]`: list, delete and rename a user's factors, as
 * auth-js's `auth.admin.mfa` calls them. The router checks the service role first.
 */
import type { IncomingMessage } from 'node:http'
import { z } from 'zod'
import type { AuthContext, Body, Reply } from './context.js'
import { UUID_RE } from './context.js'
import { AuthError, badJson } from './errors.js'
import { checkFriendlyName, loadFactor, safeDecode } from './mfa.js'
import { deleteFactor, factorJson, factorsOf, renameFactor } from './mfa-store.js'
import { findUserById, type UserRow } from './users.js'

const updateSchema = z.object({
  friendly_name: z.string().nullish(),
  phone: z.string().nullish(),
})

async function loadUser(db: Parameters<typeof findUserById>[0], rawId: string): Promise<UserRow> {
  const id = safeDecode(rawId)
  if (!UUID_RE.test(id)) throw new AuthError(404, 'validation_failed', 'user_id must be an UUID')
  const user = await findUserById(db, id)
  if (!user) throw new AuthError(404, 'user_not_found', 'User not found')
  return user
}

const ADMIN_FACTORS = /^\/admin\/users\/([^/]+)\/factors(?:\/([^/]+))?\/?$/

/** The admin factor routes; undefined when the path or method is not one of them. */
export async function adminFactorRoute(
  ctx: AuthContext,
  req: IncomingMessage,
  path: string,
  readBody: () => Promise<Body>,
): Promise<Reply | undefined> {
  const match = ADMIN_FACTORS.exec(path)
  if (!match) return undefined
  const [, rawUserId = '', rawFactorId] = match
  const method = req.method ?? 'GET'
  if (rawFactorId === undefined) {
    if (method !== 'GET') return undefined
    return ctx.withClient(async (db) => {
      const user = await loadUser(db, rawUserId)
      return [200, (await factorsOf(db, user.id)).map(factorJson)]
    })
  }
  if (method !== 'DELETE' && method !== 'PUT') return undefined
  return ctx.tx(async (db) => {
    const user = await loadUser(db, rawUserId)
    const factor = await loadFactor(db, user.id, rawFactorId)
    if (method === 'DELETE') {
      await deleteFactor(db, factor.id)
      return [200, factorJson(factor)]
    }
    const params = updateSchema.safeParse(await readBody())
    if (!params.success) throw badJson()
    // GoTrue changes the phone only on phone factors, which this stand-in never stores.
    const name = params.data.friendly_name
    if (name) checkFriendlyName(name)
    const updated = name ? await renameFactor(db, factor.id, name) : factor
    return [200, factorJson(updated)]
  })
}
