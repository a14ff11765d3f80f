import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ICON_NAMES } from '@siyakha/schemas/icon-names'
import { describe, expect, it } from 'vitest'

const sprite = readFileSync(join(import.meta.dirname, 'icons.svg'), 'utf8')
const symbols = [...sprite.matchAll(/<symbol id="([^"]+)"/g)].map((m) => m[1])

describe('the icon sprite', () => {
  it('has a symbol for every icon name the content model allows, and for every social platform', () => {
    expect(symbols).toEqual(expect.arrayContaining([...ICON_NAMES]))
    for (const platform of ['facebook', 'linkedin', 'instagram', 'x', 'youtube']) {
      expect(symbols).toContain(`social-${platform}`)
    }
  })

  it('carries no symbol twice', () => {
    expect(new Set(symbols).size).toBe(symbols.length)
  })
})
