/*
 * The Storage API (v1.60.2, as storage-js 2.105.4 calls it) behind `/storage/v1`: routing and
 * error writing. Identity and transactions: context.ts; bytes: files.ts; upload: upload.ts;
 * reads: objects.ts and download.ts; buckets: buckets.ts; errors: errors.ts.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { BodyTooLargeError, parseJson, readBody, sendJson } from '../lib/http.js'
import type { Logger } from '../lib/log.js'
import { createBucketRoutes } from './buckets.js'
import { type Caller, createStorageDb, type StorageRequest } from './context.js'
import { sendObject } from './download.js'
import { fromDatabaseError, invalidRequest, noRoute, StorageError, writeStorageError } from './errors.js'
import { createFileStore } from './files.js'
import {
  createSignedUrl,
  createSignedUrls,
  info,
  listObjects,
  type ObjectRef,
  removeObjects,
  rowAsSuperuser,
  rowForDownload,
} from './objects.js'
import { verifyObjectUrl } from './tokens.js'
import { uploadObject } from './upload.js'
import { decodeSegment } from './validate.js'

export interface StorageServiceOptions {
  dataDir: string
  authenticatorUrl: string
  adminUrl: string
  log: Logger
}

type Route = (req: IncomingMessage, res: ServerResponse, url: URL, request: StorageRequest) => Promise<void>

/** `{bucket}/{path…}` from the encoded remainder of a URL path, decoded segment by segment. */
function objectRef(rest: string): ObjectRef | undefined {
  const slash = rest.indexOf('/')
  if (slash <= 0 || slash === rest.length - 1) return undefined
  return {
    bucketId: decodeSegment(rest.slice(0, slash)),
    key: rest
      .slice(slash + 1)
      .split('/')
      .map(decodeSegment)
      .join('/'),
  }
}

async function jsonBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  let buffer: Buffer
  try {
    buffer = await readBody(req)
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw invalidRequest('Request body too large')
    throw error
  }
  const parsed = parseJson(buffer)
  if (!parsed.ok) throw invalidRequest('Body is not valid JSON')
  const value = parsed.value ?? {}
  if (typeof value !== 'object' || Array.isArray(value) || value === null)
    throw invalidRequest('Body must be a JSON object')
  return value as Record<string, unknown>
}

