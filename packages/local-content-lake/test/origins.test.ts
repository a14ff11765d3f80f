import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import http2 from 'node:http2'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import type { Logger } from '../src/log.js'
import { startTestLake, type TestLake } from '../src/testing.js'
import { bearer } from './helpers.js'

let lake: TestLake
let studioDist: string
const warnings: string[] = []
const log: Logger = {
  info: () => undefined,
  warn: (message) => warnings.push(message),
  error: (m) => console.error(m),
}

beforeAll(async () => {
  studioDist = mkdtempSync(path.join(tmpdir(), 'lake-studio-dist-'))
  mkdirSync(path.join(studioDist, 'static'))
  writeFileSync(path.join(studioDist, 'index.html'), '<!doctype html><title>Studio</title>')
  writeFileSync(path.join(studioDist, 'static', 'sanity-CsJ3X0bc.js'), 'console.log(1)')
  writeFileSync(path.join(studioDist, 'favicon.ico'), 'icon')
  lake = await startTestLake({ studioDist, log })
})
afterAll(async () => {
  await lake?.dispose()
  rmSync(studioDist, { recursive: true, force: true })
})

interface H2Response {
  status: number
  headers: http2.IncomingHttpHeaders
  body: string
}

/** One request over HTTP/2, trusting only the lake's CA. */
function h2(pathname: string, headers: http2.OutgoingHttpHeaders = {}): Promise<H2Response> {
  return new Promise((resolve, reject) => {
    const session = http2.connect(lake.tlsUrl, { ca: lake.certificates.ca })
    session.on('error', reject)
    const request = session.request({ ':path': pathname, ...headers })
    let body = ''
    let responseHeaders: http2.IncomingHttpHeaders = {}
    request.setEncoding('utf8')
    request.on('response', (received) => {
      responseHeaders = received
    })
    request.on('data', (chunk: string) => {
      body += chunk
    })
    request.on('end', () => {
      session.close()
      resolve({ status: Number(responseHeaders[':status']), headers: responseHeaders, body })
    })
    request.on('error', reject)
    request.end()
  })
}

