import { describe, expect, it } from 'vitest'
import { pageViewsQuerySchema, viewCountRequestSchema } from './page-views'
import { pageKey } from './view-counter'

describe('page views query schema', () => {
  it('accepts what pageKey produces and defaults op to get', () => {
    const key = pageKey('/blog/why-backups-fail/')
    expect(pageViewsQuerySchema.parse({ ns: 'siyakha-www-siyakha-example', key })).toEqual({
      ns: 'siyakha-www-siyakha-example',
      key: '/blog/why-backups-fail',
      op: 'get',
    })
  })

  it('rejects other characters, empty or overlong values and unknown ops', () => {
    expect(pageViewsQuerySchema.safeParse({ ns: 'a.b', key: '/x' }).success).toBe(false)
    expect(pageViewsQuerySchema.safeParse({ ns: 'a', key: '/x?y' }).success).toBe(false)
    expect(pageViewsQuerySchema.safeParse({ ns: '', key: '/x' }).success).toBe(false)
    expect(pageViewsQuerySchema.safeParse({ ns: 'a', key: `/${'x'.repeat(300)}` }).success).toBe(false)
    expect(pageViewsQuerySchema.safeParse({ ns: 'a', key: '/x', op: 'set' }).success).toBe(false)
  })
})

describe("the site's view-count route schema", () => {
  it("takes a page key and an op; the namespace is not the caller's to choose", () => {
    expect(viewCountRequestSchema.parse({ key: '/blog/why-backups-fail', op: 'hit', ns: 'other' })).toEqual({
      key: '/blog/why-backups-fail',
      op: 'hit',
    })
    expect(viewCountRequestSchema.parse({ key: '/about' })).toEqual({ key: '/about', op: 'get' })
  })

  it('rejects keys pageKey() would never produce', () => {
    for (const key of ['', '/x?y', '/a b', `/${'x'.repeat(300)}`]) {
      expect(viewCountRequestSchema.safeParse({ key }).success).toBe(false)
    }
    expect(viewCountRequestSchema.safeParse({ key: '/x', op: 'set' }).success).toBe(false)
  })
})
