import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import fontverter from 'fontverter'
import * as hb from 'harfbuzzjs'
import { describe, expect, it } from 'vitest'
import { SOURCE_FONT, SUBSET_FONT, WEIGHT_RANGE } from './font-subset'

const ROOT = join(import.meta.dirname, '../../..')

/** Text files under `dir` whose names end in one of `extensions`, skipping build output. */
function files(dir: string, extensions: string[]): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (name === 'node_modules' || name.startsWith('.')) return []
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return files(path, extensions)
    return extensions.some((extension) => name.endsWith(extension)) ? [path] : []
  })
}

async function face(path: string) {
  const sfnt = await fontverter.convert(readFileSync(path), 'truetype')
  return new hb.Face(new hb.Blob(sfnt))
}

// What visitors read in Inter: the seed content editors start from and the site's own texts.
const TEXT_SOURCES = [
  ...files(join(ROOT, 'studio/seed/content'), ['.yaml', '.md']),
  ...files(join(ROOT, 'apps/site/app'), ['.tsx', '.ts']),
  ...files(join(ROOT, 'apps/site/components'), ['.tsx', '.ts']),
  ...files(join(ROOT, 'packages/ui/src'), ['.tsx', '.ts']),
]

const WEIGHTS: Record<string, number> = {
  thin: 100,
  extralight: 200,
  light: 300,
  normal: 400,
  medium: 500,
  semibold: 600,
  bold: 700,
  extrabold: 800,
  black: 900,
}

describe('the subset web font', () => {
  it('is smaller than the full font it comes from', () => {
    expect(statSync(SUBSET_FONT).size).toBeLessThan(statSync(SOURCE_FONT).size * 0.7)
  })

  it('keeps every glyph of the full font that the seed content and the site texts use', async () => {
    const covered = new Set((await face(SUBSET_FONT)).collectUnicodes())
    // Characters the full font lacks as well (arrows) fall back to a system font either way.
    const available = new Set((await face(SOURCE_FONT)).collectUnicodes())
    const missing = new Map<string, string>()
    for (const file of TEXT_SOURCES) {
      for (const char of readFileSync(file, 'utf8')) {
        const code = char.codePointAt(0) ?? 0
        if (code < 0x20 || covered.has(code) || !available.has(code)) continue
        missing.set(char, file.slice(ROOT.length + 1))
      }
    }
    // A character listed here renders in the fallback font: add its range to UNICODE_RANGES in
    // font-subset.mjs and run `npm run font:subset -w @siyakha/site`.
    expect(Object.fromEntries(missing)).toEqual({})
    expect(TEXT_SOURCES.length).toBeGreaterThan(50)
  })

  it('spans every font weight the site asks for', async () => {
    const axis = (await face(SUBSET_FONT)).getAxisInfos().wght
    expect(axis).toMatchObject(WEIGHT_RANGE)
    const used = new Set<number>()
    const styleFiles = [
      ...TEXT_SOURCES.filter((file) => !file.includes('/studio/')),
      ...files(join(ROOT, 'apps/site/app'), ['.css']),
    ]
    for (const file of styleFiles) {
      const text = readFileSync(file, 'utf8')
      for (const match of text.matchAll(
        /\bfont-(thin|extralight|light|normal|medium|semibold|bold|extrabold|black)\b/g,
      )) {
        used.add(WEIGHTS[match[1] as string] as number)
      }
      for (const match of text.matchAll(/font-weight:\s*(\d+)/g)) used.add(Number(match[1]))
    }
    expect(used.size).toBeGreaterThan(2)
    for (const weight of used) {
      expect(weight, `font weight ${weight} is outside the subset's axis`).toBeGreaterThanOrEqual(
        WEIGHT_RANGE.min,
      )
      expect(weight, `font weight ${weight} is outside the subset's axis`).toBeLessThanOrEqual(
        WEIGHT_RANGE.max,
      )
    }
  })
})
