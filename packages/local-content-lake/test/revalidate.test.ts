import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { isValidSignature, SIGNATURE_HEADER_NAME } from '@sanity/webhook'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startTestLake, type TestLake } from '../src/testing.js'
import { clientFor, randomId, sleep } from './helpers.js'

const SECRET = 'test-revalidate-secret'

interface Received {
  path: string
  body: string
  signature: string
}

let lake: TestLake
let site: Server
let received: Received[] = []
let answer = 200

beforeAll(async () => {
  site = createServer((req, res) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => {
      body += chunk
    })
    req.on('end', () => {
      received.push({
        path: req.url ?? '',
        body,
        signature: String(req.headers[SIGNATURE_HEADER_NAME] ?? ''),
      })
      res.writeHead(answer, { 'Content-Type': 'application/json' }).end('{}')
    })
  })
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve))
  const { port } = site.address() as AddressInfo
  lake = await startTestLake({ siteOrigin: `http://127.0.0.1:${port}`, revalidateSecret: SECRET })
})
afterAll(async () => {
  await lake?.dispose()
  await new Promise((resolve) => site?.close(resolve))
})
beforeEach(() => {
  received = []
  answer = 200
})

async function settled(): Promise<void> {
  await sleep(50)
  await lake.revalidation?.idle()
}

describe('revalidation hook', () => {
  it('sends one correctly signed POST per type when a document is published', async () => {
    const client = clientFor(lake)
    const id = randomId()
    await client.action({
      actionType: 'sanity.action.document.create',
      publishedId: id,
      attributes: { _id: `drafts.${id}`, _type: 'testimonial', name: 'Draft' },
      ifExists: 'fail',
    })
    await settled()
    expect(received).toEqual([])

    await client.action({
      actionType: 'sanity.action.document.publish',
      draftId: `drafts.${id}`,
      publishedId: id,
    })
    await settled()
    expect(received).toHaveLength(1)
    const [post] = received
    expect(post?.path).toBe('/api/revalidate')
    expect(post?.body).toBe('{"_type":"testimonial"}')
    expect(post?.signature).toMatch(/^t=\d+,v1=[A-Za-z0-9_-]+$/)
    expect(await isValidSignature(post?.body ?? '', post?.signature ?? '', SECRET)).toBe(true)
    expect(await isValidSignature(post?.body ?? '', post?.signature ?? '', 'another secret')).toBe(false)
  })

  it('sends none for a draft edit or a system document', async () => {
    const client = clientFor(lake)
    await client.action({
      actionType: 'sanity.action.document.edit',
      draftId: 'drafts.testimonial-1',
      publishedId: 'testimonial-1',
      patch: { set: { name: 'Edited in a draft' } },
    })
    await client.create({ _id: randomId(), _type: 'sanity.previewUrlSecret', secret: 'x' })
    await settled()
    expect(received).toEqual([])
  })

  it('dedupes by type within a transaction, and covers deletes', async () => {
    const client = clientFor(lake)
    const [a, b] = [randomId(), randomId()]
    await client
      .transaction()
      .create({ _id: a, _type: 'post' })
      .create({ _id: b, _type: 'post' })
      .create({ _id: randomId(), _type: 'page' })
      .commit()
    await settled()
    expect(received.map((post) => post.body).sort()).toEqual(['{"_type":"page"}', '{"_type":"post"}'])
    received = []
    await client.delete(a)
    await settled()
    expect(received.map((post) => post.body)).toEqual(['{"_type":"post"}'])
  })

  it('retries a 5xx answer', async () => {
    answer = 503
    await clientFor(lake).create({ _id: randomId(), _type: 'service' })
    await sleep(100)
    answer = 200
    await settled()
    expect(received.length).toBeGreaterThanOrEqual(2)
    expect(new Set(received.map((post) => post.body))).toEqual(new Set(['{"_type":"service"}']))
  })
})
