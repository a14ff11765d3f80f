import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { type Lake, LakeError } from '../core/types.js'
import type { LocalIdentity } from '../identity.js'
import type { Logger } from '../log.js'
import { assetRoutes, isAssetPath, serveAsset } from './assets.js'
import { type AuthPolicy, identify, requestHostname, sessionCookie, unauthorized } from './auth.js'
import { type ApiContext, type Route, type RouterDeps, routeParams } from './context.js'
import { answerPreflight, applyCors } from './cors.js'
import { listenRoutes } from './listen.js'
import { type HttpRequest, type HttpResponse, httpError, notFound, sendJson } from './respond.js'
import { accountRoutes } from './routes-account.js'
import { dataRoutes } from './routes-data.js'
import { historyRoutes } from './routes-history.js'
import { miscRoutes } from './routes-misc.js'
import { presenceSockets } from './socket.js'
import { serveStudio } from './static.js'
import { parseApiPath, requestedProjectId } from './target.js'

const ROUTES: Route[] = [
  ...accountRoutes,
  ...miscRoutes,
  ...dataRoutes,
  ...listenRoutes,
  ...historyRoutes,
  ...assetRoutes,
]

export interface RouterOptions {
  lake: Lake
  projectId: string
  identity: LocalIdentity
  log: Logger
  publicOrigin: string
  /** The built Studio the TLS origin serves; null when there is none. */
  studioDist: string | null
  /** The token, and the origins that get CORS answers and may use the Studio's session. */
  auth: AuthPolicy
  /** Host names requests may be sent to (see allowedHostnames). */
  hostnames: ReadonlySet<string>
}

export type RequestHandler = (req: HttpRequest, res: HttpResponse) => void

export interface Router {
  /** The plain-HTTP origin: the API and assets. */
  api: RequestHandler
  /** The TLS origin: the API, assets and the built Studio. */
  withStudio: RequestHandler
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void
  /** Ends event streams and sockets; later requests get a 503. */
  close(): void
}

export function createRouter(options: RouterOptions): Router {
  const { log, studioDist } = options
  const deps: RouterDeps = { ...options, streams: new Set() }
  const sockets = presenceSockets(log)
  const reportedMissing = new Set<string>()
  let closing = false

  /** Logged once per method and path, so a Studio upgrade that needs more shows up. */
  function missing(method: string, pathname: string): LakeError {
    const key = `${method} ${pathname}`
    if (!reportedMissing.has(key)) {
      reportedMissing.add(key)
      log.warn(`local-content-lake: no endpoint for ${key} (answered 404)`)
    }
    return notFound(`The local content lake has no endpoint ${key}`)
  }

  async function dispatch(req: HttpRequest, res: HttpResponse, serveStatic: boolean): Promise<void> {
    const method = req.method ?? 'GET'
    const rawUrl = req.url ?? '/'
    if (!rawUrl.startsWith('/')) throw httpError(400, 'Malformed request target')
    let url: URL
    try {
      url = new URL(`http://lake${rawUrl}`)
    } catch {
      throw httpError(400, 'Malformed request target')
    }
    const hostname = requestHostname(req)
    if (hostname !== undefined && !options.hostnames.has(hostname)) {
      throw httpError(403, `This lake does not answer for the host "${hostname}"`)
    }
    const readOnly = method === 'GET' || method === 'HEAD'
    if (readOnly && isAssetPath(url.pathname)) return serveAsset(req, res, deps, url)
    const target = parseApiPath(url.pathname)
    if (target) {
      const project = requestedProjectId(req)
      if (project !== undefined && project !== deps.projectId) {
        throw notFound(`Project ID "${project}" not found (this lake serves "${deps.projectId}")`)
      }
      const caller = identify(req, options.auth)
      const routeMethod = method === 'HEAD' ? 'GET' : method
      for (const route of ROUTES) {
        if (route.method !== routeMethod) continue
        const match = route.pattern.exec(target.path)
        if (!match) continue
        if (route.editorOnly && caller !== 'editor') throw unauthorized(`${method} ${url.pathname}`)
        const ctx: ApiContext = { req, res, url, apiVersion: target.apiVersion, deps, caller }
        return route.handler(ctx, routeParams(match))
      }
      throw missing(method, url.pathname)
    }
    if (serveStatic && readOnly && studioDist) {
      return serveStudio(req, res, studioDist, url, sessionCookie(options.auth.token))
    }
    throw missing(method, url.pathname)
  }

  function handler(serveStatic: boolean): RequestHandler {
    return (req, res) => {
      applyCors(req, res, options.auth.isAllowedOrigin)
      if (closing) {
        sendJson(res, 503, { error: 'Service Unavailable', message: 'The lake is stopping', statusCode: 503 })
        return
      }
      if (req.method === 'OPTIONS') {
        answerPreflight(req, res, options.auth.isAllowedOrigin)
        return
      }
      dispatch(req, res, serveStatic).catch((error: unknown) => {
        if (res.headersSent) {
          log.error(
            `${req.method} ${req.url} failed after answering: ${(error as Error).stack ?? String(error)}`,
          )
          res.destroy()
          return
        }
        if (error instanceof LakeError) {
          sendJson(res, error.status, error.body)
          return
        }
        log.error(`${req.method} ${req.url}: ${(error as Error).stack ?? String(error)}`)
        sendJson(res, 500, {
          error: 'Internal Server Error',
          message: (error as Error).message,
          statusCode: 500,
        })
      })
    }
  }

  return {
    api: handler(false),
    withStudio: handler(true),
    upgrade: (req, socket, head) => sockets.handleUpgrade(req, socket, head),
    close() {
      closing = true
      for (const stream of [...deps.streams]) stream.end()
      sockets.close()
    },
  }
}
