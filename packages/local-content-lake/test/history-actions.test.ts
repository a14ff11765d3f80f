import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestLake, type TestLake } from '../src/testing.js'
import { bearer, clientFor, randomId } from './helpers.js'

let lake: TestLake
beforeAll(async () => {
  lake = await startTestLake()
})
afterAll(() => lake?.dispose())

async function ndjson(url: string): Promise<Record<string, unknown>[]> {
  const response = await fetch(url, { headers: bearer(lake) })
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toMatch(/^application\/x-ndjson/)
  const text = await response.text()
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>)
}

describe('history', () => {
  it('lists a document’s transactions as NDJSON and serves it as of a revision', async () => {
    const client = clientFor(lake)
    const id = randomId()
    const one = await client.create({ _id: id, _type: 'testimonial', name: 'One' })
    const two = await client.patch(id).set({ name: 'Two' }).commit()
    const base = `${lake.httpUrl}/v2025-02-19/data/history/production`

    const oldestFirst = await ndjson(
      `${base}/transactions/${id}?excludeContent=true&effectFormat=mendoza&limit=50`,
    )
    expect(oldestFirst.map((line) => line.id)).toEqual([one._rev, two._rev])
    expect(oldestFirst[0]).toMatchObject({
      timestamp: expect.any(String),
      author: 'p-local-editor',
      documentIDs: [id],
      effects: { [id]: { apply: expect.any(Array), revert: expect.any(Array) } },
      mutations: expect.any(Array),
    })
    const newestFirst = await ndjson(`${base}/transactions/${id}?reverse=true&excludeMutations=true`)
    expect(newestFirst.map((line) => line.id)).toEqual([two._rev, one._rev])
    expect(newestFirst[0]).not.toHaveProperty('mutations')
    expect(newestFirst[0]).not.toHaveProperty('effects')

    const asOfOne = await fetch(`${base}/documents/${id}?revision=${one._rev}`, { headers: bearer(lake) })
    expect(await asOfOne.json()).toEqual({ documents: [one] })

    await client.delete(id)
    const last = await fetch(`${base}/documents/${id}?lastRevision=true`, { headers: bearer(lake) })
    expect(await last.json()).toEqual({ documents: [two] })
  })
})

describe('POST /data/actions', () => {
  it('edits through a draft copied from the published document, with the caller’s transaction id', async () => {
    const client = clientFor(lake)
    const id = randomId()
    await client.create({ _id: id, _type: 'testimonial', name: 'Published' })
    const response = await fetch(`${lake.httpUrl}/v2025-02-19/data/actions/production`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...bearer(lake) },
      body: JSON.stringify({
        actions: [
          {
            actionType: 'sanity.action.document.edit',
            draftId: `drafts.${id}`,
            publishedId: id,
            patch: { set: { name: 'Draft edit' } },
          },
        ],
        transactionId: 'studio-txn-1',
      }),
    })
    expect(await response.json()).toEqual({ transactionId: 'studio-txn-1' })
    expect(await client.getDocument(`drafts.${id}`)).toMatchObject({
      name: 'Draft edit',
      _rev: 'studio-txn-1',
    })
    expect(await client.getDocument(id)).toMatchObject({ name: 'Published' })
  })

  it('refuses a publish against a stale published revision with 409', async () => {
    const client = clientFor(lake)
    const id = randomId()
    await client.create({ _id: id, _type: 'testimonial', name: 'Published' })
    await client.create({ _id: `drafts.${id}`, _type: 'testimonial', name: 'Draft' })
    await expect(
      client.action({
        actionType: 'sanity.action.document.publish',
        draftId: `drafts.${id}`,
        publishedId: id,
        ifPublishedRevisionId: 'stale',
      }),
    ).rejects.toMatchObject({ statusCode: 409 })
  })

  it('answers a body without actions with 400', async () => {
    const response = await fetch(`${lake.httpUrl}/v2025-02-19/data/actions/production`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...bearer(lake) },
      body: JSON.stringify({ actions: [{}] }),
    })
    expect(response.status).toBe(400)
  })
})
