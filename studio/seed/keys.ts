import { createHash } from 'node:crypto'

/** A deterministic `_key`: the same document id and path always give the same key. */
export function stableKey(...parts: (string | number)[]): string {
  return createHash('sha1').update(parts.join('/')).digest('hex').slice(0, 12)
}
