import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestLake, type TestLake } from '../src/testing.js'
import { bearer, clientFor, randomId } from './helpers.js'

let lake: TestLake
beforeAll(async () => {
  lake = await startTestLake()
})
afterAll(() => lake?.dispose())

const mutateUrl = (query = '') => `${lake.httpUrl}/v2025-02-19/data/mutate/production${query}`

async function postMutate(body: unknown, query = '') {
  const response = await fetch(mutateUrl(query), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...bearer(lake) },
    body: JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

describe('POST /data/mutate', () => {
  it('makes the caller’s transaction id every changed document’s _rev', async () => {
    const client = clientFor(lake)
    const id = randomId()
    const result = await client
      .transaction()
      .create({ _id: id, _type: 'testimonial', name: 'A' })
      .transactionId('my-txn-1')
      .commit()
    expect(result.transactionId).toBe('my-txn-1')
    const stored = await client.getDocument(id)
    expect(stored?._rev).toBe('my-txn-1')
    expect(stored?._updatedAt).toEqual(expect.any(String))
  })

  it('refuses a stale ifRevisionId with 409 and the mutationError body', async () => {
    const client = clientFor(lake)
    const id = randomId()
    const created = await client.create({ _id: id, _type: 'testimonial', name: 'A' })
    const { status, body } = await postMutate({
      mutations: [{ patch: { id, ifRevisionID: 'not-the-rev', set: { name: 'B' } } }],
    })
    expect(status).toBe(409)
    const description = `Document by ID "${id}" has unexpected revision ID ("${created._rev}"), expected "not-the-rev"`
    expect(body).toEqual({
      error: {
        type: 'mutationError',
        description: `The mutation(s) failed: ${description}`,
        items: [{ error: { type: 'documentRevisionIDDoesNotMatchError', description, id }, index: 0 }],
      },
    })
    await expect(client.patch(id).ifRevisionId('stale').set({ name: 'C' }).commit()).rejects.toMatchObject({
      statusCode: 409,
    })
    const patched = await client.patch(id).ifRevisionId(created._rev).set({ name: 'D' }).commit()
    expect(patched.name).toBe('D')
  })

  it('answers 409 to create on an existing id', async () => {
    const client = clientFor(lake)
    const id = randomId()
    await client.create({ _id: id, _type: 'testimonial' })
    await expect(client.create({ _id: id, _type: 'testimonial' })).rejects.toMatchObject({ statusCode: 409 })
  })

  it('answers returnIds and returnDocuments in their shapes', async () => {
    const id = randomId()
    const ids = await postMutate(
      { mutations: [{ create: { _id: id, _type: 'testimonial', name: 'X' } }] },
      '?returnIds=true',
    )
    expect(ids.status).toBe(200)
    expect(ids.body).toEqual({ transactionId: expect.any(String), results: [{ id, operation: 'create' }] })
    const docs = await postMutate(
      { mutations: [{ patch: { id, set: { name: 'Y' } } }] },
      '?returnIds=true&returnDocuments=true',
    )
    expect(docs.body).toEqual({
      transactionId: expect.any(String),
      results: [{ id, operation: 'update', document: expect.objectContaining({ _id: id, name: 'Y' }) }],
    })
    const client = clientFor(lake)
    const viaClient = await client.mutate(
      [{ createOrReplace: { _id: id, _type: 'testimonial', name: 'Z' } }],
      {
        returnDocuments: false,
      },
    )
    expect(viaClient).toMatchObject({ transactionId: expect.any(String), documentIds: [id] })
  })

  it('does nothing on dryRun', async () => {
    const id = randomId()
    const { status } = await postMutate(
      { mutations: [{ create: { _id: id, _type: 'testimonial' } }] },
      '?dryRun=true',
    )
    expect(status).toBe(200)
    expect(await clientFor(lake).getDocument(id)).toBeUndefined()
  })

  it('applies the patch operations', async () => {
    const client = clientFor(lake)
    const id = randomId()
    await client.create({
      _id: id,
      _type: 'testimonial',
      name: 'Hello world',
      count: 1,
      tags: ['a', 'c'],
      gone: 1,
    })
    const patched = await client
      .patch(id)
      .setIfMissing({ extra: 'x' })
      .unset(['gone'])
      .inc({ count: 2 })
      .insert('after', 'tags[0]', ['b'])
      .diffMatchPatch({ name: '@@ -1,11 +1,11 @@\n Hello \n-world\n+there\n' })
      .commit()
    expect(patched).toMatchObject({ name: 'Hello there', count: 3, tags: ['a', 'b', 'c'], extra: 'x' })
    expect(patched).not.toHaveProperty('gone')
  })

  it('deletes by query', async () => {
    const client = clientFor(lake)
    const marker = randomId('marker')
    await client
      .transaction()
      .create({ _id: randomId(), _type: 'sanity.previewUrlSecret', marker })
      .create({ _id: randomId(), _type: 'sanity.previewUrlSecret', marker })
      .commit()
    expect(await client.fetch('count(*[marker == $marker])', { marker })).toBe(2)
    const result = await client.delete({
      query: '*[_type == "sanity.previewUrlSecret" && marker == $marker]',
      params: { marker },
    })
    expect(result.results).toHaveLength(2)
    expect(await client.fetch('count(*[marker == $marker])', { marker })).toBe(0)
  })

  it('answers a malformed body with 400', async () => {
    for (const body of [
      {},
      { mutations: 'no' },
      { mutations: [{ explode: {} }] },
      { mutations: [{ patch: { set: {} } }] },
    ]) {
      expect((await postMutate(body)).status).toBe(400)
    }
    const response = await fetch(mutateUrl(), { method: 'POST', body: '{not json', headers: bearer(lake) })
    expect(response.status).toBe(400)
  })
})
