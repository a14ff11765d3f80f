import path from 'node:path'
import { type ContentLakeOptions, resolveOptions } from './config.js'
import { openLake, resetLake } from './core/lake.js'
import type { Lake } from './core/types.js'
import { allowedHostnames } from './http/auth.js'
import type { HttpRequest, HttpResponse } from './http/respond.js'
import { sendJson } from './http/respond.js'
import { createRouter, type Router } from './http/router.js'
import { LOCAL_EDITOR } from './identity.js'
import { acquireLock, readLock } from './lock.js'
import { type Revalidation, startRevalidation } from './revalidate.js'
import { type LakeServers, startServers } from './servers.js'
import { ensureCertificates, type LocalCertificates } from './tls.js'

export type { ContentLakeOptions } from './config.js'
export { LOCAL_LAKE_TOKEN } from './http/auth.js'
export { LOCAL_REVALIDATE_SECRET, signWebhookBody } from './revalidate.js'

export interface RunningContentLake {
  /** The browser Studio's origin (HTTP/2 over TLS), e.g. `https://localhost:54340`. */
  tlsUrl: string
  /** Node clients' origin, e.g. `http://127.0.0.1:54341`. */
  httpUrl: string
  options: ContentLakeOptions
  certificates: LocalCertificates
  lake: Lake
  /** Null when no site origin is configured. */
  revalidation: Revalidation | null
  close(): Promise<void>
}

const certificatesDir = (dataDir: string) => path.join(dataDir, 'tls')

/** The Studio's origins on this TLS port, where asset URLs point, the site, and the configured extras. */
function lakeOrigins(options: ContentLakeOptions, tlsPort: number, publicOrigin: string): Set<string> {
  const studio = ['localhost', `${options.projectId}.localhost`, '127.0.0.1'].map(
    (name) => `https://${name}:${tlsPort}`,
  )
  const others = [publicOrigin, options.siteOrigin, ...options.corsOrigins].flatMap((url) =>
    url ? [new URL(url).origin] : [],
  )
  return new Set([...studio, ...others])
}

/** Until the core is open the servers answer 503; they listen first so the ports are known. */
function deferredRouter(): { router: Router; ready(router: Router): void } {
  let target: Router | undefined
  const unavailable = (_req: HttpRequest, res: HttpResponse) =>
    sendJson(res, 503, { error: 'Service Unavailable', message: 'The lake is starting', statusCode: 503 })
  return {
    router: {
      api: (req, res) => (target ? target.api(req, res) : unavailable(req, res)),
      withStudio: (req, res) => (target ? target.withStudio(req, res) : unavailable(req, res)),
      upgrade: (req, socket, head) => (target ? target.upgrade(req, socket, head) : socket.destroy()),
      close: () => target?.close(),
    },
    ready(router) {
      target = router
    },
  }
}

/** Starts the core, both servers and the revalidation hook on one data dir (locked while running). */
export async function startContentLake(
  overrides: Partial<ContentLakeOptions> = {},
): Promise<RunningContentLake> {
  const options = resolveOptions(overrides)
  const { dataDir, host, projectId, log } = options
  const lock = acquireLock(dataDir)
  let servers: LakeServers | undefined
  let lake: Lake | undefined
  const deferred = deferredRouter()
  try {
    const certificates = ensureCertificates(certificatesDir(dataDir), projectId)
    servers = await startServers({
      router: deferred.router,
      certificates,
      host,
      tlsPort: options.tlsPort,
      httpPort: options.httpPort,
    })
    const tlsUrl = `https://localhost:${servers.tlsPort}`
    const httpUrl = `http://${host.includes(':') ? `[${host}]` : host}:${servers.httpPort}`
    const publicOrigin = options.publicOrigin ?? tlsUrl
    lake = await openLake({
      dataDir,
      projectId,
      datasets: options.datasets,
      seed: options.seed,
      publicOrigin,
      author: LOCAL_EDITOR.id,
    })
    const origins = lakeOrigins(options, servers.tlsPort, publicOrigin)
    const router = createRouter({
      lake,
      projectId,
      identity: LOCAL_EDITOR,
      log,
      publicOrigin,
      studioDist: options.studioDist,
      auth: { token: options.token, isAllowedOrigin: (origin) => origins.has(origin) },
      hostnames: allowedHostnames(projectId, [
        host,
        ...[...origins].map((origin) => new URL(origin).hostname),
      ]),
    })
    deferred.ready(router)
    const watched = options.datasets[0] ? lake.dataset(options.datasets[0]) : undefined
    const revalidation =
      options.siteOrigin && watched
        ? startRevalidation(watched, {
            siteOrigin: options.siteOrigin,
            secret: options.revalidateSecret,
            log,
          })
        : null
    lock.update({ tlsUrl, httpUrl })
    const openLakeHandle = lake
    const openServers = servers
    let closing: Promise<void> | undefined
    return {
      tlsUrl,
      httpUrl,
      options,
      certificates,
      lake: openLakeHandle,
      revalidation,
      close() {
        closing ??= (async () => {
          try {
            router.close()
            await openServers.close()
            await revalidation?.close()
            await openLakeHandle.close()
          } finally {
            lock.release()
          }
        })()
        return closing
      },
    }
  } catch (error) {
    deferred.router.close()
    await servers?.close()
    await lake?.close()
    lock.release()
    throw error
  }
}

/**
 * Back to the seed: the datasets and settings go (the certificates, trusted once, stay); the next
 * start seeds afresh. Refused while a lake runs on the data dir.
 */
export async function resetContentLake(overrides: Partial<ContentLakeOptions> = {}): Promise<void> {
  const { dataDir } = resolveOptions(overrides)
  const running = readLock(dataDir)
  if (running) throw new Error(`A lake (pid ${running.pid}) is running on ${dataDir}; stop it first.`)
  await resetLake(dataDir)
}
