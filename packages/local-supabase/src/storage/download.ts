/*
 * Serving an object's bytes (download, HEAD, signed and public fetches): Storage's headers,
 * a single byte Range (206), If-None-Match (304), and `?download[=name]` as an attachment (on a
 * signed URL too: the parameter sits beside the token, as hosted Storage reads it). Anything but an
 * image is served with `X-Content-Type-Options: nosniff`.
 */
import { createReadStream } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { pipeline } from 'node:stream/promises'
import { objectNotFound } from './errors.js'
import type { FileStore } from './files.js'

export interface ObjectRow {
  id: string
  name: string
  version: string | null
  metadata: Record<string, unknown> | null
  updated_at: Date | null
}

export const OBJECT_READ_COLUMNS = 'id, name, version, metadata, updated_at'

/** `attachment; filename=<enc>; filename*=UTF-8''<enc>` with the `download` value or the file name. */
function contentDisposition(url: URL, key: string): string | undefined {
  const requested = url.searchParams.get('download')
  if (requested === null) return undefined
  const name = encodeURIComponent(requested || key.split('/').pop() || key)
  return `attachment; filename=${name}; filename*=UTF-8''${name}`
}

type Range = { start: number; end: number } | 'unsatisfiable' | undefined

function parseRange(header: string | undefined, size: number): Range {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null
  // Anything but one well-formed byte range is ignored, as RFC 9110 allows; the full body follows.
  if (!match || (match[1] === '' && match[2] === '')) return undefined
  let start: number
  let end: number
  if (match[1] === '') {
    const suffix = Number(match[2])
    if (suffix === 0) return 'unsatisfiable'
    start = Math.max(0, size - suffix)
    end = size - 1
  } else {
    start = Number(match[1])
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1)
    if (end < start && match[2] !== '') return undefined
  }
  if (start >= size) return 'unsatisfiable'
  return { start, end }
}

export async function sendObject(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  files: FileStore,
  row: ObjectRow,
  extraHeaders: Record<string, string>,
): Promise<void> {
  if (!row.version) throw objectNotFound()
  const meta = row.metadata ?? {}
  const size = typeof meta.size === 'number' ? meta.size : 0
  const etag = typeof meta.eTag === 'string' ? meta.eTag : undefined
  const contentType = typeof meta.mimetype === 'string' ? meta.mimetype : 'application/octet-stream'
  const headers: Record<string, string> = {
    'Content-Type': contentType,
    'Accept-Ranges': 'bytes',
    'X-Robots-Tag': 'none',
    ...extraHeaders,
  }
  // A browser must not guess that a file stored as text/plain is HTML and run it. Images are left
  // to the browser to sniff as before (an <img> never runs what it sniffs).
  if (!contentType.toLowerCase().startsWith('image/')) headers['X-Content-Type-Options'] = 'nosniff'

  if (etag) headers.ETag = etag
  if (row.updated_at) headers['Last-Modified'] = row.updated_at.toUTCString()
  const disposition = contentDisposition(url, row.name)
  if (disposition) headers['Content-Disposition'] = disposition

  const ifNoneMatch = req.headers['if-none-match']
  if (etag && ifNoneMatch?.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*')) {
    delete headers['Content-Type']
    res.writeHead(304, headers)
    res.end()
    return
  }
  const range = parseRange(req.headers.range, size)
  if (range === 'unsatisfiable') {
    res.writeHead(416, { ...headers, 'Content-Range': `bytes */${size}`, 'Content-Length': '0' })
    res.end()
    return
  }
  const status = range ? 206 : 200
  const start = range?.start ?? 0
  const end = range?.end ?? size - 1
  if (range) headers['Content-Range'] = `bytes ${start}-${end}/${size}`
  headers['Content-Length'] = String(size === 0 ? 0 : end - start + 1)
  if (req.method === 'HEAD' || size === 0) {
    res.writeHead(status, headers)
    res.end()
    return
  }
  // Opened before the head goes out, so a missing file is still a clean 500 (a broken invariant).
  const stream = createReadStream(files.objectPath(row.version), { start, end })
  await new Promise<void>((resolve, reject) => {
    stream.once('open', () => resolve())
    stream.once('error', reject)
  })
  res.writeHead(status, headers)
  await pipeline(stream, res)
}
