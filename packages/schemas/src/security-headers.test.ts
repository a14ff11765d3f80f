import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy, createNonce, isLocalHost, securityHeaders } from './security-headers'

const options = {
  scripts: { nonce: 'abc123==' },
  frameAncestors: ['http://localhost:3333'],
  connectOrigins: ['http://127.0.0.1:54321'],
  imageOrigins: ['https://cdn.sanity.io'],
  secureTransport: false,
}

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/)
      return [name, values]
    }),
  )
}

describe('security headers', () => {
  it('allows scripts by nonce only, never inline, on pages rendered per request', () => {
    const csp = directives(contentSecurityPolicy(options))
    expect(csp.get('script-src')).toEqual([`'self'`, `'nonce-abc123=='`, `'strict-dynamic'`])
    expect(csp.get('object-src')).toEqual([`'none'`])
    expect(csp.get('base-uri')).toEqual([`'self'`])
  })

  it('allows same-origin scripts and the named inline ones on prerendered pages, nothing foreign, no eval', () => {
    const hashes = [
      '47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=',
      'RFWPLDbv2BY+rCkDzsE+0fr8ylGr2R2faWMhq4lfEQc=',
    ]
    const csp = directives(contentSecurityPolicy({ ...options, scripts: { hashes } }))
    expect(csp.get('script-src')).toEqual([`'self'`, ...hashes.map((hash) => `'sha256-${hash}'`)])
    expect(
      directives(contentSecurityPolicy({ ...options, scripts: { hashes: [] } })).get('script-src'),
    ).toEqual([`'self'`])
    expect(csp.get('default-src')).toEqual([`'self'`])
    expect(csp.get('object-src')).toEqual([`'none'`])
    expect(csp.get('base-uri')).toEqual([`'self'`])
    expect(csp.get('form-action')).toEqual([`'self'`])
  })

  it('lets only the given origins frame the pages, and nobody when none is given', () => {
    expect(directives(contentSecurityPolicy(options)).get('frame-ancestors')).toEqual([
      'http://localhost:3333',
    ])
    expect(
      directives(contentSecurityPolicy({ ...options, frameAncestors: [] })).get('frame-ancestors'),
    ).toEqual([`'none'`])
  })

  it('lets the browser reach Supabase over http and its websocket', () => {
    expect(directives(contentSecurityPolicy(options)).get('connect-src')).toEqual([
      `'self'`,
      'http://127.0.0.1:54321',
      'ws://127.0.0.1:54321',
    ])
  })

  it('sends HSTS and upgrades requests only off localhost', () => {
    const local = securityHeaders(options)
    expect(local['Strict-Transport-Security']).toBeUndefined()
    expect(local['Content-Security-Policy']).not.toContain('upgrade-insecure-requests')
    const live = securityHeaders({ ...options, secureTransport: true })
    expect(live['Strict-Transport-Security']).toBe('max-age=63072000; includeSubDomains')
    expect(live['Content-Security-Policy']).toContain('upgrade-insecure-requests')
    expect(live).toMatchObject({
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'Permissions-Policy': expect.stringContaining('camera=()'),
    })
  })

  it('makes a different nonce each time', () => {
    expect(createNonce()).not.toBe(createNonce())
    expect(createNonce()).toMatch(/^[A-Za-z0-9+/]{22}==$/)
  })

  it('knows which hosts are local', () => {
    for (const host of ['localhost', 'app.localhost', '127.0.0.1', '[::1]'])
      expect(isLocalHost(host)).toBe(true)
    for (const host of ['siyakha.example', 'portal.siyakha.example', 'localhost.example.com'])
      expect(isLocalHost(host)).toBe(false)
  })
})
