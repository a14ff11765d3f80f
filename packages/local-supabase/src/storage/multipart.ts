/*
 * A streaming multipart/form-data reader, enough for what storage-js sends (fields, then one file
 * part): fields are read into memory (small, capped); the file part is handed over as a stream
 * so its bytes go to disk without being held (contract §8.6).
 */
import { invalidRequest } from './errors.js'

const MAX_HEADER_BYTES = 16 * 1024
const MAX_FIELD_BYTES = 64 * 1024

export interface FilePart {
  name: string
  filename: string
  contentType: string | undefined
  /** The part's bytes; must be read to the end (or abandoned) before anything else is read. */
  body: AsyncIterable<Buffer>
}

export interface MultipartStart {
  fields: Map<string, string>
  file: FilePart | undefined
}

const malformed = () => invalidRequest('Malformed multipart body')

/** Pulls bytes from a stream and splits them on delimiters, keeping only what is not yet consumed. */
class Reader {
  private buffer: Buffer = Buffer.alloc(0)
  private done = false

  constructor(private readonly source: AsyncIterator<Buffer>) {}

  private async fill(): Promise<boolean> {
    if (this.done) return false
    const next = await this.source.next()
    if (next.done) {
      this.done = true
      return false
    }
    this.buffer = this.buffer.length === 0 ? next.value : Buffer.concat([this.buffer, next.value])
    return true
  }

  async take(n: number): Promise<Buffer | undefined> {
    while (this.buffer.length < n) if (!(await this.fill())) return undefined
    const out = this.buffer.subarray(0, n)
    this.buffer = this.buffer.subarray(n)
    return out
  }

  /** Yields the bytes before `delimiter` and consumes it; throws if the stream ends first. */
  async *until(delimiter: Buffer, max = Number.POSITIVE_INFINITY): AsyncGenerator<Buffer> {
    let seen = 0
    for (;;) {
      const at = this.buffer.indexOf(delimiter)
      if (at >= 0) {
        const out = this.buffer.subarray(0, at)
        this.buffer = this.buffer.subarray(at + delimiter.length)
        if (seen + out.length > max) throw malformed()
        if (out.length > 0) yield out
        return
      }
      // Keep a tail that could be the start of the delimiter.
      const safe = this.buffer.length - delimiter.length + 1
      if (safe > 0) {
        const out = this.buffer.subarray(0, safe)
        this.buffer = this.buffer.subarray(safe)
        seen += out.length
        if (seen > max) throw malformed()
        yield out
      }
      if (!(await this.fill())) throw malformed()
    }
  }

  async collect(delimiter: Buffer, max: number): Promise<Buffer> {
    const chunks: Buffer[] = []
    for await (const chunk of this.until(delimiter, max)) chunks.push(chunk)
    return Buffer.concat(chunks)
  }
}

export function boundaryOf(contentType: string): string | undefined {
  const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType)
  return match?.[1] ?? match?.[2]
}

function parseHeaders(text: string): Map<string, string> {
  const headers = new Map<string, string>()
  for (const line of text.split('\r\n')) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
  return headers
}

function dispositionParam(disposition: string, param: string): string | undefined {
  const match = new RegExp(`;\\s*${param}="((?:[^"\\\\]|\\\\.)*)"`, 'i').exec(disposition)
  if (match) return (match[1] ?? '').replace(/\\(.)/g, '$1')
  return new RegExp(`;\\s*${param}=([^;\\s]+)`, 'i').exec(disposition)?.[1]
}

/**
 * Reads fields up to the first file part and returns it unread. Parts after the file are ignored,
 * as Storage takes the first file.
 */
export async function readMultipart(
  source: AsyncIterator<Buffer>,
  boundary: string,
): Promise<MultipartStart> {
  const reader = new Reader(source)
  const fields = new Map<string, string>()
  const dash = Buffer.from(`--${boundary}`)
  const next = Buffer.from(`\r\n--${boundary}`)
  for await (const _ of reader.until(dash, MAX_FIELD_BYTES)) {
    // The preamble before the first boundary means nothing.
  }
  for (;;) {
    const after = (await reader.take(2))?.toString('latin1')
    if (after === '--') return { fields, file: undefined }
    if (after !== '\r\n') throw malformed()
    const headers = parseHeaders(
      (await reader.collect(Buffer.from('\r\n\r\n'), MAX_HEADER_BYTES)).toString('utf8'),
    )
    const disposition = headers.get('content-disposition') ?? ''
    const name = dispositionParam(disposition, 'name') ?? ''
    const filename = dispositionParam(disposition, 'filename')
    if (filename !== undefined) {
      return {
        fields,
        file: { name, filename, contentType: headers.get('content-type'), body: reader.until(next) },
      }
    }
    fields.set(name, (await reader.collect(next, MAX_FIELD_BYTES)).toString('utf8'))
  }
}
