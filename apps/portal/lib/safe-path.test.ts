import { describe, expect, it } from 'vitest'
import { safePath } from './safe-path'

describe('safePath', () => {
  it('keeps same-site paths with their query', () => {
    expect(safePath('/portal/my-tickets')).toBe('/portal/my-tickets')
    expect(safePath('/auth?type=recovery')).toBe('/auth?type=recovery')
  })

  it('falls back for anything that could leave the site', () => {
    for (const value of [
      null,
      '',
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '/\t/evil.example',
      'portal/tickets',
      '/.//evil.example',
      '/%2F%2Fevil.example',
    ]) {
      expect(safePath(value)).toBe('/portal')
    }
  })

  it('uses the given fallback', () => {
    expect(safePath('//x', '/auth')).toBe('/auth')
    // The confirm route's `next` after a password-reset link.
    expect(safePath('/.//evil.example', '/auth?type=recovery')).toBe('/auth?type=recovery')
  })
})
