import { describe, expect, it } from 'vitest'
import { rejection, useCheckedDataset } from './test-lake.js'

// A fresh lake per test; every committed change is checked to rebuild its document.
const current = useCheckedDataset()

const doc = (id: string) => current.dataset.getDocuments([id])[0]
const A = 'sanity.action.document.'

describe('act', () => {
  it('create makes a draft; ifExists fail → 409, ignore → unchanged content', async () => {
    const create = (ifExists: string) => ({
      actionType: `${A}create`,
      publishedId: 'new',
      attributes: { _id: 'drafts.new', _type: 'post', title: 'New', _rev: 'studio' },
      ifExists,
    })
    const transaction = await current.dataset.act([create('fail')], { transactionId: 'T1' })
    expect(doc('drafts.new')).toMatchObject({ title: 'New', _rev: 'T1' })
    expect(transaction.changes[0]).toMatchObject({ transition: 'appear' })
    const error = await rejection(current.dataset.act([create('fail')]))
    expect(error.status).toBe(409)
    expect(error.body).toMatchObject({ error: { type: 'actionError', items: [{ index: 0 }] } })
    const ignored = await current.dataset.act([create('ignore')], { transactionId: 'T2' })
    expect(ignored.changes.map((change) => change.transition)).toEqual(['update'])
    expect(doc('drafts.new')).toMatchObject({ title: 'New', _rev: 'T2' })
  })

  it('edit materialises the draft from the published document, then patches', async () => {
    const published = doc('post-1')
    const transaction = await current.dataset.act(
      [
        {
          actionType: `${A}edit`,
          draftId: 'drafts.post-1',
          publishedId: 'post-1',
          patch: { unset: ['_empty_action_guard_pseudo_field_'] },
        },
        {
          actionType: `${A}edit`,
          draftId: 'drafts.post-1',
          publishedId: 'post-1',
          patch: { set: { title: 'Draft' } },
        },
      ],
      { transactionId: 'T1' },
    )
    const draft = doc('drafts.post-1')
    expect(draft).toMatchObject({
      title: 'Draft',
      tags: published?.tags,
      _rev: 'T1',
      _createdAt: published?._createdAt,
    })
    expect(transaction.changes).toHaveLength(1)
    expect(transaction.changes[0]?.transition).toBe('appear')
    expect(transaction.changes[0]?.mutations[0]).toHaveProperty('createIfNotExists')
    expect(doc('post-1')).toBe(published)
  })

  it('edit of a document that exists nowhere is an error', async () => {
    const error = await rejection(
      current.dataset.act([
        { actionType: `${A}edit`, draftId: 'drafts.none', publishedId: 'none', patch: { set: { a: 1 } } },
      ]),
    )
    expect(error.status).toBe(404)
  })

  it('publish replaces the published document from the draft: two changes, one transaction', async () => {
    const published = doc('post-2')
    const transaction = await current.dataset.act(
      [
        {
          actionType: `${A}publish`,
          draftId: 'drafts.post-2',
          publishedId: 'post-2',
          ifPublishedRevisionId: published?._rev,
        },
      ],
      { transactionId: 'P1' },
    )
    expect(transaction.changes.map((change) => [change.id, change.transition])).toEqual([
      ['post-2', 'update'],
      ['drafts.post-2', 'disappear'],
    ])
    expect(doc('post-2')).toMatchObject({
      title: 'Second (draft)',
      _rev: 'P1',
      _createdAt: published?._createdAt,
    })
    expect(doc('drafts.post-2')).toBeUndefined()
    expect(current.seen).toHaveLength(1)
  })

  it('publish checks both revisions', async () => {
    for (const guard of [{ ifPublishedRevisionId: 'stale' }, { ifDraftRevisionId: 'stale' }]) {
      const error = await rejection(
        current.dataset.act([
          { actionType: `${A}publish`, draftId: 'drafts.post-2', publishedId: 'post-2', ...guard },
        ]),
      )
      expect(error.status).toBe(409)
      expect(error.body).toMatchObject({
        error: { type: 'actionError', items: [{ error: { type: 'documentRevisionIDDoesNotMatchError' } }] },
      })
    }
    expect(doc('drafts.post-2')).toBeDefined()
  })

  it('unpublish moves the published document to a draft', async () => {
    const transaction = await current.dataset.act([
      { actionType: `${A}unpublish`, draftId: 'drafts.post-1', publishedId: 'post-1' },
    ])
    expect(doc('post-1')).toBeUndefined()
    expect(doc('drafts.post-1')?.title).toBe('First')
    expect(transaction.changes.map((change) => change.transition).sort()).toEqual(['appear', 'disappear'])
  })

  it('delete removes the published document and the listed drafts', async () => {
    await current.dataset.act([
      { actionType: `${A}delete`, publishedId: 'post-2', includeDrafts: ['drafts.post-2'] },
    ])
    expect(current.dataset.getDocuments(['post-2', 'drafts.post-2'])).toEqual([undefined, undefined])
  })

  it('discard deletes the draft and fails when there is none', async () => {
    await current.dataset.act([{ actionType: `${A}discard`, draftId: 'drafts.post-2' }])
    expect(doc('drafts.post-2')).toBeUndefined()
    expect(doc('post-2')).toBeDefined()
    expect(
      (await rejection(current.dataset.act([{ actionType: `${A}discard`, draftId: 'drafts.post-2' }])))
        .status,
    ).toBe(404)
  })

  it('handles release versions minimally', async () => {
    await current.dataset.act([
      {
        actionType: `${A}version.create`,
        publishedId: 'post-1',
        versionId: 'versions.r1.post-1',
        baseId: 'post-1',
      },
    ])
    expect(doc('versions.r1.post-1')?.title).toBe('First')
    await current.dataset.act([
      {
        actionType: `${A}version.replace`,
        document: { _id: 'versions.r1.post-1', _type: 'post', title: 'V' },
      },
    ])
    expect(doc('versions.r1.post-1')?.title).toBe('V')
    await current.dataset.act([
      { actionType: `${A}version.unpublish`, versionId: 'versions.r1.post-1', publishedId: 'post-1' },
    ])
    expect(doc('versions.r1.post-1')?._system).toEqual({ delete: true })
    await current.dataset.act([{ actionType: `${A}version.discard`, versionId: 'versions.r1.post-1' }])
    expect(doc('versions.r1.post-1')).toBeUndefined()
  })

  it('answers replaceDraft and release actions with 400 actionError', async () => {
    for (const actionType of [`${A}replaceDraft`, 'sanity.action.release.create']) {
      const error = await rejection(current.dataset.act([{ actionType }]))
      expect(error.status).toBe(400)
      expect(error.body).toMatchObject({ error: { type: 'actionError' } })
    }
  })

  it('is atomic: a failing action leaves the earlier ones unapplied', async () => {
    await rejection(
      current.dataset.act([
        { actionType: `${A}discard`, draftId: 'drafts.post-2' },
        { actionType: `${A}discard`, draftId: 'drafts.none' },
      ]),
    )
    expect(doc('drafts.post-2')).toBeDefined()
    expect(current.seen).toHaveLength(0)
  })
})