export function createStorageService(options: StorageServiceOptions) {
  const { log } = options
  const db = createStorageDb(options)
  const files = createFileStore(options.dataDir, log)
  const buckets = createBucketRoutes(db, files)
  const caller = (req: IncomingMessage): Promise<Caller> => db.authenticate(req)
  const ok = (res: ServerResponse, body: unknown) => sendJson(res, 200, body)

  /** Routes on an object path; `rest` is the encoded `{bucket}/{path}`. */
  async function objectRoute(kind: string, method: string, rest: string): Promise<Route | undefined> {
    const ref = objectRef(rest)
    if (kind === 'sign') {
      if (method === 'POST' && !ref && !rest.includes('/'))
        return async (req, res, _url, request) =>
          ok(
            res,
            await createSignedUrls(db, await caller(req), request, decodeSegment(rest), await jsonBody(req)),
          )
      if (!ref) return undefined
      if (method === 'POST')
        return async (req, res, _url, request) =>
          ok(res, await createSignedUrl(db, await caller(req), request, ref, await jsonBody(req)))
      if (method === 'GET' || method === 'HEAD')
        return async (req, res, url) => {
          const token = url.searchParams.get('token')
          if (!token) throw invalidRequest('Missing token')
          const exp = await verifyObjectUrl(token, `${ref.bucketId}/${ref.key}`)
          const row = await rowAsSuperuser(db, ref, false)
          await sendObject(req, res, url, files, row, { Expires: new Date(exp * 1000).toUTCString() })
        }
      return undefined
    }
    if (!ref) return undefined
    if (kind === 'info' && method === 'GET')
      return async (req, res, _url, request) => ok(res, await info(db, await caller(req), request, ref))
    if (kind === 'public' && (method === 'GET' || method === 'HEAD'))
      return async (req, res, url) => {
        const row = await rowAsSuperuser(db, ref, true)
        await sendObject(req, res, url, files, row, { 'Cache-Control': cacheControl(row.metadata) })
      }
    if ((kind === 'authenticated' || kind === 'plain') && (method === 'GET' || method === 'HEAD'))
      return async (req, res, url, request) => {
        const who = kind === 'plain' ? await db.authenticateOptional(req) : await caller(req)
        const row = await rowForDownload(db, who, request, ref)
        await sendObject(req, res, url, files, row, { 'Cache-Control': cacheControl(row.metadata) })
      }
    return undefined
  }

  function cacheControl(metadata: Record<string, unknown> | null): string {
    return typeof metadata?.cacheControl === 'string' ? metadata.cacheControl : 'no-cache'
  }

  async function route(method: string, path: string): Promise<Route | undefined> {
    const parts = /^\/(bucket|object)(?:\/(.*))?$/.exec(path)
    if (!parts) return undefined
    const rest = parts[2] ?? ''
    if (parts[1] === 'bucket') {
      if (rest === '' && method === 'POST')
        return async (req, res, _url, request) =>
          ok(res, await buckets.create(await caller(req), request, await jsonBody(req)))
      if (rest === '' && method === 'GET')
        return async (req, res, _url, request) => ok(res, await buckets.list(await caller(req), request))
      const empty = /^([^/]+)\/empty$/.exec(rest)
      if (empty && method === 'POST')
        return async (req, res, _url, request) =>
          ok(res, await buckets.empty(await caller(req), request, decodeSegment(empty[1] as string)))
      if (!/^[^/]+$/.test(rest)) return undefined
      const id = decodeSegment(rest)
      if (method === 'GET')
        return async (req, res, _url, request) => ok(res, await buckets.get(await caller(req), request, id))
      if (method === 'PUT')
        return async (req, res, _url, request) =>
          ok(res, await buckets.update(await caller(req), request, id, await jsonBody(req)))
      if (method === 'DELETE')
        return async (req, res, _url, request) =>
          ok(res, await buckets.remove(await caller(req), request, id))
      return undefined
    }
    const sub = /^(sign|info|public|authenticated|list)\/(.*)$/.exec(rest)
    if (sub?.[1] === 'list') {
      if (method !== 'POST' || !/^[^/]+$/.test(sub[2] as string)) return undefined
      const bucketId = decodeSegment(sub[2] as string)
      return async (req, res, _url, request) =>
        ok(res, await listObjects(db, await caller(req), request, bucketId, await jsonBody(req)))
    }
    if (sub?.[1] === 'info') {
      // `/object/info/{authenticated|public}/{bucket}/{path}` mean the same here.
      const inner = (sub[2] as string).replace(/^(authenticated|public)\//, '')
      return objectRoute('info', method, inner)
    }
    if (sub) return objectRoute(sub[1] as string, method, sub[2] as string)
    if (method === 'DELETE' && /^[^/]+$/.test(rest)) {
      const bucketId = decodeSegment(rest)
      return async (req, res, _url, request) =>
        ok(res, await removeObjects(db, files, await caller(req), request, bucketId, await jsonBody(req)))
    }
    const ref = objectRef(rest)
    if (!ref) return undefined
    if (method === 'GET' || method === 'HEAD') return objectRoute('plain', method, rest)
    if (method === 'POST' || method === 'PUT')
      return async (req, res, _url, request) => {
        const upsert = method === 'PUT' || /^true$/i.test(String(req.headers['x-upsert'] ?? ''))
        const operation = method === 'PUT' ? 'storage.object.upload_update' : 'storage.object.upload'
        ok(
          res,
          await uploadObject(db, files, await caller(req), req, {
            ...ref,
            upsert,
            path: request.path,
            operation,
          }),
        )
      }
    return undefined
  }

  return {
    /** Start-up sweep of crash leftovers (§8.6). */
    async start(): Promise<void> {
      const swept = await files.sweep((versions) =>
        db.asAdmin(async (client) => {
          const { rows } = await client.query<{ version: string }>(
            'select version from storage.objects where version = any($1::text[])',
            [versions],
          )
          return new Set(rows.map((row) => row.version))
        }),
      )
      if (swept.parts + swept.orphans > 0)
        log.debug(
          `storage: removed ${swept.parts} interrupted upload(s) and ${swept.orphans} orphaned file(s)`,
        )
    },

    async handle(req: IncomingMessage, res: ServerResponse, path: string, url: URL): Promise<void> {
      const method = req.method ?? 'GET'
      const head = method === 'HEAD'
      try {
        const handler = await route(method, path)
        if (!handler) throw noRoute()
        await handler(req, res, url, { req, path })
      } catch (error) {
        const code = (error as { code?: string }).code
        if (code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE') {
          // The client went away mid-request: nobody to answer, and upload.ts already removed its bytes.
          log.debug(`storage ${method} ${path}: client went away`)
          res.destroy()
          return
        }
        const known = error instanceof StorageError ? error : fromDatabaseError(error)
        // The request body may be unread (refused before any byte): drain it so the answer arrives.
        if (!req.readableEnded) req.resume()
        if (res.headersSent) {
          log.error(`storage ${method} ${path}: ${(error as Error).stack ?? String(error)}`)
          res.destroy()
          return
        }
        if (known) {
          writeStorageError(res, known, head)
          return
        }
        log.error(`storage ${method} ${path}: ${(error as Error).stack ?? String(error)}`)
        writeStorageError(
          res,
          new StorageError(500, 'InternalError', 'Internal', 'Internal Server Error'),
          head,
        )
      }
    },

    close: () => db.close(),
  }
}

export type StorageService = ReturnType<typeof createStorageService>
