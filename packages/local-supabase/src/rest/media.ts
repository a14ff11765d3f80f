/*
 * Content negotiation, as PostgREST does it: JSON arrays by default, one object for
 * `vnd.pgrst.object`, `nulls=stripped` variants, CSV, and the query plan (`vnd.pgrst.plan`, only
 * where the database enables it). The SQL that aggregates rows into each body lives here too.
 */
import { RestError } from './errors.js'

export interface Media {
  /** `object`: exactly one row, as an object. */
  mode: 'array' | 'object'
  format: 'json' | 'csv'
  stripNulls: boolean
  /** EXPLAIN the statement instead of running it for its rows. */
  plan?: { format: 'json' | 'text'; forType: string; options: string[] }
  contentType: string
}

interface MediaRange {
  type: string
  params: Map<string, string>
}

function parseAccept(accept: string): MediaRange[] {
  return accept.split(',').map((item) => {
    const [type = '', ...rest] = item.split(';').map((part) => part.trim())
    const params = new Map<string, string>()
    for (const part of rest) {
      const eq = part.indexOf('=')
      if (eq > 0)
        params.set(
          part.slice(0, eq).trim().toLowerCase(),
          part
            .slice(eq + 1)
            .trim()
            .replace(/^"|"$/g, ''),
        )
    }
    return { type: type.toLowerCase(), params }
  })
}

const PLAN_OPTIONS = new Set(['analyze', 'verbose', 'settings', 'buffers', 'wal'])

function fromRange(range: MediaRange, planEnabled: boolean): Media | undefined {
  const stripNulls = range.params.get('nulls') === 'stripped'
  const suffix = stripNulls ? '; nulls=stripped' : ''
  switch (range.type) {
    case 'application/json':
    case '*/*':
    case 'application/*':
    case '':
      return {
        mode: 'array',
        format: 'json',
        stripNulls: false,
        contentType: 'application/json; charset=utf-8',
      }
    case 'application/vnd.pgrst.array+json':
    case 'application/vnd.pgrst.array':
      return {
        mode: 'array',
        format: 'json',
        stripNulls,
        contentType: stripNulls
          ? `application/vnd.pgrst.array+json${suffix}; charset=utf-8`
          : 'application/json; charset=utf-8',
      }
    case 'application/vnd.pgrst.object+json':
    case 'application/vnd.pgrst.object':
      return {
        mode: 'object',
        format: 'json',
        stripNulls,
        contentType: `application/vnd.pgrst.object+json${suffix}; charset=utf-8`,
      }
    case 'text/csv':
      return { mode: 'array', format: 'csv', stripNulls: false, contentType: 'text/csv; charset=utf-8' }
    case 'application/vnd.pgrst.plan':
    case 'application/vnd.pgrst.plan+json':
    case 'application/vnd.pgrst.plan+text': {
      if (!planEnabled) return undefined
      const forType = range.params.get('for') ?? 'application/json'
      const inner = fromRange({ type: forType, params: new Map() }, false)
      if (!inner) return undefined
      const format = range.type.endsWith('+text') ? 'text' : 'json'
      const options = (range.params.get('options') ?? '').split('|').filter((o) => PLAN_OPTIONS.has(o))
      return {
        ...inner,
        plan: { format, forType, options },
        contentType: `application/vnd.pgrst.plan+${format}; for="${forType}"; charset=utf-8`,
      }
    }
    default:
      return undefined
  }
}

/** The first media type in `Accept` the answer can take; 406 PGRST107 when there is none. */
export function negotiate(accept: string | undefined, settings: { plan: boolean } = { plan: false }): Media {
  if (!accept) return fromRange({ type: 'application/json', params: new Map() }, false) as Media
  for (const range of parseAccept(accept)) {
    const media = fromRange(range, settings.plan)
    if (media) return media
  }
  throw new RestError(406, 'PGRST107', `None of these media types are available: ${accept}`)
}

/**
 * The SQL that turns the rows `row` (a row variable, or one column of it) into the body, and into
 * the first row alone (for `object`).
 */
export function aggregateSql(media: Media, row: string): { body: string; first: string } {
  if (media.format === 'csv') {
    // PostgREST's CSV: the keys of the first row as the header, then each row's record text
    // without its parentheses (PostgreSQL quotes what needs quoting).
    const header = `array_to_string(array(select json_object_keys(json_agg(${row}) -> 0)), ',')`
    const lines = `coalesce(string_agg(substring(${row}::text, 2, length(${row}::text) - 2), chr(10)), '')`
    return { body: `coalesce(${header}, '') || chr(10) || ${lines}`, first: 'null' }
  }
  const value = media.stripNulls ? `json_strip_nulls(to_json(${row}))` : row
  return { body: `coalesce(json_agg(${value}), '[]')::text`, first: `(json_agg(${value}) -> 0)::text` }
}
