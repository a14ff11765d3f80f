import { type ExprNode, evaluate, evaluateSync, GroqSyntaxError, parse } from 'groq-js'
import { type LakeDocument, LakeError, type ListenFilter } from './types.js'

export interface QueryContext {
  identity: string
  projectId: string
  dataset: string
}

const CACHE_SIZE = 500

/** groq-js throws it for semantic errors (arity, unknown functions) but does not export the class. */
const isGroqQueryError = (error: unknown): error is Error =>
  error instanceof Error && error.name === 'GroqQueryError'
const parsed = new Map<string, ExprNode>()

/**
 * Params go to `parse` too (slices such as `[0...$limit]` need them), so the cache key includes
 * them. The Studio repeats the same few queries with the same params, which is what this catches.
 */
export function parseQuery(query: string, params: Record<string, unknown>): ExprNode {
  const key = `${query}\u0000${JSON.stringify(params)}`
  const cached = parsed.get(key)
  if (cached) {
    parsed.delete(key)
    parsed.set(key, cached)
    return cached
  }
  let tree: ExprNode
  try {
    tree = parse(query, { params })
  } catch (error) {
    throw toParseError(error, query)
  }
  parsed.set(key, tree)
  if (parsed.size > CACHE_SIZE) {
    const oldest = parsed.keys().next().value
    if (oldest !== undefined) parsed.delete(oldest)
  }
  return tree
}

function toParseError(error: unknown, query: string): unknown {
  if (error instanceof GroqSyntaxError) {
    const description = error.message.replace(/^Syntax error in GROQ query at position \d+: /, '')
    const start = error.position
    const end = Math.max(start, Math.min(start + 1, query.length))
    return new LakeError(400, { error: { type: 'queryParseError', description, start, end, query } })
  }
  if (isGroqQueryError(error)) {
    return new LakeError(400, {
      error: { type: 'queryParseError', description: error.message, start: 0, end: query.length, query },
    })
  }
  return error
}

export async function runQuery(
  view: readonly unknown[],
  query: string,
  params: Record<string, unknown>,
  context: QueryContext,
): Promise<unknown> {
  const tree = parseQuery(query, params)
  try {
    const value = await evaluate(tree, {
      dataset: view,
      params,
      identity: context.identity,
      sanity: { projectId: context.projectId, dataset: context.dataset },
    })
    return await value.get()
  } catch (error) {
    if (isGroqQueryError(error)) {
      throw new LakeError(400, { error: { type: 'queryExecutionError', description: error.message, query } })
    }
    throw error
  }
}

/** Functions groq-js can only evaluate asynchronously; a listener filter is checked per document synchronously. */
const ASYNC_ONLY = new Set(['diff', 'delta'])

function filterError(query: string, description: string): LakeError {
  return new LakeError(400, {
    error: { type: 'queryParseError', description, start: 0, end: query.length, query },
  })
}

/** Rejects sub-queries and async-only functions, which a single-document filter cannot run. */
function assertSyncFilter(node: unknown, query: string): void {
  if (Array.isArray(node)) {
    for (const child of node) assertSyncFilter(child, query)
    return
  }
  if (typeof node !== 'object' || node === null) return
  const record = node as { type?: unknown; namespace?: unknown }
  if (record.type === 'Everything') throw filterError(query, 'Listener filters cannot contain sub-queries')
  if (
    (record.type === 'FuncCall' || record.type === 'PipeFuncCall') &&
    typeof record.namespace === 'string' &&
    ASYNC_ONLY.has(record.namespace)
  ) {
    throw filterError(query, `Function ${record.namespace}:: is not supported in listener filters`)
  }
  for (const [key, child] of Object.entries(node)) {
    if (key !== 'type') assertSyncFilter(child, query)
  }
}

/** A listener's `*` or `*[…]` filter, evaluated against one document at a time. */
export function compileFilter(
  query: string,
  params: Record<string, unknown>,
  context: QueryContext,
): ListenFilter {
  const tree = parseQuery(query, params)
  if (tree.type === 'Everything') return { matches: () => true }
  if (tree.type !== 'Filter' || tree.base.type !== 'Everything') {
    throw filterError(query, 'Listener queries must be a filter of the form *[…]')
  }
  const condition = tree.expr
  assertSyncFilter(condition, query)
  return {
    matches(doc: LakeDocument) {
      const result = evaluateSync(condition, {
        root: doc,
        dataset: [],
        params,
        identity: context.identity,
        sanity: { projectId: context.projectId, dataset: context.dataset },
      })
      return result.type === 'boolean' && result.data === true
    },
  }
}
