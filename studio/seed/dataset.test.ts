import { describe, expect, it } from 'vitest'
import { compareWithDisk } from './build'
import { buildDataset } from './builder'
import { artworkDir, contentDir } from './paths'

describe('the committed seed dataset (seed:check)', () => {
  const result = buildDataset({ contentDir, artworkDir })

  it('builds from seed/content without errors', () => {
    expect(result.errors).toEqual([])
  })

  it('is up to date with seed/content and seed/artwork', () => {
    expect(compareWithDisk(result).problems).toEqual([])
  })
})
