import { isValidSignature } from '@sanity/webhook'
import { describe, expect, it } from 'vitest'
import type { CommittedTransaction, DocumentChange, LakeDocument } from './core/types.js'
import { LOCAL_REVALIDATE_SECRET, revalidationTypes, signWebhookBody } from './revalidate.js'

const doc = (_id: string, _type: string): LakeDocument => ({
  _id,
  _type,
  _rev: 'r',
  _createdAt: '2026-01-01T00:00:00.000Z',
  _updatedAt: '2026-01-01T00:00:00.000Z',
})

const change = (before: LakeDocument | null, after: LakeDocument | null): DocumentChange => ({
  id: (after ?? before)?._id ?? '',
  before,
  after,
  transition: before ? (after ? 'update' : 'disappear') : 'appear',
  mutations: [],
  effects: { apply: [], revert: [] },
})

const transaction = (...changes: DocumentChange[]): CommittedTransaction => ({
  id: 't',
  timestamp: '2026-01-01T00:00:00.000Z',
  author: 'p-local-editor',
  changes,
})

describe('signWebhookBody', () => {
  it('signs as @sanity/webhook verifies: t=<ms>,v1=<base64url HMAC>', async () => {
    const body = '{"_type":"testimonial"}'
    const signature = signWebhookBody(body, LOCAL_REVALIDATE_SECRET, 1_700_000_000_000)
    expect(signature).toMatch(/^t=1700000000000,v1=[A-Za-z0-9_-]+$/)
    expect(await isValidSignature(body, signature, LOCAL_REVALIDATE_SECRET)).toBe(true)
    expect(await isValidSignature('{"_type":"post"}', signature, LOCAL_REVALIDATE_SECRET)).toBe(false)
  })
})

describe('revalidationTypes', () => {
  it('takes published content types once each, the type before a delete included', () => {
    expect(
      revalidationTypes(
        transaction(
          change(null, doc('a', 'post')),
          change(doc('b', 'post'), doc('b', 'post')),
          change(doc('c', 'page'), null),
          change(null, doc('drafts.d', 'service')),
          change(null, doc('versions.r1.e', 'service')),
          change(null, doc('image-x', 'sanity.imageAsset')),
          change(null, doc('_.releases.r1', 'system.release')),
        ),
      ),
    ).toEqual(['post', 'page'])
  })
})
