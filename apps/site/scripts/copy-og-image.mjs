// Copies the default social image from the seed artwork to public/. Content images are not
// copied: the site serves them from the Content Lake (app/cms-images).
import { cpSync, mkdirSync, rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const site = join(dirname(fileURLToPath(import.meta.url)), '..')
mkdirSync(join(site, 'public'), { recursive: true })
cpSync(join(site, '../../studio/seed/artwork/og/default.webp'), join(site, 'public/og-default.webp'))
// Earlier builds copied the seed images here; public files would shadow the lake's.
rmSync(join(site, 'public/cms-images'), { recursive: true, force: true })
