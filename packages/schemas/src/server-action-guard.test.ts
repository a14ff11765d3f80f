import { describe, expect, it } from 'vitest'
import { refuseBadServerAction, refuseUndecodablePath, SERVER_ACTION_BODY_LIMIT } from './server-action-guard'

const action = (headers: Record<string, string>, method = 'POST', body: string | ArrayBuffer = '[]') =>
  new Request('http://localhost:3000/log-it', {
    method,
    headers: {
      host: 'localhost:3000',
      'next-action': '7f'.padEnd(42, '0'),
      'content-length': String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength),
      ...headers,
    },
    body: method === 'POST' ? body : undefined,
  })

describe('refuseBadServerAction', () => {
  it('lets same-origin and origin-less actions, and everything that is not an action, through', async () => {
    expect(await refuseBadServerAction(action({ origin: 'http://localhost:3000' }))).toBeUndefined()
    expect(await refuseBadServerAction(action({}))).toBeUndefined()
    // Behind the site's rewrite the portal sees the site's host as X-Forwarded-Host.
    expect(
      await refuseBadServerAction(
        action({
          host: 'localhost:3001',
          'x-forwarded-host': 'localhost:3000',
          origin: 'http://localhost:3000',
        }),
      ),
    ).toBeUndefined()
    expect(
      await refuseBadServerAction(new Request('http://localhost:3000/', { method: 'POST' })),
    ).toBeUndefined()
    expect(await refuseBadServerAction(action({ origin: 'http://evil.example' }, 'GET'))).toBeUndefined()
  })

  it('refuses another origin, "null" and an origin that is no URL with 403', async () => {
    for (const origin of ['http://evil.example', 'http://localhost:3001', 'null', 'not a url', '']) {
      expect((await refuseBadServerAction(action({ origin })))?.status, origin).toBe(403)
    }
    const multipart = new Request('http://localhost:3000/', {
      method: 'POST',
      headers: {
        host: 'localhost:3000',
        origin: 'http://evil.example',
        'content-type': 'multipart/form-data; b=x',
      },
    })
    expect((await refuseBadServerAction(multipart))?.status).toBe(403)
  })

  it('refuses bodies over 1 MB with 413, and bodies of unknown or invalid length', async () => {
    expect(
      (await refuseBadServerAction(action({ 'content-length': String(SERVER_ACTION_BODY_LIMIT + 1) })))
        ?.status,
    ).toBe(413)
    expect(
      await refuseBadServerAction(action({ 'content-length': String(SERVER_ACTION_BODY_LIMIT) })),
    ).toBeUndefined()
    const streamed = action({})
    streamed.headers.delete('content-length')
    expect((await refuseBadServerAction(streamed))?.status).toBe(411)
  })
})

describe('bodies React cannot decode', () => {
  it('refuses a plain body that is no JSON, and references to parts that are not there', async () => {
    for (const body of ['', 'not json', '{"a":', '["$1"]', '[{"x":"$Q2"}]', '["$@3"]']) {
      expect((await refuseBadServerAction(action({}, 'POST', body)))?.status, body).toBe(400)
    }
    for (const body of [
      '[]',
      '["$$1", {"a": "text"}]',
      '["$D2026-01-01T00:00:00.000Z", "$undefined", "$n12"]',
      // A form without fields: React sends no entries for it and decodes an empty FormData.
      '[{"status":"idle"},"$K1"]',
    ]) {
      expect(await refuseBadServerAction(action({}, 'POST', body)), body).toBeUndefined()
    }
  })

  it('accepts a form as React sends it, refuses a multipart body without its root', async () => {
    const form = new FormData()
    // As React 19 sends useActionState's (state, formData): the fields under `_<id>_`, an outlined
    // part under its decimal id, referenced in hex.
    form.set('0', '[{"step":1},"$K1","$@a"]')
    form.set('_1_full_name', 'Thandi')
    form.set('_1_$ACTION_KEY', 'k0')
    form.set('10', '{"bound":null}')
    const sent = new Request('http://localhost:3000/log-it', { method: 'POST', body: form })
    const headers = Object.fromEntries(sent.headers)
    const body = await sent.arrayBuffer()
    const post = (fields: Record<string, string>) =>
      action({ ...headers, ...fields, 'content-length': String(body.byteLength) }, 'POST', body)
    expect(await refuseBadServerAction(post({}))).toBeUndefined()
    const rootless = new FormData()
    rootless.set('1_$ACTION_ID_x', '[]')
    const bad = new Request('http://localhost:3000/log-it', { method: 'POST', body: rootless })
    const badBody = await bad.arrayBuffer()
    expect(
      (
        await refuseBadServerAction(
          action(
            {
              'content-type': bad.headers.get('content-type') ?? '',
              'content-length': String(badBody.byteLength),
            },
            'POST',
            badBody,
          ),
        )
      )?.status,
    ).toBe(400)
  })
})

describe('refuseUndecodablePath', () => {
  it('refuses escapes that do not decode to UTF-8, and lets every other path through', () => {
    for (const path of ['/%', '/a/%zz', '/%E0%A4%A', '/x%ED%A0%80', '/%C0%AF', '/%FF']) {
      expect(refuseUndecodablePath(path)?.status, path).toBe(400)
    }
    for (const path of ['/', '/about', '/blog/a%20b', '/%E2%82%AC', '/services/x%2Fy']) {
      expect(refuseUndecodablePath(path), path).toBeUndefined()
    }
  })
})
