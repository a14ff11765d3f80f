// Copies the seed dataset's image files to public/, where the embedded content source says
// they are (CONTENT_ASSET_BASE, /cms-images by default), plus the default social image.
import { cpSync, existsSync, mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const site = join(dirname(fileURLToPath(import.meta.url)), '..')
const seed = join(site, '../../studio/seed')
const images = join(seed, 'images')

if (!existsSync(images)) {
  console.error(`No seed images at ${images}: run "npm run seed:build -w studio" first.`)
  process.exit(1)
}
mkdirSync(join(site, 'public'), { recursive: true })
cpSync(images, join(site, 'public/cms-images'), { recursive: true })
cpSync(join(seed, 'artwork/og/default.webp'), join(site, 'public/og-default.webp'))
