/* Shaping what the REST API answers: JSON bodies, ranges, and errors as PostgREST writes them. */
import type { IncomingMessage, ServerResponse } from 'node:http'
import pg from 'pg'
import { BodyTooLargeError, parseJson, readBody } from '../lib/http.js'
import { RestError, statusForSqlState } from './errors.js'
import type { Media } from './media.js'

export interface Reply {
  status: number
  body?: string
  headers: Record<string, string>
}

/** The rows the database aggregated as JSON text. */
export interface AggregateRow {
  body: string
  first: string | null
  page_count: string
}

const READ_ONLY_VIOLATION = '25006'

/** A body in the negotiated media type; an empty body (HEAD) carries no type. */
export function jsonReply(
  status: number,
  body: string | undefined,
  headers: Record<string, string>,
  media: Media,
): Reply {
  return {
    status,
    body,
    headers: body === undefined ? headers : { 'Content-Type': media.contentType, ...headers },
  }
}

export function contentRange(offset: number, count: number, total: number | null): string {
  const range = count === 0 ? '*' : `${offset}-${offset + count - 1}`
  return `${range}/${total ?? '*'}`
}

/** An object was asked for (`vnd.pgrst.object`) but `count` rows came back. */
export function singularError(count: number): RestError {
  return new RestError(
    406,
    'PGRST116',
    'Cannot coerce the result to a single JSON object',
    `The result contains ${count} rows`,
  )
}

/** An offset past the last row (416 PGRST103). */
export function rangeNotSatisfiable(offset: number, total: number): RestError {
  return new RestError(
    416,
    'PGRST103',
    'Requested range not satisfiable',
    `An offset of ${offset} was requested, but there are only ${total} rows.`,
  )
}

export const invalidJson = () => new RestError(400, 'PGRST102', 'Empty or invalid json')

/** The request's JSON body; undefined when it is empty. */
export async function readBodyJson(req: IncomingMessage): Promise<unknown> {
  let raw: Buffer
  try {
    raw = await readBody(req)
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw new RestError(413, 'PGRST102', 'Request body too large')
    throw error
  }
  const parsed = parseJson(raw)
  if (!parsed.ok) throw invalidJson()
  return parsed.value
}

export const isJsonObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** A body that must be a JSON object when present (function arguments); an empty one is `{}`. */
export async function readObjectBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const body = await readBodyJson(req)
  if (body !== undefined && !isJsonObject(body)) throw invalidJson()
  return body ?? {}
}

/** A database error as PostgREST reports it; anything else is rethrown as unexpected. */
function fromDatabase(error: unknown, role: string): RestError {
  if (error instanceof RestError) return error
  if (error instanceof pg.DatabaseError && error.code) {
    const status = statusForSqlState(error.code, error.message, role)
    return new RestError(status, error.code, error.message, error.detail ?? null, error.hint ?? null)
  }
  throw error
}

/** The error answer for `error`; `onUnexpected` hears of anything that is not an API error. */
export function errorReply(error: unknown, role: string, onUnexpected: (error: unknown) => void): RestError {
  let restError: RestError
  try {
    restError = fromDatabase(error, role)
  } catch (unexpected) {
    onUnexpected(unexpected)
    restError = new RestError(500, 'PGRST000', 'Internal server error')
  }
  if (restError.code === READ_ONLY_VIOLATION)
    restError = new RestError(405, restError.code, restError.message, restError.details, restError.hint)
  return restError
}

export function writeReply(res: ServerResponse, reply: Reply): void {
  if (reply.status === 204 || reply.body === undefined) {
    res.writeHead(reply.status, reply.headers)
    res.end()
  } else {
    res.writeHead(reply.status, { 'Content-Length': Buffer.byteLength(reply.body), ...reply.headers })
    res.end(reply.body)
  }
}

export function writeError(res: ServerResponse, error: RestError): void {
  const text = JSON.stringify(error.body())
  res.writeHead(error.status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Proxy-Status': `PostgREST; error=${error.code}`,
    ...error.headers,
  })
  res.end(text)
}
