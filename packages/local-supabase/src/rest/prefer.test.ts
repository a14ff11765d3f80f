import { describe, expect, it } from 'vitest'
import { RestError } from './errors.js'
import { checkMaxAffected, endsInRollback, parsePrefer, preferenceApplied } from './prefer.js'

describe('parsePrefer', () => {
  it('reads known preferences; the first of each kind wins', () => {
    const prefer = parsePrefer('return=representation, count=exact, timezone=UTC, count=planned')
    expect(prefer).toEqual({ return: 'representation', count: 'exact', timezone: 'UTC' })
  })

  it('takes tx only where the database allows the override', () => {
    expect(parsePrefer('tx=rollback').tx).toBeUndefined()
    expect(parsePrefer('tx=rollback', { txOverride: true }).tx).toBe('rollback')
  })

  it('reads max-affected as a number', () => {
    expect(parsePrefer('handling=strict, max-affected=5').maxAffected).toBe(5)
  })

  it('ignores unknown preferences unless handling=strict', () => {
    expect(parsePrefer(['count=exact', 'bogus=1']).count).toBe('exact')
    try {
      parsePrefer('handling=strict, bogus=1')
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(RestError)
      expect((error as RestError).code).toBe('PGRST122')
      expect((error as RestError).details).toBe('Invalid preferences: bogus=1')
    }
  })
})

describe('preferenceApplied', () => {
  it("lists what applies to the request's kind in PostgREST's order", () => {
    const prefer = parsePrefer(
      'max-affected=2, handling=strict, count=exact, return=representation, missing=default',
    )
    expect(preferenceApplied(prefer, 'update')).toBe(
      'missing=default, return=representation, count=exact, handling=strict, max-affected=2',
    )
    expect(preferenceApplied(prefer, 'read')).toBe('count=exact, handling=strict')
    expect(preferenceApplied(parsePrefer('return=minimal'), 'read')).toBeUndefined()
  })

  it('names the resolution only on inserts into a table with a key to resolve on', () => {
    const prefer = parsePrefer('resolution=merge-duplicates')
    expect(preferenceApplied(prefer, 'insert', { resolutionApplies: true })).toBe(
      'resolution=merge-duplicates',
    )
    expect(preferenceApplied(prefer, 'insert')).toBeUndefined()
  })
})

describe('checkMaxAffected', () => {
  it('refuses more rows than promised only with handling=strict', () => {
    expect(() => checkMaxAffected(parsePrefer('handling=strict, max-affected=2'), 3)).toThrow(
      'Query result exceeds max-affected preference constraint',
    )
    expect(() => checkMaxAffected(parsePrefer('handling=strict, max-affected=2'), 2)).not.toThrow()
    expect(() => checkMaxAffected(parsePrefer('max-affected=2'), 3)).not.toThrow()
  })
})

describe('endsInRollback', () => {
  it('follows tx=, and db-tx-end=rollback unless the client commits', () => {
    expect(endsInRollback(parsePrefer('tx=rollback', { txOverride: true }), { txRollbackAll: false })).toBe(
      true,
    )
    expect(endsInRollback({}, { txRollbackAll: true })).toBe(true)
    expect(endsInRollback(parsePrefer('tx=commit', { txOverride: true }), { txRollbackAll: true })).toBe(
      false,
    )
  })
})
