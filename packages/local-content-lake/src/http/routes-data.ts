import { z } from 'zod'
import type { LakeDocument } from '../core/types.js'
import { type ApiContext, datasetOf, flag, idList, type Route } from './context.js'
import { isPublicId } from './listener-events.js'
import { actionsBody, mutateBody } from './mutation-schema.js'
import { groqParams, parsePerspective } from './query-params.js'
import { badRequest, parseWith, readJson, sendJson } from './respond.js'

const queryBody = z.object({
  query: z.string(),
  params: z.record(z.string(), z.unknown()).optional(),
  perspective: z.union([z.string(), z.array(z.string())]).optional(),
})

const visibility = z.enum(['sync', 'async', 'deferred']).optional()

async function runQuery(
  ctx: ApiContext,
  datasetName: string,
  query: string,
  params: Record<string, unknown>,
  perspectiveValue: string | null | undefined,
): Promise<void> {
  const dataset = datasetOf(ctx, datasetName)
  const asked = parsePerspective(perspectiveValue, ctx.apiVersion)
  // Anonymous readers of a public dataset see no drafts or versions, whatever they ask for.
  const perspective = ctx.caller === 'editor' ? asked : 'published'
  const started = performance.now()
  const result = await dataset.query(query, params, { perspective })
  const ms = Math.round(performance.now() - started)
  const returnQuery = ctx.url.searchParams.get('returnQuery') !== 'false'
  sendJson(ctx.res, 200, { ...(returnQuery ? { query } : {}), result: result ?? null, ms })
}

/** With `excludeContent` only existence matters (the Studio's availability checks). */
function withoutContent(doc: LakeDocument) {
  return { _id: doc._id, _type: doc._type, _rev: doc._rev }
}

/** Contract §3.2, §5, §6: documents by id, queries, mutations and actions. */
export const dataRoutes: Route[] = [
  {
    method: 'GET',
    pattern: /^\/data\/doc\/(?<ds>[^/]+)\/(?<ids>[^/]+)$/,
    handler: (ctx, param) => {
      const dataset = datasetOf(ctx, param('ds'))
      const ids = idList(param('ids'))
      const found = dataset.getDocuments(ids)
      const excludeContent = flag(ctx.url, 'excludeContent')
      const documents: unknown[] = []
      const omitted: { id: string; reason: 'existence' | 'permission' }[] = []
      ids.forEach((id, index) => {
        const doc = found[index]
        if (ctx.caller !== 'editor' && !isPublicId(id)) omitted.push({ id, reason: 'permission' })
        else if (doc) documents.push(excludeContent ? withoutContent(doc) : doc)
        else omitted.push({ id, reason: 'existence' })
      })
      sendJson(ctx.res, 200, { documents, omitted })
    },
  },
  {
    method: 'GET',
    pattern: /^\/data\/query\/(?<ds>[^/]+)$/,
    handler: async (ctx, param) => {
      const query = ctx.url.searchParams.get('query')
      if (query === null) throw badRequest('Missing query parameter "query"')
      await runQuery(ctx, param('ds'), query, groqParams(ctx.url), ctx.url.searchParams.get('perspective'))
    },
  },
  {
    // The client switches to POST when the encoded query string passes 11,264 characters.
    method: 'POST',
    pattern: /^\/data\/query\/(?<ds>[^/]+)$/,
    handler: async (ctx, param) => {
      const body = await readJson(ctx.req, queryBody)
      const perspective =
        ctx.url.searchParams.get('perspective') ??
        (Array.isArray(body.perspective) ? body.perspective.join(',') : body.perspective)
      await runQuery(ctx, param('ds'), body.query, { ...groqParams(ctx.url), ...body.params }, perspective)
    },
  },
  {
    method: 'POST',
    pattern: /^\/data\/mutate\/(?<ds>[^/]+)$/,
    editorOnly: true,
    handler: async (ctx, param) => {
      const dataset = datasetOf(ctx, param('ds'))
      parseWith(visibility, ctx.url.searchParams.get('visibility') ?? undefined, 'visibility')
      const body = await readJson(ctx.req, mutateBody)
      const returnDocuments = flag(ctx.url, 'returnDocuments')
      const { transaction, results } = await dataset.mutate(body.mutations, {
        transactionId: body.transactionId,
        dryRun: flag(ctx.url, 'dryRun') || body.dryRun === true,
        autoGenerateArrayKeys: flag(ctx.url, 'autoGenerateArrayKeys'),
        returnDocuments,
      })
      sendJson(ctx.res, 200, {
        transactionId: transaction.id,
        results: results.map(({ id, operation, document }) =>
          returnDocuments && document ? { id, operation, document } : { id, operation },
        ),
      })
    },
  },
  {
    method: 'POST',
    pattern: /^\/data\/actions\/(?<ds>[^/]+)$/,
    editorOnly: true,
    handler: async (ctx, param) => {
      const dataset = datasetOf(ctx, param('ds'))
      const body = await readJson(ctx.req, actionsBody)
      const transaction = await dataset.act(body.actions, {
        transactionId: body.transactionId,
        dryRun: flag(ctx.url, 'dryRun') || body.dryRun === true,
      })
      sendJson(ctx.res, 200, { transactionId: transaction.id })
    },
  },
]
