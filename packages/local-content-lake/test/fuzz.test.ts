import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestLake, type TestLake } from '../src/testing.js'
import { bearer } from './helpers.js'

let lake: TestLake
const serverErrors: string[] = []
beforeAll(async () => {
  lake = await startTestLake({
    log: { info: () => undefined, warn: () => undefined, error: (message) => serverErrors.push(message) },
  })
})
afterAll(() => lake?.dispose())

const PATHS = [
  '/v2025-02-19/data/mutate/production',
  '/v2025-02-19/data/actions/production',
  '/v2025-02-19/data/query/production',
  '/v2025-02-19/data/doc/production/testimonial-1',
  '/v2025-02-19/data/history/production/transactions/testimonial-1',
  '/v2025-02-19/data/history/production/documents/testimonial-1',
  '/v2025-02-19/assets/images/production',
  '/v2025-02-19/assets/files/production',
  '/v2025-02-19/users/me/keyvalue',
  '/v2025-02-19/users/me/keyvalue/a,b',
  '/v1/projects/local0000/datasets',
  '/v2021-06-07/data/query/production',
  '/images/local0000/production/x.png',
  '/vX/data/doc/nope/a',
]

const segment = fc.oneof(
  fc.constantFrom('data', 'query', 'mutate', 'production', 'drafts.x', '%', '%zz', '..', '', 'v1', '$x'),
  fc.string({ maxLength: 12 }).map(encodeURIComponent),
)

const path = fc.oneof(
  fc.constantFrom(...PATHS),
  fc.array(segment, { maxLength: 6 }).map((segments) => `/v2025-02-19/${segments.join('/')}`),
  fc.array(segment, { maxLength: 6 }).map((segments) => `/${segments.join('/')}`),
)

const queryString = fc
  .array(
    fc.tuple(
      fc.constantFrom(
        'query',
        '$a',
        '$b',
        'perspective',
        'returnIds',
        'returnDocuments',
        'dryRun',
        'limit',
        'revision',
        'time',
        'filename',
        'visibility',
        'excludeContent',
        'fromTransaction',
        'reverse',
        '$',
      ),
      fc.oneof(
        fc.string({ maxLength: 20 }),
        fc.constantFrom('*', '*[', 'true', '[1,2]', '"x"', 'drafts,raw', '-1', '1e99', 'null', '{'),
      ),
    ),
    { maxLength: 4 },
  )
  .map((pairs) => (pairs.length ? `?${new URLSearchParams(pairs).toString()}` : ''))

/** JSON that resembles the API's bodies, half of it nonsense. */
const mutationish = fc.oneof(
  fc.record({ create: fc.dictionary(fc.constantFrom('_id', '_type', 'name', '_rev'), fc.jsonValue()) }),
  fc.record({ createOrReplace: fc.dictionary(fc.constantFrom('_id', '_type', 'name'), fc.jsonValue()) }),
  fc.record({
    delete: fc.oneof(
      fc.record({ id: fc.string() }),
      fc.record({ query: fc.constantFrom('*[', '*[_type == "x"]', '1') }),
    ),
  }),
  fc.record({
    patch: fc.record(
      {
        id: fc.constantFrom('testimonial-1', 'missing', ''),
        set: fc.dictionary(fc.constantFrom('name', 'a.b', 'tags[0]', '_id', ''), fc.jsonValue()),
        inc: fc.dictionary(fc.constantFrom('name', 'count'), fc.oneof(fc.integer(), fc.double())),
        unset: fc.array(fc.constantFrom('name', '[', 'tags[_key=="x"]', '')),
      },
      { requiredKeys: ['id'] },
    ),
  }),
  fc.jsonValue(),
)

const body = fc.oneof(
  fc.constant(undefined),
  fc.string({ maxLength: 50 }),
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc.record({ mutations: fc.array(mutationish, { maxLength: 3 }) }).map((value) => JSON.stringify(value)),
  fc
    .record({
      actions: fc.array(
        fc.record(
          {
            actionType: fc.constantFrom(
              'sanity.action.document.create',
              'sanity.action.document.edit',
              'sanity.action.document.publish',
              'sanity.action.document.delete',
              'sanity.action.document.discard',
              'sanity.action.document.unpublish',
              'sanity.action.release.create',
              'nonsense',
            ),
            publishedId: fc.constantFrom('testimonial-1', 'fuzz-1', ''),
            draftId: fc.constantFrom('drafts.testimonial-1', 'drafts.fuzz-1', 'testimonial-1'),
            attributes: fc.dictionary(fc.constantFrom('_id', '_type', 'name'), fc.jsonValue()),
            patch: fc.jsonValue(),
          },
          { requiredKeys: ['actionType'] },
        ),
        { maxLength: 3 },
      ),
    })
    .map((value) => JSON.stringify(value)),
  fc.record({ query: fc.string(), params: fc.jsonValue() }).map((value) => JSON.stringify(value)),
)

describe('fuzzing', () => {
  it('never answers 5xx to random paths, parameters and bodies', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH'),
        path,
        queryString,
        body,
        async (method, pathname, query, payload) => {
          const response = await fetch(`${lake.httpUrl}${pathname}${query}`, {
            method,
            // The editor's token, so bodies reach the parsers instead of stopping at a 401.
            headers: { 'Content-Type': 'application/json', ...bearer(lake) },
            body: method === 'GET' ? undefined : payload,
            signal: AbortSignal.timeout(5000),
          })
          // Event streams stay open; their status is what matters.
          await response.body?.cancel()
          expect(response.status, `${method} ${pathname}${query} ${payload ?? ''}`).toBeLessThan(500)
        },
      ),
      { numRuns: 400 },
    )
    expect(serverErrors).toEqual([])
  })
})
