import { describe, expect, it } from 'vitest'
import { checkChange, rejection, useCheckedDataset } from './test-lake.js'

// A fresh lake per test; every committed change is checked to rebuild its document.
const current = useCheckedDataset()

const doc = (id: string) => current.dataset.getDocuments([id])[0]

describe('mutate: create', () => {
  it('stamps system fields; the transaction id becomes _rev', async () => {
    const { transaction, results } = await current.dataset.mutate(
      [{ create: { _id: 'new-1', _type: 'post', _rev: 'client', _updatedAt: 'client', title: 'N' } }],
      { transactionId: 'tx-create', returnDocuments: true },
    )
    expect(transaction.id).toBe('tx-create')
    const created = doc('new-1')
    expect(created).toMatchObject({ _rev: 'tx-create', _updatedAt: transaction.timestamp, title: 'N' })
    expect(created?._createdAt).toBe(transaction.timestamp)
    expect(results).toEqual([{ id: 'new-1', operation: 'create', document: created }])
    expect(transaction.changes).toMatchObject([{ id: 'new-1', transition: 'appear', before: null }])
    expect(current.seen).toHaveLength(1)
  })

  it('invents ids: none given, or a prefix ending in "."', async () => {
    const { results } = await current.dataset.mutate([
      { create: { _type: 'post' } },
      { create: { _id: 'drafts.', _type: 'post' } },
    ])
    expect(results[0]?.id).toMatch(/^[A-Za-z0-9]{22}$/)
    expect(results[1]?.id).toMatch(/^drafts\.[A-Za-z0-9]{22}$/)
    expect(doc(results[1]?.id ?? '')).toBeDefined()
  })

  it('answers 409 for an existing id and applies nothing of the transaction', async () => {
    const error = await rejection(
      current.dataset.mutate([
        { create: { _id: 'other', _type: 'post' } },
        { create: { _id: 'post-1', _type: 'post' } },
      ]),
    )
    expect(error.status).toBe(409)
    expect(error.body).toMatchObject({
      error: { type: 'mutationError', items: [{ index: 1, error: { id: 'post-1' } }] },
    })
    expect(doc('other')).toBeUndefined()
    expect(current.seen).toHaveLength(0)
  })

  it('createIfNotExists leaves an existing document as it is, but under a new revision', async () => {
    const { _rev, _updatedAt, ...content } = doc('post-1') ?? {}
    const { transaction, results } = await current.dataset.mutate(
      [{ createIfNotExists: { _id: 'post-1', _type: 'post', title: 'X' } }],
      { transactionId: 'touch' },
    )
    expect(results).toEqual([{ id: 'post-1', operation: 'update' }])
    expect(doc('post-1')).toEqual({ ...content, _rev: 'touch', _updatedAt: transaction.timestamp })
    expect(transaction.changes.map((change) => change.transition)).toEqual(['update'])
    await current.dataset.mutate([{ createIfNotExists: { _id: 'post-9', _type: 'post', title: 'X' } }])
    expect(doc('post-9')?.title).toBe('X')
  })

  it('createOrReplace replaces the content but keeps _createdAt', async () => {
    const createdAt = doc('post-1')?._createdAt
    await current.dataset.mutate([
      { createOrReplace: { _id: 'post-1', _type: 'post', _createdAt: 'x', title: 'Replaced' } },
    ])
    expect(doc('post-1')).toMatchObject({ title: 'Replaced', _createdAt: createdAt })
    expect(doc('post-1')?.tags).toBeUndefined()
  })
})

describe('mutate: delete', () => {
  it('deletes by id and by query', async () => {
    const { transaction, results } = await current.dataset.mutate([
      { delete: { id: 'post-1' } },
      { delete: { query: '*[_type == $type]', params: { type: 'person' } } },
    ])
    expect(results).toEqual([
      { id: 'post-1', operation: 'delete' },
      { id: 'person-1', operation: 'delete' },
    ])
    expect(current.dataset.getDocuments(['post-1', 'person-1'])).toEqual([undefined, undefined])
    expect(transaction.changes.map((change) => change.transition)).toEqual(['disappear', 'disappear'])
  })

  it('deletes expired preview secrets with the query Presentation sends', async () => {
    await current.dataset.mutate([{ create: { _id: 'secret-1', _type: 'sanity.previewUrlSecret' } }])
    const query = '*[_type == "sanity.previewUrlSecret" && dateTime(_updatedAt) <= dateTime(now()) - 3600]'
    expect((await current.dataset.mutate([{ delete: { query } }])).results).toEqual([])
    expect(doc('secret-1')).toBeDefined()
  })
})

