/* The request headers that shape an answer: `Prefer` and `Accept`, as PostgREST reads them. */
import { RestError } from './errors.js'

export interface Prefer {
  return?: 'representation' | 'minimal' | 'headers-only'
  count?: 'exact' | 'planned' | 'estimated'
  resolution?: 'merge-duplicates' | 'ignore-duplicates'
  missing?: 'default' | 'null'
  tx?: 'commit' | 'rollback'
  handling?: 'strict' | 'lenient'
  applied: string[]
}

const ALLOWED: Record<string, string[]> = {
  return: ['representation', 'minimal', 'headers-only'],
  count: ['exact', 'planned', 'estimated'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
  tx: ['commit', 'rollback'],
  handling: ['strict', 'lenient'],
}

export function parsePrefer(header: string | string[] | undefined): Prefer {
  const raw = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
  const prefer: Prefer = { applied: [] }
  const unknown: string[] = []
  for (const item of raw) {
    const [key = '', value = ''] = item.split('=').map((s) => s.trim())
    if (ALLOWED[key]?.includes(value)) {
      ;(prefer as unknown as Record<string, string>)[key] = value
      prefer.applied.push(`${key}=${value}`)
    } else if (key !== 'timezone' && key !== 'max-affected') unknown.push(item)
  }
  if (prefer.handling === 'strict' && unknown.length > 0) {
    throw new RestError(
      400,
      'PGRST122',
      `Invalid preferences given with handling=strict`,
      `Invalid preferences: ${unknown.join(', ')}`,
    )
  }
  return prefer
}

/** A JSON array of rows, or (`vnd.pgrst.object`) exactly one row as an object. */
export type ResponseMode = 'array' | 'object'

export function responseMode(accept: string | undefined): ResponseMode {
  if (!accept) return 'array'
  const types = accept.split(',').map((t) => (t.split(';')[0] ?? '').trim().toLowerCase())
  for (const type of types) {
    if (type === 'application/vnd.pgrst.object+json' || type === 'application/vnd.pgrst.object')
      return 'object'
    if (['application/json', '*/*', 'application/*', 'application/vnd.pgrst.array+json', ''].includes(type))
      return 'array'
  }
  throw new RestError(406, 'PGRST107', `None of these media types are available: ${accept}`)
}
