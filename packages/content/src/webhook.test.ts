import { encodeSignatureHeader } from '@sanity/webhook'
import { describe, expect, it } from 'vitest'
import { parseRevalidationWebhook, ReplayCache } from './webhook'

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

describe('revalidation webhook replays', () => {
  const minute = 60_000

  it('refuses the same signed request a second time with 409', async () => {
    const replays = new ReplayCache()
    const signature = await encodeSignatureHeader(body, Date.now(), secret)
    expect(await parseRevalidationWebhook(body, signature, secret, { replays })).toMatchObject({ ok: true })
    expect(await parseRevalidationWebhook(body, signature, secret, { replays })).toEqual({
      ok: false,
      status: 409,
      message: 'Signature already used',
    })
  })

  it('refuses a signature older than five minutes, or more than five minutes ahead, with 401', async () => {
    const replays = new ReplayCache()
    const now = Date.now()
    const old = await encodeSignatureHeader(body, now - 5 * minute - 1000, secret)
    const ahead = await encodeSignatureHeader(body, now + 5 * minute + 1000, secret)
    const recent = await encodeSignatureHeader(body, now - 4 * minute, secret)
    expect(await parseRevalidationWebhook(body, old, secret, { now, replays })).toEqual({
      ok: false,
      status: 401,
      message: 'Signature expired',
    })
    expect(await parseRevalidationWebhook(body, ahead, secret, { now, replays })).toMatchObject({
      ok: false,
      status: 401,
    })
    expect(await parseRevalidationWebhook(body, recent, secret, { now, replays })).toMatchObject({ ok: true })
  })

  it('forgets a signature once its timestamp has left the window, when it is refused as expired', async () => {
    const replays = new ReplayCache()
    const sent = Date.now()
    const signature = await encodeSignatureHeader(body, sent, secret)
    expect(await parseRevalidationWebhook(body, signature, secret, { now: sent, replays })).toMatchObject({
      ok: true,
    })
    expect(
      await parseRevalidationWebhook(body, signature, secret, { now: sent + 5 * minute, replays }),
    ).toMatchObject({ status: 409 })
    expect(
      await parseRevalidationWebhook(body, signature, secret, { now: sent + 5 * minute + 1, replays }),
    ).toMatchObject({ status: 401, message: 'Signature expired' })
  })

  it('refuses a malformed signature header with 401, not an error', async () => {
    for (const header of ['t=abc,v1=xyz', 'v1=only', 'garbage', 't=1700000000000']) {
      expect(await parseRevalidationWebhook(body, header, secret)).toMatchObject({ ok: false, status: 401 })
    }
  })

  it('does not remember requests that fail the signature check', async () => {
    const replays = new ReplayCache()
    const signature = await encodeSignatureHeader(body, Date.now(), secret)
    expect(await parseRevalidationWebhook(body, signature, 'another-secret', { replays })).toMatchObject({
      status: 401,
    })
    expect(await parseRevalidationWebhook(body, signature, secret, { replays })).toMatchObject({ ok: true })
  })
})
