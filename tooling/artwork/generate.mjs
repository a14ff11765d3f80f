// Generates the seed artwork: flat vector scenes written as SVG, rendered to WebP with sharp.
// Output goes to studio/seed/artwork/, which the seed builder reads; `--out <dir>` writes
// elsewhere (e.g. to compare a re-run with the committed files).
// Run: npm run generate -w tooling/artwork [-- <filter>] [-- --out <dir>]
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import sharp from 'sharp'
import { logoSvg, logos, ogCard } from './src/cards.mjs'
import { seeded } from './src/random.mjs'
import { galleryScenes } from './src/scenes/gallery.mjs'
import { postScenes } from './src/scenes/posts.mjs'
import { projectScenes } from './src/scenes/projects.mjs'
import { svgDoc } from './src/svg.mjs'

const here = dirname(fileURLToPath(import.meta.url))
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { out: { type: 'string', default: join(here, '../../studio/seed/artwork') } },
})
const outDir = resolve(values.out)
const only = positionals[0]

const scenes = { ...galleryScenes, ...projectScenes, ...postScenes }
const SIZES = { gallery: [1200, 900], projects: [1200, 800], posts: [1200, 675] }

async function writeWebp(file, svg) {
  const out = join(outDir, file)
  await mkdir(dirname(out), { recursive: true })
  const info = await sharp(Buffer.from(svg)).webp({ quality: 70, effort: 6 }).toFile(out)
  return info.size
}

let total = 0
for (const [key, draw] of Object.entries(scenes)) {
  if (only && !key.includes(only)) continue
  const [W, H] = SIZES[key.split('/')[0]]
  const { defs, s } = draw(W, H, seeded(key))
  const size = await writeWebp(`${key}.webp`, svgDoc(W, H, s, defs))
  total += size
  console.log(`${key}.webp ${(size / 1024).toFixed(1)} KB`)
}
if (!only || 'og'.includes(only)) {
  total += await writeWebp('og/default.webp', ogCard(1200, 630, seeded('og/default')))
}
if (!only || 'logos'.includes(only)) {
  await mkdir(join(outDir, 'logos'), { recursive: true })
  for (const [file, name] of Object.entries(logos))
    await writeFile(join(outDir, 'logos', `${file}.svg`), logoSvg(name))
}
console.log(`total webp ${(total / 1024).toFixed(1)} KB`)
