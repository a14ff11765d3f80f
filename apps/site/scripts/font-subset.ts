// Writes app/fonts/inter-subset.woff2 from the full Inter (fonts/inter-latin-wght.woff2): the
// characters a South African English site uses and the weights the stylesheet asks for. The
// result is committed, so builds need neither this script nor its WebAssembly; run it again
// (`npm run font:subset -w @siyakha/site`) after changing the ranges below.
import { readFile, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import subsetFont from 'subset-font'

const SITE = join(dirname(fileURLToPath(import.meta.url)), '..')
export const SOURCE_FONT = join(SITE, 'fonts/inter-latin-wght.woff2')
export const SUBSET_FONT = join(SITE, 'app/fonts/inter-subset.woff2')

/**
 * Google Fonts' "latin" ranges without the combining marks: ASCII, Latin-1 (Afrikaans ê, ë, ô,
 * and names such as Müller), the œ ligatures, general punctuation (dashes, curly quotes, the
 * ellipsis), the euro and trade marks, arrows and the minus sign.
 */
export const UNICODE_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x20, 0x7e],
  [0xa0, 0xff],
  [0x131, 0x131],
  [0x152, 0x153],
  [0x2c6, 0x2c6],
  [0x2da, 0x2da],
  [0x2dc, 0x2dc],
  [0x2000, 0x206f],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2190, 0x2193],
  [0x2212, 0x2212],
]

/** font-normal to font-extrabold: the weights the site's classes use (a test keeps it so). */
export const WEIGHT_RANGE = { min: 400, max: 800 }

export function subsetText() {
  let text = ''
  for (const [from, to] of UNICODE_RANGES) {
    for (let code = from; code <= to; code++) text += String.fromCodePoint(code)
  }
  return text
}

async function main() {
  const source = await readFile(SOURCE_FONT)
  const subset = await subsetFont(source, subsetText(), {
    targetFormat: 'woff2',
    variationAxes: { wght: WEIGHT_RANGE },
  })
  await writeFile(SUBSET_FONT, subset)
  console.log(`${SUBSET_FONT}: ${source.length} → ${subset.length} bytes`)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main()
