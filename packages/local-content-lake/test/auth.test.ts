import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import http2 from 'node:http2'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createClient } from '@sanity/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestLake, type TestLake } from '../src/testing.js'
import { bearer, clientFor, mutations, randomId, record, welcomed } from './helpers.js'

const EVIL = 'https://evil.example'
const SITE = 'http://127.0.0.1:9'
const SANITY_DEV = 'http://localhost:3333'

let lake: TestLake
let studioDist: string
let studioOrigin: string

beforeAll(async () => {
  studioDist = mkdtempSync(path.join(tmpdir(), 'lake-auth-studio-'))
  writeFileSync(path.join(studioDist, 'index.html'), '<!doctype html><title>Studio</title>')
  lake = await startTestLake({ studioDist, siteOrigin: SITE, corsOrigins: [SANITY_DEV] })
  studioOrigin = lake.tlsUrl
})
afterAll(async () => {
  await lake?.dispose()
  rmSync(studioDist, { recursive: true, force: true })
})

const mutateUrl = () => `${lake.httpUrl}/v2025-02-19/data/mutate/production`
const createBody = (id: string) =>
  JSON.stringify({ mutations: [{ create: { _id: id, _type: 'testimonial' } }] })
const exists = async (id: string) => (await clientFor(lake).getDocument(id)) !== undefined

interface H2Response {
  status: number
  headers: http2.IncomingHttpHeaders
  body: string
}

/** One request to the TLS origin over HTTP/2, as the browser Studio sends them. */
function h2(headers: http2.OutgoingHttpHeaders, body?: string): Promise<H2Response> {
  return new Promise((resolve, reject) => {
    const session = http2.connect(lake.tlsUrl, { ca: lake.certificates.ca })
    session.on('error', reject)
    const request = session.request(headers)
    let text = ''
    let received: http2.IncomingHttpHeaders = {}
    request.setEncoding('utf8')
    request.on('response', (h) => {
      received = h
    })
    request.on('data', (chunk: string) => {
      text += chunk
    })
    request.on('end', () => {
      session.close()
      resolve({ status: Number(received[':status']), headers: received, body: text })
    })
    request.on('error', reject)
    request.end(body)
  })
}

/** The cookie the Studio's page sets, as the browser sends it back. */
async function studioSession(): Promise<string> {
  const page = await h2({ ':path': '/', accept: 'text/html' })
  const setCookie = page.headers['set-cookie']
  const line = Array.isArray(setCookie) ? setCookie[0] : setCookie
  if (!line) throw new Error('The Studio page set no cookie')
  return line.split(';')[0] ?? ''
}

const studioMutate = (id: string, headers: http2.OutgoingHttpHeaders) =>
  h2(
    {
      ':method': 'POST',
      ':path': '/v2025-02-19/data/mutate/production',
      'content-type': 'application/json',
      ...headers,
    },
    createBody(id),
  )

describe('writes need the token', () => {
  it('refuses a mutation without a token with 401 and Sanity’s body, and changes nothing', async () => {
    const id = randomId()
    const response = await fetch(mutateUrl(), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: createBody(id),
    })
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({
      error: 'Unauthorized',
      message: expect.any(String),
      statusCode: 401,
    })
    expect(await exists(id)).toBe(false)
  })

  it('refuses a wrong token as Sanity does (session not found)', async () => {
    const id = randomId()
    const response = await fetch(mutateUrl(), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer not-the-token' },
      body: createBody(id),
    })
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({
      errorCode: 'SIO-401-ANF',
      message: 'Session not found',
      statusCode: 401,
      error: 'Unauthorized',
    })
    expect(await exists(id)).toBe(false)
  })

  it('accepts a mutation with the token', async () => {
    const id = randomId()
    const response = await fetch(mutateUrl(), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...bearer(lake) },
      body: createBody(id),
    })
    expect(response.status).toBe(200)
    expect(await exists(id)).toBe(true)
  })

  it('refuses actions, uploads, history and settings without it', async () => {
    const base = `${lake.httpUrl}/v2025-02-19`
    const refused = [
      fetch(`${base}/data/actions/production`, { method: 'POST', body: '{"actions":[]}' }),
      fetch(`${base}/assets/images/production`, { method: 'POST', body: 'bytes' }),
      fetch(`${base}/data/history/production/transactions/testimonial-1`),
      fetch(`${base}/users/me/keyvalue/studio.announcement.seen`),
      fetch(`${base}/users/me/keyvalue`, { method: 'PUT', body: '[]' }),
    ]
    for (const response of await Promise.all(refused)) expect(response.status, response.url).toBe(401)
  })
})

