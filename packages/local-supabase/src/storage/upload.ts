/*
 * Upload in Storage's order (contract §8.6): bucket, body parameters, checks before any byte,
 * a rolled-back permission test as the caller, the bytes to disk, then the row as superuser under
 * an advisory lock, then the old version's file. A failure at any step leaves no row and no file.
 */
import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { findBucket } from './buckets-lookup.js'
import type { Caller, StorageDb } from './context.js'
import { entityTooLarge, invalidRequest } from './errors.js'
import type { FileStore, StoredFile } from './files.js'
import { boundaryOf, readMultipart } from './multipart.js'
import { checkKey, checkMimeType, GLOBAL_FILE_SIZE_LIMIT } from './validate.js'

export interface UploadTarget {
  bucketId: string
  key: string
  upsert: boolean
  path: string
  operation: string
}

interface BodyParameters {
  mimetype: string
  cacheControl: string
  userMetadata: unknown
  declaredLength: number | undefined
  chunks: AsyncIterable<Buffer>
}

// Step 4 (as the caller, rolled back) and step 6 (as superuser) write the same row.
const INSERT_OBJECT = `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
  values ($1, $2, $3, $4, $5, $6, $7)`
const ON_CONFLICT_REPLACE = `on conflict (name, bucket_id) do update set version = excluded.version,
  owner = excluded.owner, owner_id = excluded.owner_id, metadata = excluded.metadata,
  user_metadata = excluded.user_metadata, last_accessed_at = now()`

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

function parseUserMetadata(text: string | undefined, base64: boolean): unknown {
  if (text === undefined || text === '') return null
  try {
    return JSON.parse(base64 ? Buffer.from(text, 'base64').toString('utf8') : text)
  } catch {
    throw invalidRequest('Invalid metadata')
  }
}

async function bodyParameters(req: IncomingMessage): Promise<BodyParameters> {
  const contentType = req.headers['content-type'] ?? ''
  // Not destroyed on an early return: the request must stay readable to answer (e.g. 413).
  const source = req.iterator({ destroyOnReturn: false }) as AsyncIterator<Buffer> & AsyncIterable<Buffer>
  if (/^multipart\/form-data/i.test(contentType)) {
    const boundary = boundaryOf(contentType)
    if (!boundary) throw invalidRequest('Malformed multipart body')
    const { fields, file } = await readMultipart(source, boundary)
    if (!file) throw invalidRequest('No content provided')
    const cacheControl = fields.get('cacheControl')
    return {
      mimetype: file.contentType || fields.get('contentType') || 'text/plain',
      cacheControl: cacheControl ? `max-age=${cacheControl}` : 'no-cache',
      userMetadata: parseUserMetadata(fields.get('metadata'), false),
      declaredLength: undefined,
      chunks: file.body,
    }
  }
  const lengthHeader = req.headers['content-length']
  const declaredLength = lengthHeader === undefined ? undefined : Number(lengthHeader)
  if (declaredLength === 0) throw invalidRequest('No content provided')
  const metadataHeader = req.headers['x-metadata']
  return {
    mimetype: contentType || 'application/octet-stream',
    cacheControl: req.headers['cache-control'] || 'no-cache',
    userMetadata: parseUserMetadata(typeof metadataHeader === 'string' ? metadataHeader : undefined, true),
    declaredLength,
    chunks: source,
  }
}

export async function uploadObject(
  db: StorageDb,
  files: FileStore,
  caller: Caller,
  req: IncomingMessage,
  target: UploadTarget,
): Promise<{ Id: string; Key: string }> {
  const { bucketId, key, upsert } = target
  const bucket = await db.asAdmin((client) => findBucket(client, bucketId))
  const body = await bodyParameters(req)
  checkMimeType(body.mimetype, bucket.allowed_mime_types)
  const limit = Math.min(
    bucket.file_size_limit === null ? GLOBAL_FILE_SIZE_LIMIT : Number(bucket.file_size_limit),
    GLOBAL_FILE_SIZE_LIMIT,
  )
  if (body.declaredLength !== undefined && body.declaredLength > limit) throw entityTooLarge()
  checkKey(key)

  const owner = caller.sub && UUID.test(caller.sub) ? caller.sub : null
  const userMetadata = body.userMetadata === null ? null : JSON.stringify(body.userMetadata)
  const row = (metadata: unknown, version: string) => [
    bucketId,
    key,
    owner,
    caller.sub ?? null,
    JSON.stringify(metadata),
    userMetadata,
    version,
  ]
  await db.asCaller(
    caller,
    { req, path: target.path, operation: target.operation },
    (client) =>
      client.query(
        `${INSERT_OBJECT} ${upsert ? `${ON_CONFLICT_REPLACE} returning *` : ''}`,
        row({ mimetype: body.mimetype, contentLength: body.declaredLength ?? 0 }, randomUUID()),
      ),
    { rollback: true },
  )

  const stored: StoredFile = await files.write(body.chunks, limit)
  const metadata = {
    eTag: `"${stored.md5}"`,
    size: stored.size,
    mimetype: body.mimetype,
    cacheControl: body.cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: stored.size,
    httpStatusCode: 200,
  }
  let committed: { id: string; previous: string | null }
  try {
    committed = await db.asAdmin(async (client) => {
      await client.query('select pg_advisory_xact_lock(hashtext($1))', [`${bucketId}/${key}`])
      const { rows: before } = await client.query<{ version: string | null }>(
        'select version from storage.objects where bucket_id = $1 and name = $2 for update',
        [bucketId, key],
      )
      const { rows } = await client.query<{ id: string }>(
        `${INSERT_OBJECT} ${upsert ? ON_CONFLICT_REPLACE : ''} returning id`,
        row(metadata, stored.version),
      )
      return { id: (rows[0] as { id: string }).id, previous: before[0]?.version ?? null }
    })
  } catch (error) {
    await files.remove(stored.version)
    throw error
  }
  await files.remove(committed.previous)
  return { Id: committed.id, Key: `${bucketId}/${key}` }
}