describe('mutate: patch', () => {
  it('applies every operation with the Studio engine; events reproduce the document', async () => {
    await current.dataset.mutate([
      {
        patch: {
          id: 'post-1',
          setIfMissing: { count: 1, tags: [] },
          set: { title: 'Patched' },
          unset: ['image'],
          inc: { count: 2 },
          dec: { count: 1 },
          insert: { after: 'tags[-1]', items: [{ _key: 'b', label: 'two' }] },
        },
      },
      { patch: { id: 'post-2', diffMatchPatch: { title: '@@ -1,6 +1,7 @@\n Second\n+!\n' } } },
    ])
    expect(doc('post-1')).toMatchObject({
      title: 'Patched',
      count: 2,
      tags: [
        { _key: 'a', label: 'one' },
        { _key: 'b', label: 'two' },
      ],
    })
    expect(doc('post-1')?.image).toBeUndefined()
    expect(doc('post-2')?.title).toBe('Second!')
    expect(current.seen[0]?.changes[0]?.mutations).toEqual([
      expect.objectContaining({ patch: expect.any(Object) }),
    ])
  })

  it('patches by query', async () => {
    const { results } = await current.dataset.mutate([
      { patch: { query: '*[_type == "post"]', set: { flag: true } } },
    ])
    expect(results.map((result) => result.id).sort()).toEqual(['drafts.post-2', 'post-1', 'post-2'])
  })

  it('answers ifRevisionID mismatch with the exact 409 body', async () => {
    const rev = doc('post-1')?._rev
    const error = await rejection(
      current.dataset.mutate([{ patch: { id: 'post-1', ifRevisionID: 'x', set: { a: 1 } } }]),
    )
    expect(error.status).toBe(409)
    const description = `Document by ID "post-1" has unexpected revision ID ("${rev}"), expected "x"`
    expect(error.body).toEqual({
      error: {
        type: 'mutationError',
        description: `The mutation(s) failed: ${description}`,
        items: [
          { error: { type: 'documentRevisionIDDoesNotMatchError', description, id: 'post-1' }, index: 0 },
        ],
      },
    })
    await current.dataset.mutate([{ patch: { id: 'post-1', ifRevisionID: rev, set: { a: 1 } } }])
    expect(doc('post-1')?.a).toBe(1)
  })

  it('answers 404 documentNotFoundError for a missing target', async () => {
    const error = await rejection(current.dataset.mutate([{ patch: { id: 'missing', set: { a: 1 } } }]))
    expect(error.status).toBe(404)
    expect(error.body).toMatchObject({
      error: {
        type: 'mutationError',
        items: [{ index: 0, error: { type: 'documentNotFoundError', id: 'missing' } }],
      },
    })
  })

  it('adds array keys with autoGenerateArrayKeys', async () => {
    await current.dataset.mutate(
      [
        { create: { _id: 'k', _type: 'post', list: [{ a: 1 }, { _key: 'keep', a: 2 }] } },
        { patch: { id: 'k', insert: { after: 'list[-1]', items: [{ a: 3 }] } } },
      ],
      { autoGenerateArrayKeys: true },
    )
    const list = doc('k')?.list as { _key?: string }[]
    expect(list).toHaveLength(3)
    expect(list[1]?._key).toBe('keep')
    expect(list[0]?._key).toMatch(/^[A-Za-z0-9]{12}$/)
    expect(list[2]?._key).toMatch(/^[A-Za-z0-9]{12}$/)
  })

  it('checkChange notices an event that does not rebuild the document', async () => {
    const { transaction } = await current.dataset.mutate([
      { patch: { id: 'post-1', set: { title: 'Right' } } },
    ])
    const [change] = transaction.changes
    if (!change) throw new Error('no change')
    const wrongMutations = { ...change, mutations: [{ patch: { id: 'post-1', set: { title: 'Wrong' } } }] }
    expect(() => checkChange(wrongMutations, transaction.timestamp, transaction.id)).toThrow(/mutations/)
    const wrongEffects = { ...change, effects: { apply: [], revert: change.effects.revert } }
    expect(() => checkChange(wrongEffects, transaction.timestamp, transaction.id)).toThrow(/apply/)
  })

  it('create then patch in one transaction is one appear with both mutations', async () => {
    const { transaction } = await current.dataset.mutate([
      { create: { _id: 'cp', _type: 'post', title: 'a' } },
      { patch: { id: 'cp', set: { title: 'b' } } },
    ])
    expect(transaction.changes).toHaveLength(1)
    expect(transaction.changes[0]?.mutations).toHaveLength(2)
    expect(doc('cp')?.title).toBe('b')
  })
})

describe('mutate: transactions', () => {
  it('dryRun applies nothing and notifies nobody', async () => {
    const { transaction } = await current.dataset.mutate(
      [{ patch: { id: 'post-1', set: { title: 'Dry' } } }],
      {
        dryRun: true,
      },
    )
    expect(transaction.changes[0]?.after?.title).toBe('Dry')
    expect(doc('post-1')?.title).toBe('First')
    expect(current.seen).toHaveLength(0)
  })

  it('refuses a transaction id that was used before', async () => {
    await current.dataset.mutate([{ patch: { id: 'post-1', set: { a: 1 } } }], { transactionId: 'same' })
    const error = await rejection(
      current.dataset.mutate([{ patch: { id: 'post-1', set: { a: 2 } } }], { transactionId: 'same' }),
    )
    expect(error.status).toBe(409)
  })

  it('serializes concurrent commits in call order', async () => {
    const commits = Array.from({ length: 20 }, (_, i) =>
      current.dataset.mutate(
        [
          {
            patch: { id: 'post-1', ifRevisionID: i === 0 ? doc('post-1')?._rev : `t${i - 1}`, set: { n: i } },
          },
        ],
        {
          transactionId: `t${i}`,
        },
      ),
    )
    await Promise.all(commits)
    expect(doc('post-1')).toMatchObject({ n: 19, _rev: 't19' })
    expect(current.seen.map((transaction) => transaction.id)).toEqual(commits.map((_, i) => `t${i}`))
  })

  it('answers malformed mutations with 400', async () => {
    for (const mutations of [
      [{ nope: {} }],
      [{ create: { _id: 'x' } }],
      [{ patch: { set: { a: 1 } } }],
      [{ patch: { id: 'post-1', unset: ['_type'] } }],
      [{ create: { _id: 'bad id!', _type: 'post' } }],
    ]) {
      expect((await rejection(current.dataset.mutate(mutations))).status).toBe(400)
    }
  })
})
