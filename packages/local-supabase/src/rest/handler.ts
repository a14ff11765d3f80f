/*
 * The REST API (PostgREST's, as supabase-js calls it): this file picks the schema and the kind of
 * request and writes the answer. URL grammar: parser.ts and builder.ts (parseQuery); headers:
 * prefer.ts; SQL: relation.ts, write.ts, rpc.ts and builder.ts; answers and errors: reply.ts.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { bearerToken, verifyJwt } from '../lib/jwt.js'
import { createRestContext, type RestContext, type RestServiceOptions } from './context.js'
import { RestError } from './errors.js'
import { handleRelation } from './relation.js'
import { errorReply, type Reply, writeError, writeReply } from './reply.js'
import { handleRpc } from './rpc.js'

export type { RestServiceOptions } from './context.js'

/** `Accept-Profile` (reads) or `Content-Profile` (writes) picks one of the exposed schemas. */
function requestedSchema(ctx: RestContext, req: IncomingMessage): string {
  const method = req.method ?? 'GET'
  const profileHeader =
    method === 'GET' || method === 'HEAD' ? req.headers['accept-profile'] : req.headers['content-profile']
  const schema = (typeof profileHeader === 'string' && profileHeader) || ctx.schemas[0] || 'public'
  if (!ctx.schemas.includes(schema)) {
    throw new RestError(
      406,
      'PGRST106',
      `Invalid schema: ${schema}`,
      null,
      `Only the following schemas are exposed: ${ctx.schemas.join(', ')}`,
    )
  }
  return schema
}

/** The role named by a valid token, for the status of a permission error; anon otherwise. */
async function roleForErrors(req: IncomingMessage): Promise<string | undefined> {
  const token = bearerToken(req.headers.authorization)
  if (!token) return undefined
  const verified = await verifyJwt(token)
  return verified.ok && typeof verified.claims.role === 'string' ? verified.claims.role : undefined
}

export function createRestService(options: RestServiceOptions) {
  const ctx = createRestContext(options)
  const { log } = options
  return {
    reload: ctx.reload,
    /** Resolves once the service listens for `NOTIFY pgrst` reloads. */
    ready: ctx.ready,
    async handle(req: IncomingMessage, res: ServerResponse, path: string, url: URL): Promise<void> {
      let role = 'anon'
      try {
        const schema = requestedSchema(ctx, req)
        role = (await roleForErrors(req)) ?? role
        const rpc = /^\/rpc\/([^/]+)$/.exec(path)
        const relation = /^\/([^/]+)$/.exec(path)
        let reply: Reply
        if (rpc)
          reply = await handleRpc(ctx, { req, url, schema, name: decodeURIComponent(rpc[1] as string), path })
        else if (relation)
          reply = await handleRelation(ctx, {
            req,
            url,
            schema,
            name: decodeURIComponent(relation[1] as string),
            path,
          })
        else throw new RestError(404, 'PGRST125', `Invalid path specified in request URL`)
        writeReply(res, reply)
      } catch (error) {
        const restError = errorReply(error, role, (unexpected) =>
          log.error(`rest ${req.method} ${path}: ${(unexpected as Error).stack ?? String(unexpected)}`),
        )
        writeError(res, restError)
      }
    },
    close: ctx.close,
  }
}

export type RestService = ReturnType<typeof createRestService>
