import { randomBytes } from 'node:crypto'

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'

/** A random id in the style of Sanity's generated ids and transaction ids. */
export function randomId(length = 22): string {
  const bytes = randomBytes(length)
  let id = ''
  for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length]
  return id
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Structural equality of JSON values (key order is irrelevant, as it is to every consumer). */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false
    return a.every((item, i) => deepEqual(item, b[i]))
  }
  if (isPlainObject(a)) {
    if (!isPlainObject(b)) return false
    const keys = Object.keys(a)
    if (keys.length !== Object.keys(b).length) return false
    return keys.every((key) => Object.hasOwn(b, key) && deepEqual(a[key], b[key]))
  }
  return false
}

/**
 * Stored documents are shared with every reader (queries, events, history), so they are frozen:
 * a consumer that mutates one fails loudly instead of corrupting the store.
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const child of Object.values(value)) deepFreeze(child)
  }
  return value
}

/** A deep, mutable copy of a JSON value. */
export function cloneJson<T>(value: T): T {
  return structuredClone(value)
}

export function withoutRev<T extends Record<string, unknown>>(doc: T): Omit<T, '_rev'> {
  const { _rev, ...rest } = doc
  return rest
}

export function isDraftId(id: string): boolean {
  return id.startsWith('drafts.')
}

export function isVersionId(id: string): boolean {
  return id.startsWith('versions.')
}

/** `drafts.x` and `versions.<release>.x` → `x`; anything else is already a published id. */
export function publishedIdOf(id: string): string {
  if (isDraftId(id)) return id.slice('drafts.'.length)
  if (isVersionId(id)) {
    const rest = id.slice('versions.'.length)
    const dot = rest.indexOf('.')
    return dot === -1 ? rest : rest.slice(dot + 1)
  }
  return id
}
