/**
 * `/data/mutate` semantics (contract §5.1, §5.2) on a working set. @sanity/mutator applies the
 * content changes, so the Studio's local engine and the lake agree; the checks it does not make
 * (existence, revision locks, query selectors, array keys) are made here.
 */
import { type Mut, Mutation } from '@sanity/mutator'
import type { WorkingDocument, WorkingSet } from './commit.js'
import { alreadyExists, type ErrorKind, itemError, malformed, notFound, revisionMismatch } from './errors.js'
import type { MutationResultItem } from './types.js'
import { cloneJson, isPlainObject, randomId } from './util.js'

const ID_PATTERN = /^[a-zA-Z0-9_][a-zA-Z0-9._-]{0,127}$/
const PATCH_SELECTORS = ['id', 'query', 'params', 'ifRevisionID'] as const

export type QuerySelector = (query: string, params: Record<string, unknown>) => Promise<string[]>

export interface ApplyOptions {
  autoGenerateArrayKeys?: boolean
  /** Ids matched by a `{query, params}` selector, against the working state. */
  select: QuerySelector
}

type Operation = MutationResultItem['operation']

export async function applyMutations(
  ws: WorkingSet,
  mutations: unknown[],
  options: ApplyOptions,
): Promise<{ id: string; operation: Operation }[]> {
  const results: { id: string; operation: Operation }[] = []
  for (const [index, mutation] of mutations.entries()) {
    if (!isPlainObject(mutation) || Object.keys(mutation).length !== 1) {
      throw malformed('mutationError', index, 'A mutation must be an object with exactly one operation')
    }
    const [kind, body] = Object.entries(mutation)[0] as [string, unknown]
    if (!isPlainObject(body)) throw malformed('mutationError', index, `Invalid ${kind} mutation`)
    const keyed = options.autoGenerateArrayKeys ? withArrayKeys(kind, body) : body
    switch (kind) {
      case 'create':
      case 'createIfNotExists':
      case 'createOrReplace':
        results.push(createDocument(ws, kind, keyed, index, 'mutationError'))
        break
      case 'delete':
        for (const id of await targetIds(body, index, options.select)) {
          deleteDocument(ws, id)
          results.push({ id, operation: 'delete' })
        }
        break
      case 'patch':
        for (const id of await targetIds(body, index, options.select)) {
          const doc = ws.get(id)
          if (!doc) throw notFound('mutationError', index, id)
          checkRevision(doc, keyed.ifRevisionID, index, 'mutationError')
          patchDocument(ws, doc, keyed, index, 'mutationError')
          results.push({ id, operation: 'update' })
        }
        break
      default:
        throw malformed('mutationError', index, `Unknown mutation type "${kind}"`)
    }
  }
  return results
}

async function targetIds(
  body: Record<string, unknown>,
  index: number,
  select: QuerySelector,
): Promise<string[]> {
  if (typeof body.id === 'string') return [body.id]
  if (typeof body.query === 'string') {
    const params = isPlainObject(body.params) ? body.params : {}
    return select(body.query, params)
  }
  throw malformed('mutationError', index, 'The mutation needs an "id" or a "query"')
}

export function checkRevision(
  doc: WorkingDocument,
  expected: unknown,
  index: number,
  kind: ErrorKind,
  id: string = doc._id,
): void {
  if (expected === undefined) return
  if (typeof expected !== 'string') throw malformed(kind, index, 'ifRevisionID must be a string')
  if (doc._rev !== expected) throw revisionMismatch(kind, index, id, doc._rev as string | undefined, expected)
}

/** `_id` ending in `.` is a prefix: the lake appends a random id, as hosted does. */
function resolveNewId(requested: unknown, index: number, kind: ErrorKind): string {
  if (requested === undefined) return randomId()
  if (typeof requested !== 'string') throw malformed(kind, index, '_id must be a string')
  const id = requested.endsWith('.') ? `${requested}${randomId()}` : requested
  if (!ID_PATTERN.test(id)) throw malformed(kind, index, `Invalid document ID "${id}"`)
  return id
}

