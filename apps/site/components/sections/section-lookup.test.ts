import { afterEach, describe, expect, it, vi } from 'vitest'
import { lookupSection } from './section-lookup'

const registry = { textSection: 'text component' }

describe('lookupSection', () => {
  afterEach(() => {
    vi.unstubAllEnvs()
    vi.restoreAllMocks()
  })

  it('finds the component of a known section type', () => {
    expect(lookupSection(registry, 'textSection')).toBe('text component')
  })

  it('renders nothing for an unknown type and warns in development', () => {
    vi.stubEnv('NODE_ENV', 'development')
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    expect(lookupSection(registry, 'videoSection')).toBeNull()
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"videoSection"'))
  })

  it('stays silent in production', () => {
    vi.stubEnv('NODE_ENV', 'production')
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    expect(lookupSection(registry, 'videoSection')).toBeNull()
    expect(warn).not.toHaveBeenCalled()
  })

  it('does not mistake inherited object keys for section types', () => {
    expect(lookupSection(registry, 'constructor')).toBeNull()
    expect(lookupSection(registry, 'toString')).toBeNull()
  })
})
