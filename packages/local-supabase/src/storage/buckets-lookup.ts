import type pg from 'pg'
import { bucketNotFound } from './errors.js'

export interface BucketRow {
  id: string
  public: boolean
  file_size_limit: string | null
  allowed_mime_types: string[] | null
}

/** The bucket as the superuser sees it (Storage looks buckets up past RLS for object routes). */
export async function findBucket(client: pg.ClientBase, id: string): Promise<BucketRow> {
  const { rows } = await client.query<BucketRow>(
    'select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1',
    [id],
  )
  const bucket = rows[0]
  if (!bucket) throw bucketNotFound()
  return bucket
}