export function createDocument(
  ws: WorkingSet,
  kind: 'create' | 'createIfNotExists' | 'createOrReplace',
  input: Record<string, unknown>,
  index: number,
  errorKind: ErrorKind,
): { id: string; operation: Operation } {
  if (kind !== 'create' && typeof input._id !== 'string') {
    throw malformed(errorKind, index, `${kind} requires a document with an _id`)
  }
  if (typeof input._type !== 'string' || input._type === '') {
    throw malformed(errorKind, index, 'The document is missing a _type')
  }
  const id = resolveNewId(input._id, index, errorKind)
  const existing = ws.get(id)
  if (existing && kind === 'create') throw alreadyExists(errorKind, index, id)
  const { _rev, _updatedAt, ...content } = cloneJson(input)
  if (existing && kind === 'createIfNotExists') {
    // Hosted still gives the document a new revision: listeners expect an event for every
    // transaction that names a document, their own above all.
    ws.put(id, existing, { createIfNotExists: { ...content, _id: id } } as Mut)
    return { id, operation: 'update' }
  }
  const createdAt =
    existing?._createdAt ?? (typeof content._createdAt === 'string' ? content._createdAt : ws.timestamp)
  const doc: WorkingDocument = { ...content, _id: id, _createdAt: createdAt }
  ws.put(id, doc, { [kind]: doc } as Mut)
  return { id, operation: existing ? 'update' : 'create' }
}

export function deleteDocument(ws: WorkingSet, id: string): void {
  if (ws.get(id)) ws.put(id, null, { delete: { id } })
}

/** Applies a patch body (its selector fields are ignored) to `doc`, recording it. */
export function patchDocument(
  ws: WorkingSet,
  doc: WorkingDocument,
  body: Record<string, unknown>,
  index: number,
  kind: ErrorKind,
): WorkingDocument {
  const operations: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(body)) {
    if (!(PATCH_SELECTORS as readonly string[]).includes(key)) operations[key] = value
  }
  const patch = { id: doc._id, ...cloneJson(operations) }
  let result: unknown
  try {
    result = new Mutation({ mutations: [{ patch: cloneJson(patch) } as Mut] }).apply(
      doc as Parameters<Mutation['apply']>[0],
    )
  } catch (error) {
    throw itemError(kind, 400, index, {
      type: 'invalidPatchError',
      description: `Cannot apply the patch to "${doc._id}": ${error instanceof Error ? error.message : String(error)}`,
      id: doc._id,
    })
  }
  if (!isPlainObject(result)) throw malformed(kind, index, `The patch left "${doc._id}" without content`)
  if (typeof result._type !== 'string' || result._type === '') {
    throw malformed(kind, index, `The patch left "${doc._id}" without a _type`)
  }
  const next: WorkingDocument = { ...result, _id: doc._id }
  ws.put(doc._id, next, { patch } as Mut)
  return next
}

/** A patch's query params are values to compare against, not content: they keep their shape. */
function withArrayKeys(kind: string, body: Record<string, unknown>): Record<string, unknown> {
  if (kind !== 'patch' || body.params === undefined) return addArrayKeys(body)
  const { params, ...rest } = body
  return { ...addArrayKeys(rest), params }
}

/** Gives every object in an array a `_key` (the `autoGenerateArrayKeys` option). */
export function addArrayKeys<T>(value: T): T {
  if (Array.isArray(value)) {
    return value.map((item) => {
      const keyed = addArrayKeys(item)
      return isPlainObject(keyed) && typeof keyed._key !== 'string' ? { ...keyed, _key: randomId(12) } : keyed
    }) as T
  }
  if (isPlainObject(value)) {
    return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, addArrayKeys(child)])) as T
  }
  return value
}
