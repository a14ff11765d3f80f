import type { IncomingMessage, ServerResponse } from 'node:http'

export const MAX_BODY_BYTES = 1024 * 1024

export class BodyTooLargeError extends Error {}

export async function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0)
  if (declared > limit) {
    req.resume()
    throw new BodyTooLargeError()
  }
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > limit) {
      req.resume()
      throw new BodyTooLargeError()
    }
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks)
}

export type JsonParse = { ok: true; value: unknown } | { ok: false }

export function parseJson(buffer: Buffer): JsonParse {
  const text = buffer.toString('utf8')
  if (text.trim() === '') return { ok: true, value: undefined }
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch {
    // The caller answers with its API's own bad-JSON error; the parse error text is not needed.
    return { ok: false }
  }
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string | string[]> = {},
): void {
  const text = body === undefined ? '' : JSON.stringify(body)
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    ...headers,
  })
  res.end(text)
}

export function sendEmpty(res: ServerResponse, status: number, headers: Record<string, string> = {}): void {
  res.writeHead(status, headers)
  res.end()
}

export function redirect(res: ServerResponse, status: number, location: string): void {
  res.writeHead(status, { Location: location, 'Content-Length': 0 })
  res.end()
}