describe('the TLS origin', () => {
  it('speaks HTTP/2 with a certificate the local CA signed, for the project host too', async () => {
    const response = await h2('/v2025-02-19/users/me', {
      host: 'local0000.localhost',
      authorization: `Bearer ${lake.options.token}`,
    })
    expect(response.status).toBe(200)
    expect(JSON.parse(response.body)).toMatchObject({ id: 'p-local-editor', role: 'administrator' })
    const alpn = await new Promise<string | false | undefined>((resolve, reject) => {
      const session = http2.connect(lake.tlsUrl, {
        ca: lake.certificates.ca,
        servername: 'local0000.localhost',
      })
      session.on('error', reject)
      session.on('connect', () => {
        resolve(session.alpnProtocol)
        session.close()
      })
    })
    expect(alpn).toBe('h2')
  })

  it('answers a preflight with 204, the echoed origin and headers, credentials and max-age 600', async () => {
    const response = await h2('/v2025-02-19/data/listen/production?query=*', {
      ':method': 'OPTIONS',
      origin: 'https://localhost:54340',
      'access-control-request-method': 'GET',
      'access-control-request-headers': 'x-sanity-app,content-type,client-timing',
    })
    expect(response.status).toBe(204)
    expect(response.headers['access-control-allow-origin']).toBe('https://localhost:54340')
    expect(response.headers['access-control-allow-credentials']).toBe('true')
    expect(response.headers['access-control-allow-headers']).toBe('x-sanity-app,content-type,client-timing')
    expect(response.headers['access-control-allow-methods']).toBe('GET, POST, PUT, PATCH, DELETE, OPTIONS')
    expect(response.headers['access-control-max-age']).toBe('600')
    expect(response.headers.vary).toBe('Origin')
  })

  it('serves the built Studio: files as they are, index.html for its routes', async () => {
    const index = await h2('/', { accept: 'text/html' })
    expect(index.status).toBe(200)
    expect(index.body).toContain('<title>Studio</title>')
    expect(index.headers['cache-control']).toBe('no-cache')
    const route = await h2('/structure/testimonial;testimonial-1', { accept: 'text/html,*/*' })
    expect(route.body).toContain('<title>Studio</title>')
    const hashed = await h2('/static/sanity-CsJ3X0bc.js')
    expect(hashed.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect((await h2('/favicon.ico')).headers['cache-control']).toBe('no-cache')
    expect((await h2('/missing.js')).status).toBe(404)
    expect((await h2('/../../etc/passwd', { accept: 'text/html' })).body).not.toContain('root:')
  })

  it('streams a listener over HTTP/2, welcome first', async () => {
    const session = http2.connect(lake.tlsUrl, { ca: lake.certificates.ca })
    const request = session.request({
      ':path': `/v2025-02-19/data/listen/production?query=${encodeURIComponent('*')}&includeAllVersions=true`,
      accept: 'text/event-stream',
    })
    request.setEncoding('utf8')
    const first = await new Promise<string>((resolve, reject) => {
      request.once('data', resolve)
      request.once('error', reject)
    })
    expect(first).toMatch(/^event: welcome\n/)
    request.close()
    session.close()
  })

  it('adds X-Sanity-Shard to ping and leaves Timing-Allow-Origin out', async () => {
    const response = await h2('/v2025-02-19/ping', { origin: 'https://localhost:54340' })
    expect(response.status).toBe(200)
    expect(response.headers['x-sanity-shard']).toBeTruthy()
    expect(response.headers['timing-allow-origin']).toBeUndefined()
  })
})

describe('the plain-HTTP origin', () => {
  it('answers CORS on every response', async () => {
    const response = await fetch(`${lake.httpUrl}/v2025-02-19/users/me`, {
      headers: { Origin: 'http://localhost:3333' },
    })
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:3333')
    expect(response.headers.get('access-control-allow-credentials')).toBe('true')
    expect(response.headers.get('vary')).toBe('Origin')
  })

  it('answers an unknown endpoint with 404 in Sanity’s shape and logs it once', async () => {
    for (let i = 0; i < 2; i++) {
      const response = await fetch(`${lake.httpUrl}/v2025-02-19/brand-new/endpoint`, { method: 'POST' })
      expect(response.status).toBe(404)
      expect(await response.json()).toEqual({
        error: 'Not Found',
        message: expect.any(String),
        statusCode: 404,
      })
    }
    expect(warnings.filter((line) => line.includes('POST /v2025-02-19/brand-new/endpoint'))).toHaveLength(1)
    // The Studio is not served here.
    expect((await fetch(`${lake.httpUrl}/`, { headers: { Accept: 'text/html' } })).status).toBe(404)
  })

  it('refuses another project id', async () => {
    const response = await fetch(`${lake.httpUrl}/v2025-02-19/users/me`, {
      headers: { 'X-Sanity-Project-ID': 'abc123' },
    })
    expect(response.status).toBe(404)
  })

  it('answers the Studio’s small endpoints', async () => {
    const get = async (pathname: string) => {
      const response = await fetch(`${lake.httpUrl}/v2025-02-19${pathname}`, { headers: bearer(lake) })
      expect(response.status, pathname).toBe(200)
      return response.json()
    }
    expect(await get('/features')).toEqual([])
    expect(await get('/projects/local0000')).toMatchObject({
      id: 'local0000',
      members: [{ isCurrentUser: true }],
    })
    expect(await get('/projects/local0000/datasets')).toMatchObject([{ name: 'production', addonFor: null }])
    expect(await get('/projects/local0000/datasets?datasetProfile=comments&addonFor=production')).toEqual([])
    expect(await get('/projects/local0000/datasets/production/acl')).toMatchObject([
      { filter: '_id in path("**")' },
    ])
    expect(await get('/projects/local0000/user-applications')).toEqual([])
    expect(await get('/journey/announcements')).toBeNull()
    expect(await get('/intake/telemetry-status')).toEqual({ status: 'denied' })
    expect(await get('/schedules/local0000/production?limit=1')).toEqual({ schedules: [] })
    expect(await get('/check/cors')).toEqual({ result: { allowed: true, withCredentials: true } })
    expect(await get('/users/p-local-editor')).toMatchObject({
      id: 'p-local-editor',
      displayName: 'Local Editor',
    })
    expect(await get('/data/history/production/events/documents/testimonial-1?limit=10')).toEqual({
      events: {},
      nextCursor: '',
    })
    expect(await get('/users/me/keyvalue/studio.announcement.seen')).toEqual([
      { key: 'studio.announcement.seen', value: null },
    ])
    const claim = await fetch(`${lake.httpUrl}/v2025-02-19/descriptors/claim`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ descriptorId: 'x', contextKey: 'dataset:local0000:production' }),
    })
    expect(await claim.json()).toEqual({ synchronization: { type: 'complete' } })
    const put = await fetch(`${lake.httpUrl}/v2025-02-19/users/me/keyvalue`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', ...bearer(lake) },
      body: JSON.stringify([{ key: 'studio.announcement.seen', value: ['a'] }]),
    })
    expect(await put.json()).toEqual([{ key: 'studio.announcement.seen', value: ['a'] }])
    expect(await get('/users/me/keyvalue/studio.announcement.seen,other')).toEqual([
      { key: 'studio.announcement.seen', value: ['a'] },
      { key: 'other', value: null },
    ])
  })

  it('accepts the presence WebSocket on both origins and keeps it open', async () => {
    for (const url of [
      `${lake.httpUrl.replace('http', 'ws')}/v2022-06-30/socket/production`,
      `${lake.tlsUrl.replace('https', 'wss')}/v2022-06-30/socket/production?tag=sanity.studio`,
    ]) {
      const socket = new WebSocket(url, { ca: lake.certificates.ca })
      await new Promise((resolve, reject) => {
        socket.once('open', resolve)
        socket.once('error', reject)
      })
      socket.send(JSON.stringify({ type: 'rollCall' }))
      await new Promise((resolve) => setTimeout(resolve, 100))
      expect(socket.readyState).toBe(WebSocket.OPEN)
      socket.close()
    }
  })
})
