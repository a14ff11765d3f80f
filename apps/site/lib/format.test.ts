import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatCount, formatDate } from './format'

describe('formatCount', () => {
  it('writes a whole number as en-ZA does', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (n) => {
        expect(formatCount(n)).toBe(n.toLocaleString('en-ZA'))
      }),
    )
  })

  it('groups by threes with a no-break space', () => {
    expect(formatCount(0)).toBe('0')
    expect(formatCount(999)).toBe('999')
    expect(formatCount(1000)).toBe('1\u00a0000')
    expect(formatCount(1234567)).toBe('1\u00a0234\u00a0567')
  })
})

describe('formatDate', () => {
  it('writes an ISO date as day, month and year', () => {
    expect(formatDate('2024-11-03T10:00:00Z')).toBe('3 November 2024')
  })
})
