import { createServer, type IncomingMessage, request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { recordSocketAddresses, SOCKET_ADDRESS_HEADER, visitorAddress } from './visitor-address'

// A real Node server, as `next start` runs: what it sees of a request whose visitor forged
// X-Forwarded-For (and our own socket header) before the site's address rule runs.
let seen: Headers
const server = createServer((req: IncomingMessage, res) => {
  seen = new Headers(Object.entries(req.headers).map(([k, v]): [string, string] => [k, String(v)]))
  // Next.js does exactly this: a client's X-Forwarded-For is kept, the socket fills only a gap.
  if (!seen.has('x-forwarded-for')) seen.set('x-forwarded-for', req.socket.remoteAddress ?? '')
  res.end()
})

beforeAll(async () => {
  recordSocketAddresses()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

function visit(headers: Record<string, string>): Promise<void> {
  const { port } = server.address() as AddressInfo
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, headers }, (res) => res.resume().on('end', resolve))
      .on('error', reject)
      .end()
  })
}

describe('the visitor address of a public form', () => {
  it('without a proxy in front (0 hops) is the socket, whatever the visitor typed', async () => {
    await visit({ 'x-forwarded-for': '203.0.113.7', [SOCKET_ADDRESS_HEADER]: '198.51.100.1' })
    expect(visitorAddress(seen, 0)).toBe('127.0.0.1')
    await visit({ 'x-forwarded-for': '203.0.113.8, 203.0.113.9' })
    expect(visitorAddress(seen, 0)).toBe('127.0.0.1')
  })

  it('behind N trusted proxies is the entry N places from the right, never one left of it', async () => {
    await visit({ 'x-forwarded-for': '203.0.113.7, 192.0.2.10' })
    expect(visitorAddress(seen, 1)).toBe('192.0.2.10')
    await visit({ 'x-forwarded-for': '203.0.113.7, 192.0.2.10, 10.0.0.2' })
    expect(visitorAddress(seen, 2)).toBe('192.0.2.10')
  })

  it('is unknown (the function then counts this server) when nothing trustworthy is there', () => {
    expect(visitorAddress(new Headers(), 0)).toBeUndefined()
    expect(visitorAddress(new Headers(), 1)).toBeUndefined()
  })
})
