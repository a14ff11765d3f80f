/* Input rules Storage applies before touching the database (src/storage/limits.ts in Storage). */
import { invalidBucketName, invalidKey, invalidMimeType, invalidParameter, invalidRequest } from './errors.js'

/** The global limit: the CLI's default `[storage] file_size_limit = "50MiB"`. */
export const GLOBAL_FILE_SIZE_LIMIT = 50 * 1024 * 1024

const KEY = /^[\w/!\-.*'() &$@=;:+,?]*$/
const BUCKET_NAME = /^[\w!\-.*'() &$@=;:+,?]*$/

export function checkKey(key: string): string {
  if (key.length === 0 || key.length > 1024 || !KEY.test(key)) throw invalidKey(key)
  return key
}

export function checkBucketName(name: unknown): string {
  if (typeof name !== 'string' || name.length === 0 || name.length > 100 || !BUCKET_NAME.test(name))
    throw invalidBucketName(String(name))
  return name
}

/** A path segment as the client percent-encoded it; bad escapes are the client's fault. */
export function decodeSegment(raw: string): string {
  try {
    return decodeURIComponent(raw)
  } catch {
    throw invalidKey(raw)
  }
}

/** `type/subtype` against each allowed entry, literally or as `type/*` (Storage's rule, §8.5). */
export function checkMimeType(mimetype: string, allowed: string[] | null): void {
  if (!allowed || allowed.length === 0) return
  const [type] = mimetype.split('/')
  const ok = allowed.some((entry) => entry === mimetype || (entry.endsWith('/*') && entry === `${type}/*`))
  if (!ok) throw invalidMimeType(mimetype)
}

const UNITS: Record<string, number> = {
  b: 1,
  kb: 1e3,
  mb: 1e6,
  gb: 1e9,
  kib: 1024,
  mib: 1024 ** 2,
  gib: 1024 ** 3,
}

/** A bucket's `file_size_limit`: a byte count or a string such as "10MB" (decimal) or "1MiB". */
export function parseFileSizeLimit(value: unknown): number | null {
  if (value === undefined || value === null) return null
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value
  if (typeof value === 'string') {
    const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(value)
    const unit = UNITS[(match?.[2] || 'b').toLowerCase()]
    if (match && unit) return Math.floor(Number(match[1]) * unit)
  }
  throw invalidRequest(`Invalid file_size_limit: ${String(value)}`)
}

export function checkExpiresIn(value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1)
    throw invalidParameter('expiresIn')
  return value
}

export function checkMimeList(value: unknown): string[] | null {
  if (value === undefined || value === null) return null
  if (Array.isArray(value) && value.every((entry) => typeof entry === 'string' && entry.length <= 255))
    return value as string[]
  throw invalidRequest('allowed_mime_types must be an array of strings')
}
