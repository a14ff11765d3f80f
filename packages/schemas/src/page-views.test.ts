import { describe, expect, it } from 'vitest'
import { pageViewsQuerySchema } from './page-views'
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
