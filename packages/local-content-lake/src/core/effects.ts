/**
 * A mendoza encoder (the npm package only decodes). Patches are field-level so that the Studio's
 * history attributes changes to fields; anything that is not a plain object/array/string pair
 * becomes a literal. Opcodes are the indexes of mendoza's OPS table.
 */
import { applyPatch } from 'mendoza'
import { deepEqual, isPlainObject } from './util.js'

const Value = 0
const PushFieldCopy = 10
const PushFieldBlank = 11
const PushElementCopy = 12
const PushElementBlank = 13
const ReturnIntoObjectSameKeyPop = 15
const ReturnIntoArrayPop = 16
const ObjectSetFieldValue = 17
const ObjectDeleteField = 19
const ArrayAppendValue = 20
const ArrayAppendSlice = 21
const StringAppendString = 22
const StringAppendSlice = 23

export type MendozaPatch = unknown[]

export interface Effects {
  apply: MendozaPatch
  revert: MendozaPatch
}

/** The patch turning `left` into `right` under `mendoza.applyPatch`. */
export function encodePatch(left: unknown, right: unknown): MendozaPatch {
  if (deepEqual(left, right)) return []
  if (isPlainObject(left) && isPlainObject(right)) return objectOps(left, right)
  return [Value, right]
}

/**
 * Both directions, checked by decoding: a literal is always correct, so any encoder slip degrades
 * to a bigger patch rather than a wrong document in the Studio.
 */
export function encodeEffects(before: unknown, after: unknown): Effects {
  let apply = encodePatch(before, after)
  if (!deepEqual(applyPatch(before, apply), after)) apply = [Value, after]
  let revert = encodePatch(after, before)
  if (!deepEqual(applyPatch(after, revert), before)) revert = [Value, before]
  return { apply, revert }
}

type Nested = { push: 'copy' | 'blank'; ops: unknown[] } | null

/** How to rebuild `right` from `left` once `left` is on the input stack, or null for a literal. */
function nested(left: unknown, right: unknown): Nested {
  if (isPlainObject(left) && isPlainObject(right)) return { push: 'copy', ops: objectOps(left, right) }
  // A blank output that receives no appends finalises to null, so empty targets stay literals.
  if (Array.isArray(left) && Array.isArray(right) && right.length > 0) {
    return { push: 'blank', ops: arrayOps(left, right) }
  }
  if (typeof left === 'string' && typeof right === 'string' && right.length > 0) {
    const ops = stringOps(left, right)
    return ops ? { push: 'blank', ops } : null
  }
  return null
}

function objectOps(left: Record<string, unknown>, right: Record<string, unknown>): unknown[] {
  const ops: unknown[] = []
  // Field indexes refer to the input object's keys in default sort order, as the decoder sorts them.
  const sortedKeys = Object.keys(left).sort()
  const indexOf = new Map(sortedKeys.map((key, i) => [key, i]))
  for (const key of sortedKeys) {
    if (!Object.hasOwn(right, key)) ops.push(ObjectDeleteField, indexOf.get(key))
  }
  for (const [key, value] of Object.entries(right)) {
    const index = indexOf.get(key)
    if (index === undefined) {
      ops.push(ObjectSetFieldValue, value, key)
      continue
    }
    const old = left[key]
    if (deepEqual(old, value)) continue
    const inner = nested(old, value)
    if (inner) {
      ops.push(inner.push === 'copy' ? PushFieldCopy : PushFieldBlank, index, ...inner.ops)
      ops.push(ReturnIntoObjectSameKeyPop)
    } else {
      ops.push(ObjectSetFieldValue, value, key)
    }
  }
  return ops
}

function arrayOps(left: unknown[], right: unknown[]): unknown[] {
  const ops: unknown[] = []
  const byKey = new Map<string, number>()
  left.forEach((item, i) => {
    if (isPlainObject(item) && typeof item._key === 'string') byKey.set(item._key, i)
  })
  let slice: [number, number] | null = null
  const flush = () => {
    if (slice) ops.push(ArrayAppendSlice, slice[0], slice[1])
    slice = null
  }
  right.forEach((item, j) => {
    const keyed = isPlainObject(item) && typeof item._key === 'string'
    const i = keyed ? byKey.get(item._key as string) : j < left.length ? j : undefined
    if (i !== undefined && deepEqual(left[i], item)) {
      if (slice && slice[1] === i) slice[1] = i + 1
      else {
        flush()
        slice = [i, i + 1]
      }
      return
    }
    flush()
    const inner = i === undefined ? null : nested(left[i], item)
    if (inner && i !== undefined) {
      ops.push(inner.push === 'copy' ? PushElementCopy : PushElementBlank, i, ...inner.ops)
      ops.push(ReturnIntoArrayPop)
    } else {
      ops.push(ArrayAppendValue, item)
    }
  })
  flush()
  return ops
}

const utf8Length = (text: string) => Buffer.byteLength(text, 'utf8')

/**
 * Common prefix and suffix kept as slices (mendoza counts UTF-8 bytes), the middle appended. The
 * JS decoder resolves a slice's end from its start as if the bytes before the start were ASCII,
 * so a suffix slice is only used when they are; otherwise the suffix is appended as text.
 */
function stringOps(left: string, right: string): unknown[] | null {
  const leftChars = Array.from(left)
  const rightChars = Array.from(right)
  let prefix = 0
  while (
    prefix < leftChars.length &&
    prefix < rightChars.length &&
    leftChars[prefix] === rightChars[prefix]
  ) {
    prefix++
  }
  let suffix = 0
  while (
    suffix < leftChars.length - prefix &&
    suffix < rightChars.length - prefix &&
    leftChars[leftChars.length - 1 - suffix] === rightChars[rightChars.length - 1 - suffix]
  ) {
    suffix++
  }
  if (prefix === 0 && suffix === 0) return null
  const ops: unknown[] = []
  const prefixBytes = utf8Length(leftChars.slice(0, prefix).join(''))
  if (prefixBytes > 0) ops.push(StringAppendSlice, 0, prefixBytes)
  const middle = rightChars.slice(prefix, rightChars.length - suffix).join('')
  const suffixText = leftChars.slice(leftChars.length - suffix).join('')
  const suffixStart = leftChars.slice(0, leftChars.length - suffix).join('')
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ASCII range check
  const sliceable = suffix > 0 && /^[\u0000-\u007f]*$/.test(suffixStart)
  const appended = sliceable ? middle : middle + suffixText
  if (appended) ops.push(StringAppendString, appended)
  if (sliceable) {
    const start = utf8Length(suffixStart)
    ops.push(StringAppendSlice, start, start + utf8Length(suffixText))
  }
  return ops
}
