import { LakeError } from '../core/types.js'
import { type ApiContext, datasetOf, flag, type Route } from './context.js'
import { type ListenerOptions, listenerEvents } from './listener-events.js'
import { groqParams } from './query-params.js'
import { badRequest } from './respond.js'
import { openEventStream } from './sse.js'
import { isPerspectiveEra } from './target.js'

let listenerCount = 0

function listenerOptions(ctx: ApiContext): ListenerOptions {
  const { url } = ctx
  return {
    includeResult: flag(url, 'includeResult'),
    includePreviousRevision: flag(url, 'includePreviousRevision'),
    // The only option sent when false: absent means the mutations are wanted.
    includeMutations: url.searchParams.get('includeMutations') !== 'false',
    effects: url.searchParams.get('effectFormat') === 'mendoza',
    publishedOnly: isPerspectiveEra(ctx.apiVersion) && !flag(url, 'includeAllVersions'),
    // Anonymous listeners hear of public documents only, as on a public dataset.
    publicOnly: ctx.caller !== 'editor',
    visibilityQuery: url.searchParams.get('visibility') === 'query',
  }
}

function errorMessage(error: LakeError): string {
  const body = error.body as { error?: { description?: unknown } | string; message?: unknown } | null
  if (body && typeof body.error === 'object' && typeof body.error.description === 'string') {
    return body.error.description
  }
  return typeof body?.message === 'string' ? body.message : error.message
}

/**
 * Contract §4: `welcome` first on every connection (resume is not offered: a reconnecting client
 * refetches its snapshots after it), then one `mutation` event per matching document change.
 */
export const listenRoutes: Route[] = [
  {
    method: 'GET',
    pattern: /^\/data\/listen\/(?<ds>[^/]+)$/,
    handler: (ctx, param) => {
      const dataset = datasetOf(ctx, param('ds'))
      const query = ctx.url.searchParams.get('query')
      if (query === null || query === '') throw badRequest('Missing query parameter "query"')
      const params = groqParams(ctx.url)
      const options = listenerOptions(ctx)
      let filter: ReturnType<typeof dataset.compileFilter>
      try {
        filter = dataset.compileFilter(query, params)
      } catch (error) {
        if (!(error instanceof LakeError)) throw error
        // In-band, as Sanity does: the client reports a channelError and does not retry.
        const stream = openEventStream(ctx)
        stream.send('channelError', { message: errorMessage(error) })
        stream.end()
        return
      }
      const stream = openEventStream(ctx)
      listenerCount += 1
      stream.send('welcome', { listenerName: `local-listener-${listenerCount}` })
      const unsubscribe = dataset.subscribe((transaction) => {
        // Runs inside the core's commit: a failure here must not reach it.
        try {
          for (const event of listenerEvents(transaction, filter, options)) {
            stream.send('mutation', event.data, event.id)
          }
        } catch (error) {
          ctx.deps.log.error(`listener ${query}: ${(error as Error).stack ?? String(error)}`)
        }
      })
      stream.onClose(unsubscribe)
    },
  },
]
