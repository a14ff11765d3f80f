import { z } from 'zod'
import type { LakeDataset, LakeDocument } from '../core/types.js'
import { type ApiContext, datasetOf, flag, idList, type Route } from './context.js'
import { parseWith, sendJson } from './respond.js'

const limit = z.coerce.number().int().min(1).max(10_000).optional()

/** How far back `lastRevision=true` looks for a deleted document's last state. */
const LAST_REVISION_SEARCH = 100

function transactionsNdjson(ctx: ApiContext, dataset: LakeDataset, ids: string[]): string {
  const { url } = ctx
  const transactions = dataset.historyTransactions(ids, {
    fromTransaction: url.searchParams.get('fromTransaction') || undefined,
    toTransaction: url.searchParams.get('toTransaction') || undefined,
    limit: parseWith(limit, url.searchParams.get('limit') ?? undefined, 'limit'),
    reverse: flag(url, 'reverse'),
    identifiedDocumentsOnly: flag(url, 'includeIdentifiedDocumentsOnly'),
  })
  const withEffects = url.searchParams.get('effectFormat') === 'mendoza'
  const withMutations = !flag(url, 'excludeMutations')
  return transactions
    .map(({ effects, mutations, ...rest }) =>
      JSON.stringify({
        ...rest,
        ...(withEffects ? { effects } : {}),
        ...(withMutations ? { mutations } : {}),
      }),
    )
    .map((line) => `${line}\n`)
    .join('')
}

/** The document's state just before the transaction that deleted it. */
function lastRevision(dataset: LakeDataset, id: string): LakeDocument | undefined {
  const transactions = dataset.historyTransactions([id], { reverse: true, limit: LAST_REVISION_SEARCH })
  for (const transaction of transactions) {
    const [doc] = dataset.documentsAt([id], { revision: transaction.id })
    if (doc) return doc
  }
  return undefined
}

function documentsAt(ctx: ApiContext, dataset: LakeDataset, ids: string[]): LakeDocument[] {
  const revision = ctx.url.searchParams.get('revision') || undefined
  const time = ctx.url.searchParams.get('time') || undefined
  if (revision || time) return dataset.documentsAt(ids, { revision, time })
  const current = dataset.getDocuments(ids)
  const lastIfDeleted = flag(ctx.url, 'lastRevision')
  return ids.flatMap((id, index) => {
    const doc = current[index] ?? (lastIfDeleted ? lastRevision(dataset, id) : undefined)
    return doc ? [doc] : []
  })
}

/**
 * Contract §5.5. The events API answers empty (the Studio then derives the timeline from the
 * transactions log); transactions and past revisions come from the core's log.
 */
export const historyRoutes: Route[] = [
  {
    method: 'GET',
    editorOnly: true,
    pattern: /^\/data\/history\/(?<ds>[^/]+)\/events\/documents\/[^/]+$/,
    handler: (ctx, param) => {
      datasetOf(ctx, param('ds'))
      sendJson(ctx.res, 200, { events: {}, nextCursor: '' })
    },
  },
  {
    method: 'GET',
    editorOnly: true,
    pattern: /^\/data\/history\/(?<ds>[^/]+)\/transactions\/(?<ids>[^/]+)$/,
    handler: (ctx, param) => {
      const dataset = datasetOf(ctx, param('ds'))
      const body = transactionsNdjson(ctx, dataset, idList(param('ids')))
      ctx.res.writeHead(200, {
        'Content-Type': 'application/x-ndjson; charset=utf-8',
        'Content-Length': Buffer.byteLength(body),
      })
      ctx.res.end(body)
    },
  },
  {
    method: 'GET',
    editorOnly: true,
    pattern: /^\/data\/history\/(?<ds>[^/]+)\/documents\/(?<ids>[^/]+)$/,
    handler: (ctx, param) => {
      const dataset = datasetOf(ctx, param('ds'))
      sendJson(ctx.res, 200, { documents: documentsAt(ctx, dataset, idList(param('ids'))) })
    },
  },
]
