import { describe, expect, it } from 'vitest'
import { matchesEntity, parseBinding, parseFilter } from './filters.js'

describe('parseFilter', () => {
  it('reads the operators, in-lists and top-level commas', () => {
    expect(parseFilter('')).toEqual({ filters: [] })
    expect(parseFilter('ticket_id=eq.a.b')).toEqual({
      filters: [{ column: 'ticket_id', op: 'eq', values: ['a.b'] }],
    })
    expect(parseFilter('id=in.(1, 2,3)')).toEqual({
      filters: [{ column: 'id', op: 'in', values: ['1', '2', '3'] }],
    })
    expect(parseFilter('a=gte.1,b=in.(x,y)')).toEqual({
      filters: [
        { column: 'a', op: 'gte', values: ['1'] },
        { column: 'b', op: 'in', values: ['x', 'y'] },
      ],
    })
  })

  it('gives hosted wording for what it cannot read', () => {
    expect(parseFilter('ticket_id=like.x')).toEqual({ error: 'Error parsing `filter` params: ["like", "x"]' })
    expect(parseFilter('nonsense')).toEqual({ error: 'Error parsing `filter` params: ["nonsense"]' })
    expect(parseFilter(`id=in.(${Array.from({ length: 101 }, (_, i) => i).join(',')})`)).toHaveProperty(
      'error',
    )
  })
})

describe('parseBinding', () => {
  it('defaults the schema, treats unknown events as *, and keeps the echo verbatim', () => {
    const raw = { event: 'insert', table: 'tickets', filter: 'id=eq.1' }
    const binding = parseBinding(raw)
    expect(binding).toMatchObject({ echo: raw, event: 'INSERT', schema: 'public', table: 'tickets' })
    expect(binding.id).toBe(parseBinding({ ...raw }).id)
    expect(parseBinding({ event: 'TRUNCATE', schema: 'app' })).toMatchObject({
      event: '*',
      schema: 'app',
      table: undefined,
    })
    expect(matchesEntity(parseBinding({ event: '*', schema: 'app' }), 'app', 'x', 'DELETE')).toBe(true)
    expect(matchesEntity(parseBinding({ event: 'UPDATE', table: 't' }), 'public', 't', 'INSERT')).toBe(false)
  })
})
