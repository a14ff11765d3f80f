/* The request headers that shape an answer: `Prefer` and `Accept`, as PostgREST reads them. */
import { RestError } from './errors.js'

export interface Prefer {
  return?: 'representation' | 'minimal' | 'headers-only'
  count?: 'exact' | 'planned' | 'estimated'
  resolution?: 'merge-duplicates' | 'ignore-duplicates'
  missing?: 'default' | 'null'
  tx?: 'commit' | 'rollback'
  handling?: 'strict' | 'lenient'
  timezone?: string
  maxAffected?: number
}

const ALLOWED = {
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
  return: ['representation', 'minimal', 'headers-only'],
  count: ['exact', 'planned', 'estimated'],
  tx: ['commit', 'rollback'],
  handling: ['strict', 'lenient'],
} as const

export interface PreferOptions {
  /** `db-tx-end = commit-allow-override | rollback-allow-override`: only then may a client pick `tx`. */
  txOverride: boolean
}

/**
 * Reads every `Prefer` header as PostgREST does: the first value of each kind wins, `timezone=`
 * and `max-affected=` take a value, anything else is unknown, and unknown ones are an error only
 * with `handling=strict`.
 */
export function parsePrefer(
  header: string | string[] | undefined,
  options: PreferOptions = { txOverride: false },
): Prefer {
  const items = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
  const prefer: Prefer = {}
  const unknown: string[] = []
  for (const item of items) {
    const eq = item.indexOf('=')
    const key = eq < 0 ? item : item.slice(0, eq)
    const value = eq < 0 ? '' : item.slice(eq + 1)
    const allowed = (ALLOWED as Record<string, readonly string[]>)[key]
    if (allowed?.includes(value)) {
      if (key === 'tx' && !options.txOverride) continue
      const record = prefer as Record<string, unknown>
      if (record[key] === undefined) record[key] = value
    } else if (key === 'timezone' && value) {
      prefer.timezone ??= value
    } else if (key === 'max-affected' && /^\d+$/.test(value)) {
      prefer.maxAffected ??= Number(value)
    } else if (key !== 'max-affected') {
      unknown.push(item)
    }
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

/** What kind of request answers; `Preference-Applied` names only what applies to it. */
export type PlanKind = 'read' | 'insert' | 'update' | 'delete' | 'call'

/** The `Preference-Applied` value, in PostgREST's order; undefined when nothing applies. */
export function preferenceApplied(
  prefer: Prefer,
  kind: PlanKind,
  options: { resolutionApplies?: boolean } = {},
): string | undefined {
  const mutation = kind === 'insert' || kind === 'update' || kind === 'delete'
  const values = [
    kind === 'insert' && options.resolutionApplies && prefer.resolution && `resolution=${prefer.resolution}`,
    (kind === 'insert' || kind === 'update') && prefer.missing && `missing=${prefer.missing}`,
    mutation && prefer.return && `return=${prefer.return}`,
    prefer.count && `count=${prefer.count}`,
    prefer.tx && `tx=${prefer.tx}`,
    prefer.handling && `handling=${prefer.handling}`,
    prefer.timezone && `timezone=${prefer.timezone}`,
    prefer.handling === 'strict' &&
      (kind === 'update' || kind === 'delete' || kind === 'call') &&
      prefer.maxAffected !== undefined &&
      `max-affected=${prefer.maxAffected}`,
  ].filter((v): v is string => typeof v === 'string')
  return values.length ? values.join(', ') : undefined
}

/**
 * `max-affected` is a promise the client asks the server to keep: with `handling=strict`, a write
 * or a call that touches more rows fails (and the transaction is rolled back by the caller).
 */
export function checkMaxAffected(prefer: Prefer, affected: number): void {
  if (prefer.handling === 'strict' && prefer.maxAffected !== undefined && affected > prefer.maxAffected) {
    throw new RestError(
      400,
      'PGRST124',
      'Query result exceeds max-affected preference constraint',
      `The query affects ${affected} rows`,
    )
  }
}

/** Whether the request's transaction ends in a rollback (`Prefer: tx=` where allowed, or `db-tx-end`). */
export function endsInRollback(prefer: Prefer, settings: { txRollbackAll: boolean }): boolean {
  return prefer.tx === 'rollback' || (settings.txRollbackAll && prefer.tx !== 'commit')
}
