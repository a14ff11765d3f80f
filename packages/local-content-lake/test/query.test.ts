import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestLake, type TestLake } from '../src/testing.js'
import { clientFor, randomId } from './helpers.js'

let lake: TestLake
const id = randomId('query')

beforeAll(async () => {
  lake = await startTestLake()
  const client = clientFor(lake)
  await client
    .transaction()
    .create({ _id: id, _type: 'testimonial', name: 'Published name', rating: 4 })
    .create({ _id: `drafts.${id}`, _type: 'testimonial', name: 'Draft name', rating: 5 })
    .commit()
})
afterAll(() => lake?.dispose())

describe('GET /data/query', () => {
  it('evaluates GROQ with params, sliced params included (they go to parse too)', async () => {
    const client = clientFor(lake)
    const result = await client.fetch<{ _id: string }[]>(
      '*[_type == $type] | order(_id asc) [0...$limit] { _id }',
      { type: 'testimonial', limit: 2 },
      { perspective: 'raw' },
    )
    expect(result).toHaveLength(2)
    expect(result.every((doc) => typeof doc._id === 'string')).toBe(true)
  })

  it('gives raw, published and drafts views', async () => {
    const client = clientFor(lake)
    const query = '*[_id in [$id, "drafts." + $id]] | order(_id asc) { _id, name }'
    expect(await client.fetch(query, { id }, { perspective: 'raw' })).toEqual([
      { _id: `drafts.${id}`, name: 'Draft name' },
      { _id: id, name: 'Published name' },
    ])
    expect(await client.fetch(query, { id }, { perspective: 'published' })).toEqual([
      { _id: id, name: 'Published name' },
    ])
    expect(await client.fetch(query, { id }, { perspective: 'drafts' })).toEqual([
      { _id: id, name: 'Draft name' },
    ])
    const [overlaid] = await client.fetch(
      `*[_id == $id]{ _id, _originalId }`,
      { id },
      { perspective: 'drafts' },
    )
    expect(overlaid).toEqual({ _id: id, _originalId: `drafts.${id}` })
  })

  it('defaults to published from v2025-02-19 and to raw before it', async () => {
    const query = 'count(*[_id in [$id, "drafts." + $id]])'
    expect(await clientFor(lake, '2025-02-19').fetch(query, { id })).toBe(1)
    expect(await clientFor(lake, '2021-06-07').fetch(query, { id })).toBe(2)
    expect(await clientFor(lake, 'X').fetch(query, { id })).toBe(1)
  })

  it('answers {query, result, ms}, without query when returnQuery=false', async () => {
    const withQuery = await fetch(
      `${lake.httpUrl}/v2025-02-19/data/query/production?query=${encodeURIComponent('1 + 1')}`,
    )
    expect(await withQuery.json()).toMatchObject({ query: '1 + 1', result: 2, ms: expect.any(Number) })
    const without = await fetch(
      `${lake.httpUrl}/v2025-02-19/data/query/production?query=${encodeURIComponent('1 + 1')}&returnQuery=false`,
    )
    const body = await without.json()
    expect(body).toEqual({ result: 2, ms: expect.any(Number) })
  })

  it('sends a long query by POST and answers it the same', async () => {
    const client = clientFor(lake)
    const padding = 'x'.repeat(12_000)
    const result = await client.fetch(
      '*[_id == $id && $padding != ""][0].name',
      { id, padding },
      { perspective: 'raw' },
    )
    expect(result).toBe('Published name')
  })

  it('answers a parse error with queryParseError, start and end', async () => {
    const response = await fetch(
      `${lake.httpUrl}/v2025-02-19/data/query/production?query=${encodeURIComponent('*[_type ==')}`,
    )
    expect(response.status).toBe(400)
    const body = (await response.json()) as { error: Record<string, unknown> }
    expect(body.error).toMatchObject({ type: 'queryParseError', query: '*[_type ==' })
    expect(typeof body.error.description).toBe('string')
    expect(typeof body.error.start).toBe('number')
    expect(typeof body.error.end).toBe('number')
    await expect(clientFor(lake).fetch('*[_type ==')).rejects.toMatchObject({ statusCode: 400 })
  })

  it('refuses a parameter that is not JSON with a 400', async () => {
    const response = await fetch(`${lake.httpUrl}/v2025-02-19/data/query/production?query=$a&$a=nope`)
    expect(response.status).toBe(400)
  })

  it('returns documents by id with the missing ones omitted', async () => {
    const response = await fetch(`${lake.httpUrl}/v2025-02-19/data/doc/production/${id},missing-doc`)
    const body = (await response.json()) as { documents: { _id: string; _rev: string }[]; omitted: unknown[] }
    expect(body.documents.map((doc) => doc._id)).toEqual([id])
    expect(typeof body.documents[0]?._rev).toBe('string')
    expect(body.omitted).toEqual([{ id: 'missing-doc', reason: 'existence' }])
  })
})
