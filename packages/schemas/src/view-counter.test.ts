import { describe, expect, it } from 'vitest'
import { displayedViews, hashedBaseline, pageKey, viewBaseline, viewNamespace } from './view-counter'

describe('view counter', () => {
  it('reduces a path to its page key', () => {
    expect(pageKey('/blog/5-signs-your-school/')).toBe('/blog/5-signs-your-school')
    expect(pageKey('/blog/a?b=c#d')).toBe('/blog/abcd')
    expect(pageKey('/')).toBe('/')
  })

  it('picks a hashed baseline from the spec values, stable per path', () => {
    const values = new Set(['/a', '/b', '/c', '/d', '/e', '/f', '/g', '/h'].map(hashedBaseline))
    for (const v of values) expect([600, 100, 59, 90]).toContain(v)
    expect(values.size).toBeGreaterThan(1)
    expect(hashedBaseline('/about')).toBe(hashedBaseline('/about'))
  })

  it('uses the fixed baseline when there is one, else the hashed one of the path', () => {
    expect(viewBaseline('/blog/it-migration-services-south-africa', 267)).toBe(267)
    expect(viewBaseline('/blog/zero-baseline', 0)).toBe(0)
    for (const path of ['/blog/a-new-article', '/about', '/services/cloud-and-edge-solutions']) {
      expect(viewBaseline(path)).toBe(hashedBaseline(path))
      expect(viewBaseline(path, null)).toBe(hashedBaseline(path))
      expect(viewBaseline(`${path}/`)).toBe(hashedBaseline(path))
    }
  })

  it('keeps counters per site host', () => {
    expect(viewNamespace('www.Siyakha.co.za')).toBe('siyakha_www-siyakha-co-za')
    expect(viewNamespace('localhost')).toBe('siyakha_localhost')
  })

  it('adds counted views to the baseline, ignoring non-numbers', () => {
    expect(displayedViews(149, 3)).toBe(152)
    expect(displayedViews(149, 'oops')).toBe(149)
    expect(displayedViews(149, Number.NaN)).toBe(149)
  })
})
