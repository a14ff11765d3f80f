import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestSetup, production, type TestSetup } from './test-lake.js'
import { type Lake, type LakeDataset, type LakeDocument, LakeError } from './types.js'

let setup: TestSetup
let lake: Lake
let dataset: LakeDataset

beforeAll(async () => {
  setup = createTestSetup()
  lake = await setup.open()
  dataset = production(lake)
  await dataset.mutate([
    { create: { _id: 'versions.r1.post-1', _type: 'post', title: 'First (release r1)' } },
    { create: { _id: 'drafts.person-2', _type: 'person', name: 'Draft only' } },
  ])
})
afterAll(async () => {
  await lake.close()
  setup.dispose()
})

const titles = (perspective: Parameters<LakeDataset['query']>[2]['perspective']) =>
  dataset.query('*[_type == "post"] | order(_id) {_id, _originalId, title}', {}, { perspective })

describe('query perspectives', () => {
  it('raw returns every document as stored', async () => {
    expect(await titles('raw')).toEqual([
      { _id: 'drafts.post-2', _originalId: null, title: 'Second (draft)' },
      { _id: 'post-1', _originalId: null, title: 'First' },
      { _id: 'post-2', _originalId: null, title: 'Second' },
      { _id: 'versions.r1.post-1', _originalId: null, title: 'First (release r1)' },
    ])
  })

  it('published hides drafts and versions', async () => {
    expect(await titles('published')).toEqual([
      { _id: 'post-1', _originalId: null, title: 'First' },
      { _id: 'post-2', _originalId: null, title: 'Second' },
    ])
  })

  it('drafts overlays the draft on the published document under the published id', async () => {
    const expected = [
      { _id: 'post-1', _originalId: 'post-1', title: 'First' },
      { _id: 'post-2', _originalId: 'drafts.post-2', title: 'Second (draft)' },
    ]
    expect(await titles('drafts')).toEqual(expected)
    expect(await titles('previewDrafts')).toEqual(expected)
    expect(await dataset.query('*[_id == "person-2"][0].name', {}, { perspective: 'drafts' })).toBe(
      'Draft only',
    )
  })

  it('a release stack puts release versions over drafts over published', async () => {
    expect(await titles(['r1', 'drafts'])).toEqual([
      { _id: 'post-1', _originalId: 'versions.r1.post-1', title: 'First (release r1)' },
      { _id: 'post-2', _originalId: 'drafts.post-2', title: 'Second (draft)' },
    ])
  })

  it('sees a commit in the next query (views are per revision)', async () => {
    expect(await dataset.query('count(*[_type == "person"])', {}, { perspective: 'published' })).toBe(1)
    await dataset.mutate([{ create: { _id: 'person-3', _type: 'person' } }])
    expect(await dataset.query('count(*[_type == "person"])', {}, { perspective: 'published' })).toBe(2)
    await dataset.mutate([{ delete: { id: 'person-3' } }])
  })
})

describe('query', () => {
  it('passes params to parse so that slices may use them', async () => {
    const result = await dataset.query(
      '*[_type == $type] | order(_id) [0...$limit]._id',
      { type: 'post', limit: 1 },
      {
        perspective: 'published',
      },
    )
    expect(result).toEqual(['post-1'])
  })

  it('follows references and knows the identity and project', async () => {
    expect(await dataset.query('*[_id == "post-2"][0].author->name', {}, { perspective: 'published' })).toBe(
      'Thandi',
    )
    expect(await dataset.query('identity()', {}, { perspective: 'raw' })).toBe('p-test')
    expect(await dataset.query('sanity::projectId()', {}, { perspective: 'raw' })).toBe('local0000')
  })

  it('answers a parse error with the queryParseError body', async () => {
    const query = '*[_type == "post"'
    const error = await dataset.query(query, {}, { perspective: 'raw' }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(LakeError)
    expect((error as LakeError).status).toBe(400)
    expect((error as LakeError).body).toEqual({
      error: { type: 'queryParseError', description: expect.any(String), start: 16, end: 17, query },
    })
  })
})

describe('compileFilter', () => {
  const doc = (fields: Partial<LakeDocument> & { _id: string }): LakeDocument => ({
    _type: 'post',
    _rev: 'r',
    _createdAt: '2026-01-01T00:00:00Z',
    _updatedAt: '2026-01-01T00:00:00Z',
    ...fields,
  })

  it('evaluates the filters the Studio listens with against one document', () => {
    const ids = dataset.compileFilter('*[_id in $ids]', { ids: ['post-1', 'drafts.post-1'] })
    expect(ids.matches(doc({ _id: 'drafts.post-1' }))).toBe(true)
    expect(ids.matches(doc({ _id: 'post-2' }))).toBe(false)

    const type = dataset.compileFilter('*[_type == $type]', { type: 'person' })
    expect(type.matches(doc({ _id: 'x', _type: 'person' }))).toBe(true)
    expect(type.matches(doc({ _id: 'x' }))).toBe(false)

    expect(dataset.compileFilter('*', {}).matches(doc({ _id: 'anything' }))).toBe(true)

    const versions = dataset.compileFilter('*[sanity::versionOf($publishedId)]', { publishedId: 'post-1' })
    expect(versions.matches(doc({ _id: 'versions.r1.post-1' }))).toBe(true)
    expect(versions.matches(doc({ _id: 'drafts.post-1' }))).toBe(true)
    expect(versions.matches(doc({ _id: 'post-10' }))).toBe(false)

    const refs = dataset.compileFilter('*[references($documentId)]', { documentId: 'person-1' })
    expect(refs.matches(doc({ _id: 'a', author: { _type: 'reference', _ref: 'person-1' } }))).toBe(true)
    expect(refs.matches(doc({ _id: 'b', author: { _type: 'reference', _ref: 'person-2' } }))).toBe(false)
  })

  it('rejects a bad filter with a 400 LakeError', () => {
    for (const query of ['*[_id ==', '*[_type == "a"] | order(_id)', '*[count(*[_type == "b"]) > 0]']) {
      let caught: unknown
      try {
        dataset.compileFilter(query, {})
      } catch (error) {
        caught = error
      }
      expect(caught, query).toBeInstanceOf(LakeError)
      expect((caught as LakeError).status).toBe(400)
    }
  })
})