describe('anonymous reads see the public documents only', () => {
  it('gets no drafts from a query, by id or from a listener, and no user', async () => {
    const editor = clientFor(lake)
    const id = randomId()
    await editor.create({ _id: id, _type: 'testimonial', name: 'Published' })
    await editor.create({ _id: `drafts.${id}`, _type: 'testimonial', name: 'Draft' })
    const { token: _token, ...config } = lake.clientConfig()
    const anonymous = createClient(config)

    const query = '*[_id in [$id, "drafts." + $id]].name'
    expect(await anonymous.fetch(query, { id }, { perspective: 'raw' })).toEqual(['Published'])
    expect(await anonymous.fetch(query, { id }, { perspective: 'drafts' })).toEqual(['Published'])
    expect((await editor.fetch(query, { id }, { perspective: 'raw' })).sort()).toEqual(['Draft', 'Published'])

    const byId = await fetch(`${lake.httpUrl}/v2025-02-19/data/doc/production/${id},drafts.${id}`)
    expect(await byId.json()).toMatchObject({
      documents: [{ _id: id }],
      omitted: [{ id: `drafts.${id}`, reason: 'permission' }],
    })
    expect(await (await fetch(`${lake.httpUrl}/v2025-02-19/users/me`)).json()).toEqual({})

    const heard = record(anonymous, '*[_id in [$id, "drafts." + $id]]', { id }, { includeAllVersions: true })
    await heard.until(welcomed)
    await editor.patch(`drafts.${id}`).set({ name: 'Draft 2' }).commit()
    await editor.patch(id).set({ name: 'Published 2' }).commit()
    const events = mutations(await heard.until((all) => mutations(all).length >= 1))
    heard.stop()
    expect(events.map((event) => event.documentId)).toEqual([id])
  })
})

describe('CORS answers the configured origins only', () => {
  it('gives another origin’s preflight and request no Access-Control-Allow-Origin', async () => {
    const preflight = await fetch(mutateUrl(), {
      method: 'OPTIONS',
      headers: {
        Origin: EVIL,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,content-type',
      },
    })
    expect(preflight.status).toBe(403)
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull()
    expect(preflight.headers.get('access-control-allow-headers')).toBeNull()
    const read = await fetch(`${lake.httpUrl}/v2025-02-19/data/query/production?query=count(*)`, {
      headers: { Origin: EVIL },
    })
    expect(read.headers.get('access-control-allow-origin')).toBeNull()
    expect(read.headers.get('access-control-allow-credentials')).toBeNull()
  })

  it('echoes the Studio’s, the site’s and the extra origins with credentials', async () => {
    for (const origin of [
      studioOrigin,
      `https://local0000.localhost:${new URL(studioOrigin).port}`,
      SITE,
      SANITY_DEV,
    ]) {
      const preflight = await fetch(mutateUrl(), {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'POST' },
      })
      expect(preflight.status, origin).toBe(204)
      expect(preflight.headers.get('access-control-allow-origin')).toBe(origin)
      expect(preflight.headers.get('access-control-allow-credentials')).toBe('true')
    }
  })
})

describe('the Studio’s session', () => {
  it('is set by the Studio’s page: HttpOnly, Secure, SameSite=Strict', async () => {
    const page = await h2({ ':path': '/structure', accept: 'text/html' })
    expect(page.status).toBe(200)
    expect(String(page.headers['set-cookie'])).toMatch(
      /^sanitySession=[\w-]+; Path=\/; HttpOnly; Secure; SameSite=Strict$/,
    )
  })

  it('signs in the Studio’s own requests and lets it write', async () => {
    const cookie = await studioSession()
    const me = await h2({ ':path': '/v2025-02-19/users/me', cookie, 'sec-fetch-site': 'same-origin' })
    expect(JSON.parse(me.body)).toMatchObject({ id: 'p-local-editor' })
    const id = randomId()
    const response = await studioMutate(id, { cookie, origin: studioOrigin, 'sec-fetch-site': 'same-origin' })
    expect(response.status).toBe(200)
    expect(await exists(id)).toBe(true)
  })

  it('does not count for a request from another origin, or a write with no Origin', async () => {
    const cookie = await studioSession()
    for (const headers of [
      { cookie, origin: EVIL, 'sec-fetch-site': 'cross-site' },
      { cookie, origin: EVIL },
      { cookie, origin: studioOrigin, 'sec-fetch-site': 'cross-site' },
      { cookie },
    ]) {
      const id = randomId()
      const response = await studioMutate(id, headers)
      expect(response.status, JSON.stringify(headers)).toBe(401)
      expect(response.headers['access-control-allow-origin']).not.toBe(EVIL)
      expect(await exists(id)).toBe(false)
    }
  })

  it('is not the token: a made-up session is anonymous', async () => {
    const id = randomId()
    const response = await studioMutate(id, { cookie: 'sanitySession=forged', origin: studioOrigin })
    expect(response.status).toBe(401)
    expect(await exists(id)).toBe(false)
  })
})

describe('host names', () => {
  it('refuses a request sent to another name (DNS rebinding), with the token too', async () => {
    const id = randomId()
    // fetch always sends the URL's host; a rebound page's browser sends its own name.
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request(
        mutateUrl(),
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Host: 'evil.example:54341', ...bearer(lake) },
        },
        (response) => {
          response.resume()
          resolve(response.statusCode ?? 0)
        },
      )
      request.on('error', reject)
      request.end(createBody(id))
    })
    expect(status).toBe(403)
    expect(await exists(id)).toBe(false)
  })
})
