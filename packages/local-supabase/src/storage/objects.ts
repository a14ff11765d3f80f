/*
 * Object routes other than upload: read as the caller (RLS decides), signed URLs, list via
 * storage.search, remove (rows first, then files).
 */
import type pg from 'pg'
import { findBucket } from './buckets-lookup.js'
import type { Caller, StorageDb, StorageRequest } from './context.js'
import { OBJECT_READ_COLUMNS, type ObjectRow } from './download.js'
import { bucketNotFound, invalidRequest, objectNotFound } from './errors.js'
import type { FileStore } from './files.js'
import { signObjectUrl } from './tokens.js'
import { checkExpiresIn } from './validate.js'

export interface ObjectRef {
  bucketId: string
  key: string
}

const MAX_PATHS = 1000

async function readRow(
  client: pg.ClientBase,
  ref: ObjectRef,
  columns = OBJECT_READ_COLUMNS,
): Promise<ObjectRow> {
  const { rows } = await client.query<ObjectRow>(
    `select ${columns} from storage.objects where bucket_id = $1 and name = $2`,
    [ref.bucketId, ref.key],
  )
  const row = rows[0]
  if (!row) throw objectNotFound()
  return row
}

/**
 * The row a download serves. Public buckets are read as superuser; private ones as the caller,
 * and without a valid JWT a private bucket is "not found" (contract §8.5).
 */
export async function rowForDownload(
  db: StorageDb,
  caller: Caller | undefined,
  request: StorageRequest,
  ref: ObjectRef,
): Promise<ObjectRow> {
  const bucket = await db.asAdmin((client) => findBucket(client, ref.bucketId))
  if (bucket.public) return db.asAdmin((client) => readRow(client, ref))
  if (!caller) throw bucketNotFound()
  return db.asCaller(caller, { ...request, operation: 'storage.object.get_authenticated' }, (client) =>
    readRow(client, ref),
  )
}

/** Signed and public fetches: no caller, read past RLS. */
export async function rowAsSuperuser(db: StorageDb, ref: ObjectRef, publicOnly: boolean): Promise<ObjectRow> {
  return db.asAdmin(async (client) => {
    const bucket = await findBucket(client, ref.bucketId)
    if (publicOnly && !bucket.public) throw bucketNotFound()
    return readRow(client, ref)
  })
}

export async function info(db: StorageDb, caller: Caller, request: StorageRequest, ref: ObjectRef) {
  await db.asAdmin((client) => findBucket(client, ref.bucketId))
  const row = await db.asCaller(
    caller,
    { ...request, operation: 'storage.object.info_authenticated' },
    (client) =>
      readRow(client, ref, 'id, name, version, bucket_id, metadata, user_metadata, updated_at, created_at'),
  )
  const { metadata, user_metadata, updated_at, created_at, bucket_id } = row as ObjectRow & {
    bucket_id: string
    user_metadata: unknown
    created_at: Date
  }
  return {
    id: row.id,
    name: row.name,
    version: row.version,
    bucket_id,
    size: metadata?.size ?? null,
    content_type: metadata?.mimetype ?? null,
    cache_control: metadata?.cacheControl ?? null,
    etag: metadata?.eTag ?? null,
    metadata: user_metadata ?? null,
    last_modified: updated_at,
    created_at,
  }
}

export async function createSignedUrl(
  db: StorageDb,
  caller: Caller,
  request: StorageRequest,
  ref: ObjectRef,
  body: Record<string, unknown>,
): Promise<{ signedURL: string }> {
  const expiresIn = checkExpiresIn(body.expiresIn)
  await db.asAdmin((client) => findBucket(client, ref.bucketId))
  await db.asCaller(caller, { ...request, operation: 'storage.object.sign' }, (client) =>
    readRow(client, ref, 'id'),
  )
  const url = `${ref.bucketId}/${ref.key}`
  // Decoded on purpose: storage-js applies encodeURI to the whole URL (§8.4).
  return { signedURL: `/object/sign/${url}?token=${await signObjectUrl(url, expiresIn)}` }
}

