import { describe, expect, it } from 'vitest'
import { cursorOf, parseCursor } from './cursor'

const ID = '0b7e6a52-3f1d-4c2a-9a57-2f0d6c1e8b11'

describe('parseCursor', () => {
  it('reads the cursor the list writes, keeping the microseconds', () => {
    const value = cursorOf({ created_at: '2026-11-23T21:04:05.123456+00:00', id: ID })
    expect(parseCursor(value)).toEqual({ createdAt: '2026-11-23T21:04:05.123456+00:00', id: ID })
    expect(parseCursor([value, 'garbage'])).toEqual({ createdAt: '2026-11-23T21:04:05.123456+00:00', id: ID })
    expect(parseCursor(`2026-11-23T21:04:05Z_${ID.toUpperCase()}`)).toEqual({
      createdAt: '2026-11-23T21:04:05Z',
      id: ID,
    })
  })

  it('reads anything else as no cursor', () => {
    for (const value of [
      undefined,
      '',
      [],
      'garbage',
      ID,
      `_${ID}`,
      '2026-11-23T21:04:05+00:00_',
      '2026-11-23T21:04:05+00:00_not-a-uuid',
      `2026-02-30T21:04:05+00:00_${ID}`,
      `2026-11-23T24:04:05+00:00_${ID}`,
      `2026-11-23 21:04:05+00:00_${ID}`,
      `2026-11-23T21:04:05.1234567+00:00_${ID}`,
      `2026-11-23T21:04:05+00:00),id.gt.(x_${ID}`,
      `2026-11-23T21:04:05+00:00_${ID}_${ID}`,
      `${'9'.repeat(100)}_${ID}`,
    ]) {
      expect(parseCursor(value)).toBeUndefined()
    }
  })
})
