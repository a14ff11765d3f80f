import type { Route } from './context.js'
import { datasetOf } from './context.js'
import { sendJson } from './respond.js'
import { openEventStream } from './sse.js'

const SHARD = 'local'

const constant =
  (body: unknown): Route['handler'] =>
  (ctx) =>
    sendJson(ctx.res, 200, body)

/**
 * Contract §3.1's small endpoints. `/ping` deliberately has no Timing-Allow-Origin: with it the
 * Studio reads the protocol and, over HTTP/1.1, warns about it.
 */
export const miscRoutes: Route[] = [
  { method: 'GET', pattern: /^\/features$/, handler: constant([]) },
  {
    method: 'GET',
    pattern: /^\/ping$/,
    handler: (ctx) => {
      ctx.res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Sanity-Shard': SHARD })
      ctx.res.end('PONG')
    },
  },
  {
    method: 'GET',
    pattern: /^\/data\/ping\/(?<ds>[^/]+)$/,
    handler: (ctx, param) => {
      datasetOf(ctx, param('ds'))
      ctx.res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Sanity-Shard': SHARD })
      ctx.res.end('PONG')
    },
  },
  { method: 'GET', pattern: /^\/help$/, handler: constant({}) },
  { method: 'GET', pattern: /^\/journey(?:\/.*)?$/, handler: constant(null) },
  { method: 'GET', pattern: /^\/intake\/telemetry-status$/, handler: constant({ status: 'denied' }) },
  { method: 'POST', pattern: /^\/intake\/batch$/, handler: constant({}) },
  { method: 'GET', pattern: /^\/schedules\/[^/]+\/[^/]+$/, handler: constant({ schedules: [] }) },
  // The schema descriptor upload: "complete" ends the Studio's synchronization at once. A 404 is
  // swallowed too, but the browser logs it as a console error.
  {
    method: 'POST',
    pattern: /^\/descriptors\/claim$/,
    handler: constant({ synchronization: { type: 'complete' } }),
  },
  { method: 'POST', pattern: /^\/descriptors\/synchronize$/, handler: constant({ type: 'complete' }) },
  // Cross-dataset references only (the Studio asks with excludeInternalReferences and finds the
  // dataset's own by GROQ): no other dataset refers to this one.
  {
    method: 'GET',
    pattern: /^\/data\/references\/(?<ds>[^/]+)\/documents\/[^/]+\/to$/,
    handler: (ctx, param) => {
      datasetOf(ctx, param('ds'))
      sendJson(ctx.res, 200, { totalCount: 0, references: [] })
    },
  },
  {
    method: 'GET',
    pattern: /^\/check\/cors$/,
    handler: constant({ result: { allowed: true, withCredentials: true } }),
  },
  {
    // The Live Content API: nothing is ever pushed, but a 404 is a console error in Presentation.
    method: 'GET',
    pattern: /^\/data\/live\/events\/(?<ds>[^/]+)$/,
    handler: (ctx, param) => {
      datasetOf(ctx, param('ds'))
      openEventStream(ctx).send('welcome', {})
    },
  },
]
