import { createHash, randomUUID } from 'node:crypto'
import { mkdir, rename, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { imageSize } from 'image-size'
import { badRequest } from './respond.js'

const MIME_BY_EXTENSION: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  tiff: 'image/tiff',
  bmp: 'image/bmp',
  ico: 'image/x-icon',
  heic: 'image/heic',
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  json: 'application/json',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  zip: 'application/zip',
}

const EXTENSION_BY_MIME = Object.fromEntries(
  Object.entries(MIME_BY_EXTENSION)
    .reverse()
    .map(([extension, mime]) => [mime.split(';')[0], extension]),
)

export function mimeTypeOf(extension: string): string {
  return MIME_BY_EXTENSION[extension.toLowerCase()] ?? 'application/octet-stream'
}

export function sha1(bytes: Buffer): string {
  return createHash('sha1').update(bytes).digest('hex')
}

export interface ImageFacts {
  width: number
  height: number
  extension: string
  hasAlpha: boolean
}

/** PNG's IHDR colour type 4 or 6 carries alpha; a tRNS chunk adds it to the others. */
function pngHasAlpha(bytes: Buffer): boolean {
  const colourType = bytes[25]
  return colourType === 4 || colourType === 6 || bytes.includes('tRNS')
}

/** Real dimensions from the bytes; EXIF orientations 5–8 turn the image a quarter, as Sanity reports it. */
export function inspectImage(bytes: Buffer): ImageFacts {
  let size: ReturnType<typeof imageSize>
  try {
    size = imageSize(bytes)
  } catch (error) {
    throw badRequest(`Invalid image, could not read metadata: ${(error as Error).message}`)
  }
  const type = size.type ?? 'bin'
  const extension = type === 'jpg' ? 'jpg' : type
  const turned = (size.orientation ?? 1) >= 5
  if (!(size.width > 0 && size.height > 0)) throw badRequest('Invalid image: no dimensions')
  return {
    width: turned ? size.height : size.width,
    height: turned ? size.width : size.height,
    extension,
    // Alpha is read for PNG only; other formats that can carry it are reported as having it.
    hasAlpha: type === 'png' ? pngHasAlpha(bytes) : ['gif', 'webp', 'svg', 'avif', 'ico'].includes(type),
  }
}

/** A file's extension: from its name, else its Content-Type, else `bin`. */
export function fileExtension(filename: string | null, contentType: string | undefined): string {
  const fromName = filename ? /\.([A-Za-z0-9]{1,10})$/.exec(filename)?.[1]?.toLowerCase() : undefined
  if (fromName) return fromName
  const mime = contentType?.split(';')[0]?.trim().toLowerCase()
  return (mime && EXTENSION_BY_MIME[mime]) || 'bin'
}

/** Content-addressed, so an existing file already holds these bytes. */
export async function storeAssetFile(dir: string, name: string, bytes: Buffer): Promise<void> {
  const target = path.join(dir, name)
  const existing = await stat(target).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined
    throw error
  })
  if (existing?.isFile()) return
  await mkdir(dir, { recursive: true })
  const temporary = `${target}.${randomUUID()}.tmp`
  await writeFile(temporary, bytes)
  await rename(temporary, target)
}
