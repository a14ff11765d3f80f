import { describe, expect, it } from 'vitest'
import { refuseBadServerAction, SERVER_ACTION_BODY_LIMIT } from './server-action-guard'

const action = (headers: Record<string, string>, method = 'POST') =>
  new Request('http://localhost:3000/log-it', {
    method,
    headers: {
      host: 'localhost:3000',
      'next-action': '7f'.padEnd(42, '0'),
      'content-length': '10',
      ...headers,
    },
  })

describe('refuseBadServerAction', () => {
  it('lets same-origin and origin-less actions, and everything that is not an action, through', () => {
    expect(refuseBadServerAction(action({ origin: 'http://localhost:3000' }))).toBeUndefined()
    expect(refuseBadServerAction(action({}))).toBeUndefined()
    // Behind the site's rewrite the portal sees the site's host as X-Forwarded-Host.
    expect(
      refuseBadServerAction(
        action({
          host: 'localhost:3001',
          'x-forwarded-host': 'localhost:3000',
          origin: 'http://localhost:3000',
        }),
      ),
    ).toBeUndefined()
    expect(refuseBadServerAction(new Request('http://localhost:3000/', { method: 'POST' }))).toBeUndefined()
    expect(refuseBadServerAction(action({ origin: 'http://evil.example' }, 'GET'))).toBeUndefined()
  })

  it('refuses another origin, "null" and an origin that is no URL with 403', () => {
    for (const origin of ['http://evil.example', 'http://localhost:3001', 'null', 'not a url', '']) {
      expect(refuseBadServerAction(action({ origin }))?.status, origin).toBe(403)
    }
    const multipart = new Request('http://localhost:3000/', {
      method: 'POST',
      headers: {
        host: 'localhost:3000',
        origin: 'http://evil.example',
        'content-type': 'multipart/form-data; b=x',
      },
    })
    expect(refuseBadServerAction(multipart)?.status).toBe(403)
  })

  it('refuses bodies over 1 MB with 413, and bodies of unknown or invalid length', () => {
    expect(
      refuseBadServerAction(action({ 'content-length': String(SERVER_ACTION_BODY_LIMIT + 1) }))?.status,
    ).toBe(413)
    expect(
      refuseBadServerAction(action({ 'content-length': String(SERVER_ACTION_BODY_LIMIT) })),
    ).toBeUndefined()
    const streamed = action({})
    streamed.headers.delete('content-length')
    expect(refuseBadServerAction(streamed)?.status).toBe(411)
  })
})
