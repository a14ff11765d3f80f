import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { extname, resolve } from 'node:path'
import { imageSize } from 'image-size'
import type { SeedImage } from './builder'

const IMAGE_EXT = new Set(['webp', 'png', 'jpg', 'jpeg', 'svg', 'gif', 'avif'])

/**
 * Resolves an artwork file under `artworkDir` to its dataset image (named by content hash and
 * size), reading each file once per build. Reports and returns undefined when it cannot.
 */
export function readArtwork(
  file: string,
  artworkDir: string,
  imageCache: Map<string, SeedImage>,
  report: (message: string) => void,
): SeedImage | undefined {
  const source = resolve(artworkDir, file)
  if (!source.startsWith(resolve(artworkDir))) {
    report(`"${file}" is outside seed/artwork`)
    return undefined
  }
  let image = imageCache.get(source)
  if (!image) {
    if (!existsSync(source)) {
      report(`artwork file "${file}" does not exist in seed/artwork`)
      return undefined
    }
    const ext = extname(source).slice(1).toLowerCase()
    if (!IMAGE_EXT.has(ext)) {
      report(`"${file}" is not an image (${[...IMAGE_EXT].join(', ')})`)
      return undefined
    }
    const bytes = readFileSync(source)
    let size: { width?: number; height?: number }
    try {
      size = imageSize(bytes)
    } catch (error) {
      report(`cannot read the size of "${file}": ${(error as Error).message}`)
      return undefined
    }
    if (!size.width || !size.height) {
      report(`cannot read the size of "${file}"`)
      return undefined
    }
    const sha1 = createHash('sha1').update(bytes).digest('hex')
    const fileName = `${sha1}-${size.width}x${size.height}.${ext === 'jpeg' ? 'jpg' : ext}`
    image = { fileName, source, width: size.width, height: size.height }
    imageCache.set(source, image)
  }
  return image
}
