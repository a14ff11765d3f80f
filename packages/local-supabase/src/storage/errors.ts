/*
 * Storage errors as the Storage API writes them (storage-realtime-contract §8.5): every error
 * whose nominal code is not 500 goes out as HTTP 400, with the nominal code as a string in
 * `statusCode`. storage-js reports that string as `error.statusCode`.
 */
import type { ServerResponse } from 'node:http'
import { sendJson } from '../lib/http.js'

export class StorageError extends Error {
  constructor(
    /** The nominal status Storage assigns; HTTP carries 400 unless this is 500. */
    readonly statusCode: number,
    readonly code: string,
    readonly error: string,
    message: string,
  ) {
    super(message)
  }

  get httpStatus(): number {
    return this.statusCode === 500 ? 500 : 400
  }

  body() {
    return { statusCode: String(this.statusCode), code: this.code, error: this.error, message: this.message }
  }
}

export const bucketNotFound = () =>
  new StorageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found')
export const objectNotFound = () => new StorageError(404, 'NoSuchKey', 'not_found', 'Object not found')
export const accessDenied = (message: string) =>
  new StorageError(403, 'AccessDenied', 'Unauthorized', message)
export const keyExists = () =>
  new StorageError(409, 'KeyAlreadyExists', 'Duplicate', 'The resource already exists')
export const bucketExists = () =>
  new StorageError(409, 'BucketAlreadyExists', 'Duplicate', 'The resource already exists')
export const entityTooLarge = () =>
  new StorageError(413, 'EntityTooLarge', 'Payload too large', 'The object exceeded the maximum allowed size')
export const invalidMimeType = (mimetype: string) =>
  new StorageError(415, 'InvalidMimeType', 'invalid_mime_type', `mime type ${mimetype} is not supported`)
export const invalidKey = (key: string) =>
  new StorageError(400, 'InvalidKey', 'InvalidKey', `Invalid key: ${key}`)
export const invalidBucketName = (name: string) =>
  new StorageError(400, 'InvalidBucketName', 'Invalid Input', `Bucket name invalid: ${name}`)
export const invalidJwt = (message: string) => new StorageError(400, 'InvalidJWT', 'InvalidJWT', message)
export const invalidSignature = () =>
  new StorageError(400, 'InvalidSignature', 'InvalidSignature', 'Invalid signature')
export const invalidRequest = (message: string) =>
  new StorageError(400, 'InvalidRequest', 'Bad Request', message)
export const invalidParameter = (name: string) =>
  new StorageError(400, 'InvalidParameter', 'Bad Request', `Invalid Parameter ${name}`)
export const bucketNotEmpty = () =>
  new StorageError(409, 'InvalidRequest', 'Bucket not empty', 'The bucket you tried to delete is not empty')
export const noRoute = () => new StorageError(404, 'NotFound', 'Not Found', 'Route not found')

const RLS_MESSAGE = 'new row violates row-level security policy'

/**
 * A database error from a caller's statement, in Storage's terms. Anything not listed is a
 * server fault and propagates (500, logged).
 */
export function fromDatabaseError(error: unknown): StorageError | undefined {
  const code = (error as { code?: unknown }).code
  if (code === '42501') return accessDenied(RLS_MESSAGE)
  if (code === '23505') return keyExists()
  // The bucket went away between its lookup and the write.
  if (code === '23503') return bucketNotFound()
  // Data exceptions come from what the client sent (a NUL byte in a name, \u0000 in metadata
  // JSON, a role the JWT names that does not exist): its fault, not the server's.
  if (typeof code === 'string' && code.startsWith('22')) return invalidRequest((error as Error).message)
  return undefined
}

export function writeStorageError(res: ServerResponse, error: StorageError, head = false): void {
  if (head) {
    // HEAD answers carry no body; storage-js falls back to the HTTP status.
    res.writeHead(error.httpStatus, { 'Content-Length': '0' })
    res.end()
    return
  }
  sendJson(res, error.httpStatus, error.body())
}
