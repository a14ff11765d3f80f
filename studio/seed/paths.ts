import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** `studio/seed/`. */
export const seedDir = dirname(fileURLToPath(import.meta.url))
export const contentDir = join(seedDir, 'content')
export const artworkDir = join(seedDir, 'artwork')
export const imagesDir = join(seedDir, 'images')
export const datasetPath = join(seedDir, 'dataset.ndjson')
