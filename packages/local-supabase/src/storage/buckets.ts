/*
 * Bucket routes, run as the caller: RLS on storage.buckets has no policies, so users see and
 * change nothing, and the service role (BYPASSRLS) manages buckets, as on hosted.
 */
import type { Caller, StorageDb, StorageRequest } from './context.js'
import { bucketExists, bucketNotEmpty, bucketNotFound, entityTooLarge, invalidRequest } from './errors.js'
import type { FileStore } from './files.js'
import { checkBucketName, checkMimeList, GLOBAL_FILE_SIZE_LIMIT, parseFileSizeLimit } from './validate.js'

const BUCKET_COLUMNS =
  'id, name, owner, public, created_at, updated_at, file_size_limit::int8::float8 as file_size_limit, allowed_mime_types, type'

function sizeLimit(value: unknown): number | null {
  const limit = parseFileSizeLimit(value)
  if (limit !== null && limit > GLOBAL_FILE_SIZE_LIMIT) throw entityTooLarge()
  return limit
}

function optionalBoolean(value: unknown, name: string): boolean | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'boolean') throw invalidRequest(`Invalid ${name}`)
  return value
}

export function createBucketRoutes(db: StorageDb, files: FileStore) {
  return {
    async create(caller: Caller, request: StorageRequest, body: Record<string, unknown>) {
      const id = checkBucketName(body.id ?? body.name)
      const name = checkBucketName(body.name ?? id)
      const isPublic = optionalBoolean(body.public, 'public') ?? false
      const limit = sizeLimit(body.file_size_limit)
      const mimeTypes = checkMimeList(body.allowed_mime_types)
      const owner = caller.sub && /^[0-9a-f-]{36}$/i.test(caller.sub) ? caller.sub : null
      try {
        await db.asCaller(caller, { ...request, operation: 'storage.bucket.create' }, (client) =>
          client.query(
            `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
             values ($1, $2, $3, $4, $5, $6, $7)`,
            [id, name, owner, caller.sub ?? null, isPublic, limit, mimeTypes],
          ),
        )
      } catch (error) {
        if ((error as { code?: string }).code === '23505') throw bucketExists()
        throw error
      }
      return { name: id }
    },

    list(caller: Caller, request: StorageRequest) {
      return db.asCaller(caller, { ...request, operation: 'storage.bucket.list' }, async (client) => {
        const { rows } = await client.query(`select ${BUCKET_COLUMNS} from storage.buckets order by name`)
        return rows
      })
    },

    get(caller: Caller, request: StorageRequest, id: string) {
      return db.asCaller(caller, { ...request, operation: 'storage.bucket.get' }, async (client) => {
        const { rows } = await client.query(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [
          id,
        ])
        if (!rows[0]) throw bucketNotFound()
        return rows[0]
      })
    },

    async update(caller: Caller, request: StorageRequest, id: string, body: Record<string, unknown>) {
      const isPublic = optionalBoolean(body.public, 'public')
      const limit = body.file_size_limit === undefined ? undefined : sizeLimit(body.file_size_limit)
      const mimeTypes =
        body.allowed_mime_types === undefined ? undefined : checkMimeList(body.allowed_mime_types)
      await db.asCaller(caller, { ...request, operation: 'storage.bucket.update' }, async (client) => {
        const { rowCount } = await client.query(
          `update storage.buckets set
             public = coalesce($2, public),
             file_size_limit = case when $3 then $4::bigint else file_size_limit end,
             allowed_mime_types = case when $5 then $6::text[] else allowed_mime_types end,
             updated_at = now()
           where id = $1`,
          [
            id,
            isPublic ?? null,
            limit !== undefined,
            limit ?? null,
            mimeTypes !== undefined,
            mimeTypes ?? null,
          ],
        )
        if (!rowCount) throw bucketNotFound()
      })
      return { message: 'Successfully updated' }
    },

    async remove(caller: Caller, request: StorageRequest, id: string) {
      await db.asCaller(caller, { ...request, operation: 'storage.bucket.delete' }, async (client) => {
        const { rows } = await client.query('select 1 from storage.objects where bucket_id = $1 limit 1', [
          id,
        ])
        if (rows.length > 0) throw bucketNotEmpty()
        const { rowCount } = await client.query('delete from storage.buckets where id = $1', [id])
        if (!rowCount) throw bucketNotFound()
      })
      return { message: 'Successfully deleted' }
    },

    async empty(caller: Caller, request: StorageRequest, id: string) {
      const versions = await db.asCaller(
        caller,
        { ...request, operation: 'storage.bucket.empty' },
        async (client) => {
          const { rows: bucket } = await client.query('select 1 from storage.buckets where id = $1', [id])
          if (bucket.length === 0) throw bucketNotFound()
          const { rows } = await client.query<{ version: string | null }>(
            'delete from storage.objects where bucket_id = $1 returning version',
            [id],
          )
          return rows.map((row) => row.version)
        },
      )
      for (const version of versions) await files.remove(version)
      return { message: 'Successfully emptied' }
    },
  }
}
