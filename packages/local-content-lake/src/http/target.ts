import type { Perspective } from '../core/types.js'
import type { HttpRequest } from './respond.js'

/** The API version that made published the default perspective and listeners published-only. */
const PERSPECTIVE_CUTOVER = '2025-02-19'

export interface ApiTarget {
  /** `1`, `X` or `YYYY-MM-DD`. */
  apiVersion: string
  /** The path after the version prefix, starting with `/`. */
  path: string
}

const VERSIONED = /^\/v(1|X|\d{4}-\d{2}-\d{2})(\/.*)?$/

export function parseApiPath(pathname: string): ApiTarget | undefined {
  const match = VERSIONED.exec(pathname)
  if (!match?.[1]) return undefined
  return { apiVersion: match[1], path: match[2] ?? '/' }
}

/** `vX` is the experimental (newest) version; `v1` predates perspectives. */
export function isPerspectiveEra(apiVersion: string): boolean {
  if (apiVersion === 'X') return true
  if (apiVersion === '1') return false
  return apiVersion >= PERSPECTIVE_CUTOVER
}

export function defaultPerspective(apiVersion: string): Perspective {
  return isPerspectiveEra(apiVersion) ? 'published' : 'raw'
}

function header(req: HttpRequest, name: string): string | undefined {
  const value = req.headers[name]
  return typeof value === 'string' ? value : undefined
}

/**
 * The project a request is for: `X-Sanity-Project-ID` (clients with `useProjectHostname: false`),
 * else the `<projectId>.localhost` host the browser Studio calls. Undefined when neither names one
 * (Node's listener omits the header when the client has no token or custom headers).
 */
export function requestedProjectId(req: HttpRequest): string | undefined {
  const fromHeader = header(req, 'x-sanity-project-id')
  if (fromHeader) return fromHeader
  // HTTP/2 carries the host as `:authority`.
  const host = header(req, ':authority') ?? header(req, 'host') ?? ''
  const match = /^([a-z0-9][a-z0-9-]*)\.localhost(?::\d+)?$/i.exec(host)
  return match?.[1]?.toLowerCase()
}
