import { describe, expect, it } from 'vitest'
import { checkHref, checkPath } from './validation'

describe('Studio path fields', () => {
  it('accept site paths', () => {
    for (const path of ['/', '/log-it', '/services/cloud-and-edge-solutions', '/need-help/']) {
      expect(checkPath(path)).toBe(true)
      expect(checkHref(path)).toBe(true)
    }
  })

  it('refuse paths a browser reads as another site', () => {
    for (const path of ['//evil.example', '/\\evil.example', '/.//evil.example', '/%2F%2Fevil.example']) {
      expect(checkPath(path)).toEqual(expect.any(String))
      expect(checkHref(path)).toEqual(expect.any(String))
    }
    expect(checkPath('https://evil.example')).toEqual(expect.any(String))
  })

  it('keep https URLs and anchors in links', () => {
    expect(checkHref('https://wa.me/27110000000')).toBe(true)
    expect(checkHref('#quote-form')).toBe(true)
  })
})
