import fc from 'fast-check'
import { applyPatch, incremental } from 'mendoza'
import { describe, expect, it } from 'vitest'
import { encodeEffects, encodePatch } from './effects.js'

const key = fc.constantFrom('a', 'b', 'c', '_key', '_type', 'title', 'Z', 'é')
const text = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.constantFrom('héllo wörld', 'emoji 😀 here', '😀😀', 'abc', 'abd', ''),
)
const json = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    text,
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.array(
      fc.record(
        { _key: fc.constantFrom('k1', 'k2', 'k3', 'k4'), v: tie('value') },
        { requiredKeys: ['_key'] },
      ),
      { maxLength: 4 },
    ),
    fc.dictionary(key, tie('value'), { maxKeys: 4 }),
  ),
})).value
const doc = fc.dictionary(key, json, { maxKeys: 6 })

describe('mendoza encoder', () => {
  it('round-trips arbitrary documents both ways with the raw encoder', () => {
    fc.assert(
      fc.property(doc, doc, (before, after) => {
        expect(applyPatch(before, encodePatch(before, after))).toEqual(after)
        expect(applyPatch(after, encodePatch(after, before))).toEqual(before)
      }),
      { numRuns: 2000 },
    )
  })

  it('round-trips documents that differ slightly (the common case)', () => {
    fc.assert(
      fc.property(doc, key, json, (before, field, value) => {
        const after = { ...before, [field]: value }
        const { apply, revert } = encodeEffects(before, after)
        expect(applyPatch(before, apply)).toEqual(after)
        expect(applyPatch(after, revert)).toEqual(before)
      }),
      { numRuns: 2000 },
    )
  })

  it("decodes with the incremental patcher the Studio's history timeline uses", () => {
    fc.assert(
      fc.property(doc, doc, (before, after) => {
        const { apply, revert } = encodeEffects(before, after)
        const forward = incremental.applyPatch(incremental.wrap(before, null), apply, null)
        expect(incremental.unwrap(forward)).toEqual(after)
        const back = incremental.applyPatch(forward, revert, null)
        expect(incremental.unwrap(back)).toEqual(before)
      }),
      { numRuns: 1000 },
    )
  })

  it('encodes appear and disappear as literals', () => {
    expect(encodeEffects(null, { a: 1 })).toEqual({ apply: [0, { a: 1 }], revert: [0, null] })
    expect(encodeEffects({ a: 1 }, null)).toEqual({ apply: [0, null], revert: [0, { a: 1 }] })
  })

  it('patches fields instead of repeating the document', () => {
    const before = { title: 'Hello', body: 'x'.repeat(200), list: [{ _key: 'a', n: 1 }] }
    const after = { ...before, title: 'Hello!', list: [{ _key: 'a', n: 2 }] }
    const patch = encodePatch(before, after)
    expect(JSON.stringify(patch)).not.toContain('xxxx')
    expect(applyPatch(before, patch)).toEqual(after)
  })

  it('keeps multi-byte text intact around the edit', () => {
    const before = { t: 'ünïcødé 😀 tail' }
    const after = { t: 'ünïcødé 😀 new tail' }
    expect(applyPatch(before, encodePatch(before, after))).toEqual(after)
    expect(applyPatch(after, encodePatch(after, before))).toEqual(before)
  })
})