function checkPaths(value: unknown, field: string): string[] {
  if (!Array.isArray(value) || value.length > MAX_PATHS || !value.every((p) => typeof p === 'string'))
    throw invalidRequest(`${field} must be an array of at most ${MAX_PATHS} strings`)
  return value as string[]
}

export async function createSignedUrls(
  db: StorageDb,
  caller: Caller,
  request: StorageRequest,
  bucketId: string,
  body: Record<string, unknown>,
) {
  const expiresIn = checkExpiresIn(body.expiresIn)
  const paths = checkPaths(body.paths, 'paths')
  await db.asAdmin((client) => findBucket(client, bucketId))
  const visible = await db.asCaller(
    caller,
    { ...request, operation: 'storage.object.sign_many' },
    async (client) => {
      const { rows } = await client.query<{ name: string }>(
        'select name from storage.objects where bucket_id = $1 and name = any($2::text[])',
        [bucketId, paths],
      )
      return new Set(rows.map((row) => row.name))
    },
  )
  return Promise.all(
    paths.map(async (path) => {
      if (!visible.has(path))
        return {
          error: 'Either the object does not exist or you do not have access to it',
          path,
          signedURL: null,
        }
      const url = `${bucketId}/${path}`
      return {
        error: null,
        path,
        signedURL: `/object/sign/${url}?token=${await signObjectUrl(url, expiresIn)}`,
      }
    }),
  )
}

export async function removeObjects(
  db: StorageDb,
  files: FileStore,
  caller: Caller,
  request: StorageRequest,
  bucketId: string,
  body: Record<string, unknown>,
) {
  const prefixes = checkPaths(body.prefixes, 'prefixes')
  await db.asAdmin((client) => findBucket(client, bucketId))
  // Rows first (committed), then bytes: a crash in between leaves orphans, never a dangling row.
  const rows = await db.asCaller(
    caller,
    { ...request, operation: 'storage.object.delete_many' },
    async (client) => {
      const result = await client.query<{ version: string | null }>(
        `delete from storage.objects where bucket_id = $1 and name = any($2::text[])
       returning id, bucket_id, name, owner, created_at, updated_at, last_accessed_at, metadata, version, owner_id, user_metadata`,
        [bucketId, prefixes],
      )
      return result.rows
    },
  )
  for (const row of rows) await files.remove(row.version)
  return rows
}

const SORT_COLUMNS = new Set(['name', 'updated_at', 'created_at', 'last_accessed_at'])

function nonNegativeInt(value: unknown, fallback: number, name: string): number {
  if (value === undefined || value === null) return fallback
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
    throw invalidRequest(`Invalid ${name}`)
  return value
}

export async function listObjects(
  db: StorageDb,
  caller: Caller,
  request: StorageRequest,
  bucketId: string,
  body: Record<string, unknown>,
) {
  const rawPrefix = body.prefix ?? ''
  const search = body.search ?? ''
  if (typeof rawPrefix !== 'string' || typeof search !== 'string')
    throw invalidRequest('Invalid prefix or search')
  const limit = nonNegativeInt(body.limit, 100, 'limit')
  const offset = nonNegativeInt(body.offset, 0, 'offset')
  const sortBy = (body.sortBy ?? {}) as { column?: unknown; order?: unknown }
  const column = sortBy.column ?? 'name'
  const order = typeof sortBy.order === 'string' ? sortBy.order.toLowerCase() : 'asc'
  if (typeof column !== 'string' || !SORT_COLUMNS.has(column) || (order !== 'asc' && order !== 'desc'))
    throw invalidRequest('Invalid sortBy')
  const prefix = rawPrefix && !rawPrefix.endsWith('/') ? `${rawPrefix}/` : rawPrefix
  const levels = prefix.split('/').length
  await db.asAdmin((client) => findBucket(client, bucketId))
  return db.asCaller(caller, { ...request, operation: 'storage.object.list' }, async (client) => {
    const { rows } = await client.query(
      'select name, id, updated_at, created_at, last_accessed_at, metadata from storage.search($1, $2, $3, $4, $5, $6, $7, $8)',
      [prefix, bucketId, limit, levels, offset, search, column, order],
    )
    return rows
  })
}
