// Looks up the Studio schema definitions by type name, as the seed builder walks a document.
import { schemaTypes } from '../schemaTypes'

export /** The loose shape of a schema type or field definition, as written with `defineType`/`defineField`. */
type Def = {
  name?: string
  type: string
  fields?: Def[]
  of?: Def[]
  to?: { type: string }[]
  options?: { list?: (string | number | { value: string | number })[] }
  validation?: unknown
  initialValue?: unknown
}

const BUILTIN = new Set([
  'string',
  'text',
  'number',
  'boolean',
  'date',
  'datetime',
  'url',
  'slug',
  'image',
  'reference',
  'array',
  'object',
  'block',
  'document',
])

export const registry = new Map<string, Def>(
  (schemaTypes as unknown as Def[]).map((type) => [type.name as string, type]),
)
export const documentTypes = new Set(
  [...registry.values()].filter((t) => t.type === 'document').map((t) => t.name as string),
)

export /** Resolves a field's type name to its definition (named object types) or undefined for builtins. */
function named(def: Def): Def | undefined {
  return BUILTIN.has(def.type) ? undefined : registry.get(def.type)
}

export function listValues(def: Def): (string | number)[] | undefined {
  return def.options?.list?.map((item) => (typeof item === 'object' ? item.value : item))
}
