import { describe, expect, it } from 'vitest'
import { RestError } from './errors.js'
import { parsePrefer, responseMode } from './prefer.js'

describe('parsePrefer', () => {
  it('reads known preferences and lists what it applied', () => {
    const prefer = parsePrefer('return=representation, count=exact, timezone=UTC')
    expect(prefer).toMatchObject({ return: 'representation', count: 'exact' })
    expect(prefer.applied).toEqual(['return=representation', 'count=exact'])
  })

  it('ignores unknown preferences unless handling=strict', () => {
    expect(parsePrefer(['tx=rollback', 'bogus=1']).tx).toBe('rollback')
    expect(() => parsePrefer('handling=strict, bogus=1')).toThrow(RestError)
    try {
      parsePrefer('handling=strict, bogus=1')
    } catch (error) {
      expect((error as RestError).code).toBe('PGRST122')
    }
  })
})

describe('responseMode', () => {
  it('is an array by default and an object for vnd.pgrst.object', () => {
    expect(responseMode(undefined)).toBe('array')
    expect(responseMode('application/json')).toBe('array')
    expect(responseMode('application/vnd.pgrst.object+json;q=1')).toBe('object')
  })

  it('refuses a media type it cannot produce with 406 PGRST107', () => {
    expect(() => responseMode('text/csv')).toThrow('None of these media types are available: text/csv')
  })
})
