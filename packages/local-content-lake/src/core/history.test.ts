import { applyPatch } from 'mendoza'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestSetup, production, type TestSetup } from './test-lake.js'
import type { Lake, LakeDataset, LakeDocument } from './types.js'
import { withoutRev } from './util.js'

let setup: TestSetup
let lake: Lake
let dataset: LakeDataset
const snapshots = new Map<string, (LakeDocument | undefined)[]>()
const ids = ['post-1', 'drafts.post-1']
const A = 'sanity.action.document.'

beforeAll(async () => {
  setup = createTestSetup()
  lake = await setup.open()
  dataset = production(lake)
  snapshots.set('seed', dataset.getDocuments(ids))
  const edit = (title: string) => ({
    actionType: `${A}edit`,
    draftId: 'drafts.post-1',
    publishedId: 'post-1',
    patch: { set: { title } },
  })
  const steps: [string, unknown[]][] = [
    ['T1', [edit('one')]],
    ['T2', [edit('two')]],
    ['T3', [{ actionType: `${A}publish`, draftId: 'drafts.post-1', publishedId: 'post-1' }]],
    ['T4', [edit('three')]],
  ]
  for (const [id, actions] of steps) {
    await dataset.act(actions, { transactionId: id })
    snapshots.set(id, dataset.getDocuments(ids))
  }
  await dataset.mutate(
    [{ patch: { id: 'person-1', set: { name: 'Other' } } }, { patch: { id: 'post-1', set: { extra: 1 } } }],
    { transactionId: 'T5' },
  )
})
afterAll(async () => {
  await lake.close()
  setup.dispose()
})

describe('historyTransactions', () => {
  it('lists the transactions touching the ids, oldest first, with effects per document', () => {
    const transactions = dataset.historyTransactions(ids, {})
    expect(transactions.map((t) => t.id)).toEqual(['T1', 'T2', 'T3', 'T4', 'T5'])
    const publish = transactions[2]
    expect(publish?.documentIDs.sort()).toEqual(['drafts.post-1', 'post-1'])
    expect(publish?.author).toBe('p-test')
    expect(Object.keys(publish?.effects ?? {}).sort()).toEqual(['drafts.post-1', 'post-1'])
    expect(publish?.mutations.length).toBeGreaterThan(0)
    expect(transactions[4]?.documentIDs).toEqual(['person-1', 'post-1'])
  })

  it('keeps to the asked-for documents with identifiedDocumentsOnly', () => {
    const [t5] = dataset.historyTransactions(ids, { fromTransaction: 'T5', identifiedDocumentsOnly: true })
    expect(t5?.documentIDs).toEqual(['post-1'])
    expect(Object.keys(t5?.effects ?? {})).toEqual(['post-1'])
    expect(t5?.mutations).toEqual([{ patch: { id: 'post-1', set: { extra: 1 } } }])
  })

  it('effects replayed from the seed give each revision (what the Studio timeline does)', () => {
    let draft: unknown = null
    for (const transaction of dataset.historyTransactions(['drafts.post-1'], {})) {
      const effect = transaction.effects['drafts.post-1']
      if (effect) draft = applyPatch(draft, effect.apply)
      const expected = snapshots.get(transaction.id)?.[1]
      expect(draft).toEqual(expected ? withoutRev(expected) : null)
    }
  })

  it('honours from/to (inclusive), reverse and limit', () => {
    const list = (options: Parameters<LakeDataset['historyTransactions']>[1]) =>
      dataset.historyTransactions(ids, options).map((t) => t.id)
    expect(list({ fromTransaction: 'T2' })).toEqual(['T2', 'T3', 'T4', 'T5'])
    expect(list({ fromTransaction: 'T2', toTransaction: 'T3' })).toEqual(['T2', 'T3'])
    expect(list({ reverse: true, limit: 2 })).toEqual(['T5', 'T4'])
    expect(list({ reverse: true, toTransaction: 'T2' })).toEqual(['T2', 'T1'])
    // Unknown revisions are seed revisions, older than the log.
    expect(list({ fromTransaction: 'seed-abc' })).toEqual(['T1', 'T2', 'T3', 'T4', 'T5'])
    expect(list({ toTransaction: 'seed-abc', reverse: true })).toEqual([])
    expect(dataset.historyTransactions(['person-1'], {}).map((t) => t.id)).toEqual(['T5'])
    expect(dataset.documentsAt(['post-1'], { revision: 'T5' })[0]?.extra).toBe(1)
  })
})

describe('documentsAt', () => {
  it('returns the documents as they were right after a revision', () => {
    for (const id of ['T1', 'T2', 'T3', 'T4']) {
      const expected = (snapshots.get(id) ?? []).filter(Boolean)
      expect(dataset.documentsAt(ids, { revision: id }), id).toEqual(expected)
    }
    expect(dataset.documentsAt(['person-1'], { revision: 'T2' })[0]?.name).toBe('Thandi')
  })

  it('finds a seed revision that the log does not hold', () => {
    const seeded = snapshots.get('seed')?.[0]
    expect(dataset.documentsAt(['post-1'], { revision: seeded?._rev ?? '' })).toEqual([seeded])
    expect(dataset.documentsAt(['post-1'], { revision: 'never' })).toEqual([])
  })

  it('answers by time', () => {
    const [t2] = dataset.historyTransactions(ids, { fromTransaction: 'T2', limit: 1 })
    expect(dataset.documentsAt(ids, { time: t2?.timestamp })).toEqual(
      (snapshots.get('T2') ?? []).filter(Boolean),
    )
    expect(dataset.documentsAt(ids, { time: '2000-01-01T00:00:00Z' })).toEqual(
      (snapshots.get('seed') ?? []).filter(Boolean),
    )
  })

  it('survives a restart (history comes from the log)', async () => {
    await lake.close()
    lake = await setup.open()
    dataset = production(lake)
    expect(dataset.documentsAt(ids, { revision: 'T1' })).toEqual((snapshots.get('T1') ?? []).filter(Boolean))
    expect(dataset.historyTransactions(ids, {}).map((t) => t.id)).toEqual(['T1', 'T2', 'T3', 'T4', 'T5'])
  })
})
