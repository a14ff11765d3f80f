import { describe, expect, it } from 'vitest'
import type { CommittedTransaction, LakeDocument } from '../core/types.js'
import { type ListenerOptions, listenerEvents } from './listener-events.js'

const doc = (_id: string, _rev: string, extra: Record<string, unknown> = {}): LakeDocument => ({
  _id,
  _type: 'testimonial',
  _rev,
  _createdAt: '2026-01-01T00:00:00.000Z',
  _updatedAt: '2026-01-02T00:00:00.000Z',
  ...extra,
})

const publish: CommittedTransaction = {
  id: 'T3',
  timestamp: '2026-01-02T00:00:00.000Z',
  author: 'p-local-editor',
  changes: [
    {
      id: 't1',
      before: doc('t1', 'seed', { name: 'old' }),
      after: doc('t1', 'T3', { name: 'new' }),
      transition: 'update',
      mutations: [{ createOrReplace: doc('t1', 'T3', { name: 'new' }) }],
      effects: { apply: [17, 'new', 'name'], revert: [17, 'old', 'name'] },
    },
    {
      id: 'drafts.t1',
      before: doc('drafts.t1', 'T2', { name: 'new' }),
      after: null,
      transition: 'disappear',
      mutations: [{ delete: { id: 'drafts.t1' } }],
      effects: { apply: [0, null], revert: [0, { name: 'new' }] },
    },
  ],
}

const options: ListenerOptions = {
  includeResult: false,
  includePreviousRevision: false,
  includeMutations: true,
  effects: false,
  publishedOnly: false,
  publicOnly: false,
  visibilityQuery: false,
}

const all = { matches: () => true }

describe('listenerEvents', () => {
  it('builds one event per matching change, counted for this listener', () => {
    const events = listenerEvents(publish, all, options)
    expect(events.map((event) => event.id)).toEqual(['T3#t1', 'T3#drafts.t1'])
    expect(events[0]?.data).toEqual({
      eventId: 'T3#t1',
      documentId: 't1',
      transactionId: 'T3',
      identity: 'p-local-editor',
      mutations: publish.changes[0]?.mutations,
      previousRev: 'seed',
      resultRev: 'T3',
      timestamp: '2026-01-02T00:00:00.000Z',
      transition: 'update',
      visibility: 'transaction',
      transactionTotalEvents: 2,
      transactionCurrentEvent: 0,
    })
    expect(events[1]?.data).toMatchObject({ previousRev: 'T2', resultRev: 'T3', transition: 'disappear' })
  })

  it('leaves drafts out for a published-only listener, and counts what is left', () => {
    const events = listenerEvents(publish, all, { ...options, publishedOnly: true })
    expect(events.map((event) => event.data.documentId)).toEqual(['t1'])
    expect(events[0]?.data.transactionTotalEvents).toBe(1)
  })

  it('matches the filter against the document before or after', () => {
    const onlyDrafts = { matches: (d: LakeDocument) => d._id.startsWith('drafts.') }
    expect(listenerEvents(publish, onlyDrafts, options).map((event) => event.data.documentId)).toEqual([
      'drafts.t1',
    ])
  })

  it('adds effects, result, previous and the query visibility only when asked, mutations unless refused', () => {
    const [event] = listenerEvents(publish, all, {
      ...options,
      includeResult: true,
      includePreviousRevision: true,
      includeMutations: false,
      effects: true,
      visibilityQuery: true,
    })
    expect(event?.data).not.toHaveProperty('mutations')
    expect(event?.data).toMatchObject({
      effects: publish.changes[0]?.effects,
      result: { name: 'new' },
      previous: { name: 'old' },
      visibility: 'query',
    })
  })

  it('omits previousRev on appear', () => {
    const appear: CommittedTransaction = {
      ...publish,
      changes: [
        {
          id: 'n',
          before: null,
          after: doc('n', 'T3'),
          transition: 'appear',
          mutations: [],
          effects: { apply: [], revert: [] },
        },
      ],
    }
    expect(listenerEvents(appear, all, options)[0]?.data).not.toHaveProperty('previousRev')
  })
})
