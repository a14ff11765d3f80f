import type { Lake, LakeDataset } from '../core/types.js'
import type { LocalIdentity } from '../identity.js'
import type { Logger } from '../log.js'
import type { Caller } from './auth.js'
import { badRequest, type HttpRequest, type HttpResponse, notFound } from './respond.js'

export interface RouterDeps {
  lake: Lake
  projectId: string
  identity: LocalIdentity
  log: Logger
  /** The origin written into uploaded assets' `url`: the one the browser Studio reaches. */
  publicOrigin: string
  /** Long-lived responses (event streams), ended when the servers close. */
  streams: Set<{ end(): void }>
}

export interface ApiContext {
  req: HttpRequest
  res: HttpResponse
  url: URL
  apiVersion: string
  deps: RouterDeps
  /** Anonymous callers read the public documents only (no drafts or versions), as on a public dataset. */
  caller: Caller
}

/** A path parameter by name; routes only name the groups their pattern has. */
export type RouteParam = (name: string) => string

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** Matched against the path after `/v<apiVersion>`; named groups become params. */
  pattern: RegExp
  /** Refused with 401 unless the caller has the token or the Studio's session (writes, history, settings). */
  editorOnly?: boolean
  handler: (ctx: ApiContext, param: RouteParam) => Promise<void> | void
}

export function routeParams(match: RegExpExecArray): RouteParam {
  return (name) => {
    const raw = match.groups?.[name]
    if (raw === undefined) throw new Error(`route has no parameter ${name}`)
    try {
      return decodeURIComponent(raw)
    } catch {
      throw badRequest(`Malformed percent-encoding in the path: ${raw}`)
    }
  }
}

export function datasetOf(ctx: ApiContext, name: string): LakeDataset {
  const dataset = ctx.deps.lake.dataset(name)
  if (!dataset) throw notFound(`Dataset "${name}" not found for project ID "${ctx.deps.projectId}"`)
  return dataset
}

/** Comma-separated ids from a path segment (`/data/doc/:ds/a,b`). */
export function idList(value: string): string[] {
  const ids = value.split(',').filter((id) => id !== '')
  if (ids.length === 0) throw badRequest('No document ids given')
  if (ids.length > 1000) throw badRequest('At most 1000 document ids per request')
  return ids
}

/** Sanity's boolean query options: only `true` turns one on (the client never sends falsy ones). */
export function flag(url: URL, name: string): boolean {
  const value = url.searchParams.get(name)
  return value === 'true' || value === '1'
}
