import { describe, expect, it } from 'vitest'
import {
  addressFromForwardedFor,
  clientAddress,
  FORWARDER_SECRET_HEADER,
  forwarderSecretProblem,
  isLocalUrl,
  secretsMatch,
  VISITOR_ADDRESS_HEADER,
  WELL_KNOWN_FORWARDER_SECRET,
} from './client-address'

const SECRET = 'a-shared-forwarder-secret'
const options = { forwarderSecret: SECRET, trustedHops: 1 }

describe('addressFromForwardedFor', () => {
  it('takes the entry the nearest proxy appended, not the one the caller typed', () => {
    expect(addressFromForwardedFor('6.6.6.6, 203.0.113.7')).toBe('203.0.113.7')
    expect(addressFromForwardedFor('203.0.113.7')).toBe('203.0.113.7')
  })

  it('counts trusted hops from the right', () => {
    expect(addressFromForwardedFor('6.6.6.6, 203.0.113.7, 10.0.0.2', 2)).toBe('203.0.113.7')
    expect(addressFromForwardedFor('203.0.113.7', 3)).toBe('203.0.113.7')
  })

  it('has no address without a usable header', () => {
    expect(addressFromForwardedFor(null)).toBeUndefined()
    expect(addressFromForwardedFor(' , ')).toBeUndefined()
    expect(addressFromForwardedFor(`1.1.1.1, ${'x'.repeat(65)}`)).toBeUndefined()
  })
})

describe('secretsMatch', () => {
  it('matches equal secrets only', () => {
    expect(secretsMatch(SECRET, SECRET)).toBe(true)
    expect(secretsMatch(`${SECRET}x`, SECRET)).toBe(false)
    expect(secretsMatch(SECRET.slice(0, -1), SECRET)).toBe(false)
    expect(secretsMatch('', '')).toBe(false)
  })
})

describe('clientAddress', () => {
  const headers = (entries: Record<string, string>) => new Headers(entries)

  it('uses the vouched visitor address with the right secret', () => {
    const vouched = headers({
      [VISITOR_ADDRESS_HEADER]: '198.51.100.4',
      [FORWARDER_SECRET_HEADER]: SECRET,
      'x-forwarded-for': '10.0.0.9',
    })
    expect(clientAddress(vouched, options)).toBe('198.51.100.4')
  })

  it('ignores a vouched address with a wrong or missing secret, or when no secret is set', () => {
    const forged = { [VISITOR_ADDRESS_HEADER]: '198.51.100.4', 'x-forwarded-for': '1.2.3.4, 10.0.0.9' }
    expect(clientAddress(headers({ ...forged, [FORWARDER_SECRET_HEADER]: 'guess' }), options)).toBe(
      '10.0.0.9',
    )
    expect(clientAddress(headers(forged), options)).toBe('10.0.0.9')
    expect(
      clientAddress(headers({ ...forged, [FORWARDER_SECRET_HEADER]: '' }), {
        ...options,
        forwarderSecret: '',
      }),
    ).toBe('10.0.0.9')
  })

  it("is 'unknown' when nothing identifies the caller", () => {
    expect(clientAddress(headers({}), options)).toBe('unknown')
  })
})

describe('forwarderSecretProblem', () => {
  const hosted = 'https://abcdefgh.supabase.co'

  it('refuses the well-known local secret in production against a hosted project only', () => {
    expect(
      forwarderSecretProblem({
        production: true,
        supabaseUrl: hosted,
        forwarderSecret: WELL_KNOWN_FORWARDER_SECRET,
      }),
    ).toMatch(/well-known local value/)
    expect(
      forwarderSecretProblem({
        production: true,
        supabaseUrl: hosted,
        forwarderSecret: 'own-random-secret-1234',
      }),
    ).toBeUndefined()
    expect(
      forwarderSecretProblem({
        production: true,
        supabaseUrl: 'http://127.0.0.1:54321',
        forwarderSecret: WELL_KNOWN_FORWARDER_SECRET,
      }),
    ).toBeUndefined()
    expect(
      forwarderSecretProblem({
        production: false,
        supabaseUrl: hosted,
        forwarderSecret: WELL_KNOWN_FORWARDER_SECRET,
      }),
    ).toBeUndefined()
  })

  it('knows which URLs are this machine', () => {
    for (const url of [
      'http://127.0.0.1:54321',
      'http://localhost:3000',
      'http://[::1]:54321',
      'http://api.localhost',
    ]) {
      expect(isLocalUrl(url), url).toBe(true)
    }
    for (const url of [hosted, 'http://127.0.0.1.example.com', 'not a url', '']) {
      expect(isLocalUrl(url), url).toBe(false)
    }
  })
})
