import { encodeSignatureHeader } from '@sanity/webhook'
import { describe, expect, it } from 'vitest'
import { parseRevalidationWebhook } from './webhook'

const secret = 'test-secret-for-revalidation'
const body = JSON.stringify({ _type: 'post', slug: 'voip-phone-rollout-services-south-africa' })

describe('revalidation webhook', () => {
  it('accepts a correctly signed body and names the tag to revalidate', async () => {
    const signature = await encodeSignatureHeader(body, Date.now(), secret)
    expect(await parseRevalidationWebhook(body, signature, secret)).toEqual({ ok: true, tags: ['post'] })
  })

  it('rejects a missing signature, a wrong secret and a tampered body with 401', async () => {
    const signature = await encodeSignatureHeader(body, Date.now(), secret)
    expect(await parseRevalidationWebhook(body, null, secret)).toMatchObject({ ok: false, status: 401 })
    expect(await parseRevalidationWebhook(body, signature, 'another-secret')).toMatchObject({
      ok: false,
      status: 401,
    })
    expect(await parseRevalidationWebhook(body.replace('post', 'page'), signature, secret)).toMatchObject({
      ok: false,
      status: 401,
    })
  })

  it('rejects signed bodies that name no known document type with 400', async () => {
    const unknown = JSON.stringify({ _type: 'sanity.imageAsset' })
    const signature = await encodeSignatureHeader(unknown, Date.now(), secret)
    expect(await parseRevalidationWebhook(unknown, signature, secret)).toMatchObject({
      ok: false,
      status: 400,
    })
  })
})
