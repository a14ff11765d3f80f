import type { Perspective } from '../core/types.js'
import { badRequest } from './respond.js'
import { defaultPerspective } from './target.js'

/** GROQ parameters from `$name=<JSON>` query parameters, as the client encodes them. */
export function groqParams(url: URL): Record<string, unknown> {
  const params: Record<string, unknown> = {}
  for (const [key, raw] of url.searchParams) {
    if (!key.startsWith('$')) continue
    const name = key.slice(1)
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw badRequest(`Invalid parameter name "${key}"`)
    try {
      params[name] = JSON.parse(raw)
    } catch {
      throw badRequest(`Unable to parse value of "${key}=${raw}". Please quote string values.`)
    }
  }
  return params
}

const NAMED = new Set(['raw', 'published', 'drafts', 'previewDrafts'])
const RELEASE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/

/** `raw`, `published`, `drafts`, `previewDrafts`, or a comma-separated stack like `rA,drafts`. */
export function parsePerspective(value: string | null | undefined, apiVersion: string): Perspective {
  if (value === null || value === undefined || value === '') return defaultPerspective(apiVersion)
  if (NAMED.has(value)) return value as Perspective
  const stack = value.split(',').map((name) => name.trim())
  if (stack.some((name) => !RELEASE_NAME.test(name)) || stack.length > 50) {
    throw badRequest(`Invalid perspective "${value}"`)
  }
  return stack
}
