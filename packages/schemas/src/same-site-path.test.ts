import { describe, expect, it } from 'vitest'
import { sameSitePath, sameSitePathOr, sameSitePathSchema } from './same-site-path'

describe('sameSitePath', () => {
  it.each([
    ['/portal/tickets', '/portal/tickets'],
    ['/', '/'],
    ['/auth?type=recovery', '/auth?type=recovery'],
    ['/blog/some-post#comments', '/blog/some-post#comments'],
    ['/search?q=a%2Fb%20c', '/search?q=a%2Fb%20c'],
    ['/services/./cloud', '/services/cloud'],
    ['/a/../portal', '/portal'],
    ['/javascript:alert(1)', '/javascript:alert(1)'],
  ])('keeps the same-site path %j as %j', (input, expected) => {
    expect(sameSitePath(input)).toBe(expected)
  })

  it.each([
    // Not a string, or empty.
    [undefined],
    [null],
    [42],
    [''],
    // Absolute and scheme URLs.
    ['https://evil.example'],
    ['http://evil.example/portal'],
    ['HTTPS://evil.example'],
    ['javascript:alert(1)'],
    ['JavaScript:alert(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['evil.example'],
    ['portal/tickets'],
    // Protocol-relative and what browsers read as such.
    ['//evil.example'],
    ['///evil.example'],
    ['/\\evil.example'],
    ['\\\\evil.example'],
    ['/\\/evil.example'],
    // Dot segments that normalise to //host.
    ['/.//evil.example'],
    ['/./\\evil.example'],
    ['/..//evil.example'],
    ['/a/../..//evil.example'],
    ['/%2e//evil.example'],
    ['/%2E%2E//evil.example'],
    // Percent-encoded forms, once and twice.
    ['/%2F%2Fevil.example'],
    ['/%2f%2fevil.example'],
    ['/%2F/evil.example'],
    ['/%5Cevil.example'],
    ['/%5cevil.example'],
    ['/%252F%252Fevil.example'],
    ['/%25252F%25252Fevil.example'],
    ['/%2e%2F%2Fevil.example'],
    ['/%09/evil.example'],
    ['/%0A/evil.example'],
    ['/portal%0D%0ASet-Cookie:x=1'],
    ['/%E0%A4%A'],
    // Tabs, newlines and other controls, which the URL parser silently drops.
    ['/\t/evil.example'],
    ['/\n/evil.example'],
    ['/\r\n/evil.example'],
    ['\t//evil.example'],
    [' //evil.example'],
    ['/\u0000/evil.example'],
    ['/\u007f/evil.example'],
    ['/\u2028/evil.example'],
    // Too long to be one of ours.
    [`/${'a'.repeat(2048)}`],
  ])('refuses %j', (input) => {
    expect(sameSitePath(input)).toBeNull()
  })

  it('falls back for a refused value', () => {
    expect(sameSitePathOr('/.//evil.example', '/portal/tickets')).toBe('/portal/tickets')
    expect(sameSitePathOr('/portal/my-tickets', '/portal/tickets')).toBe('/portal/my-tickets')
  })

  it('works as a zod schema', () => {
    expect(sameSitePathSchema.safeParse('/about').data).toBe('/about')
    expect(sameSitePathSchema.safeParse('/.//evil.example').success).toBe(false)
  })
})
