import type { IncomingMessage, OutgoingHttpHeaders } from 'node:http'
import type { Http2ServerRequest } from 'node:http2'
import type { z } from 'zod'
import { LakeError } from '../core/types.js'

/** Both servers hand the router these: Node's HTTP/1.1 objects or HTTP/2's compatibility ones. */
export type HttpRequest = IncomingMessage | Http2ServerRequest

/** What the router uses of a response; ServerResponse and Http2ServerResponse both have it. */
export interface HttpResponse {
  statusCode: number
  readonly headersSent: boolean
  readonly writableEnded: boolean
  setHeader(name: string, value: string | number | readonly string[]): unknown
  getHeader(name: string): unknown
  hasHeader(name: string): boolean
  writeHead(status: number, headers?: OutgoingHttpHeaders): unknown
  write(chunk: string | Uint8Array): boolean
  end(chunk?: string | Uint8Array): unknown
  once(event: 'close', listener: () => void): unknown
  destroy(error?: Error): unknown
}

export function sendJson(
  res: HttpResponse,
  status: number,
  body: unknown,
  headers: OutgoingHttpHeaders = {},
): void {
  const text = JSON.stringify(body) ?? 'null'
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    ...headers,
  })
  res.end(text)
}

const STATUS_NAMES: Record<number, string> = {
  400: 'Bad Request',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
}

/** Sanity's generic error body, for everything that is not a mutation, action or query error. */
export function httpError(status: number, message: string): LakeError {
  return new LakeError(status, { error: STATUS_NAMES[status] ?? 'Error', message, statusCode: status })
}

export const badRequest = (message: string) => httpError(400, message)
export const notFound = (message: string) => httpError(404, message)

export async function readBody(req: HttpRequest, limitBytes: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'])
  if (Number.isFinite(declared) && declared > limitBytes) {
    throw httpError(413, `Request body exceeds ${limitBytes} bytes`)
  }
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer | string>) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk
    size += buffer.length
    if (size > limitBytes) throw httpError(413, `Request body exceeds ${limitBytes} bytes`)
    chunks.push(buffer)
  }
  return Buffer.concat(chunks)
}

const JSON_BODY_LIMIT = 64 * 1024 * 1024

/** The body as JSON, validated: anything malformed is a 400, never a 500. */
export async function readJson<T extends z.ZodType>(req: HttpRequest, schema: T): Promise<z.infer<T>> {
  const text = (await readBody(req, JSON_BODY_LIMIT)).toString('utf8')
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw badRequest(`Request body is not valid JSON: ${(error as Error).message}`)
  }
  return parseWith(schema, value, 'Request body')
}

export function parseWith<T extends z.ZodType>(schema: T, value: unknown, what: string): z.infer<T> {
  const parsed = schema.safeParse(value)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : ''
  throw badRequest(`${what} is invalid${where}: ${issue?.message ?? 'unexpected value'}`)
}
