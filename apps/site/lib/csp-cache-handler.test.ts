import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { inlineScriptHashes, POLICY_ENV, withPagePolicy, withScriptHashes } from './csp-cache-handler.mjs'
import { PAGE_POLICY_ENV, PAGE_POLICY_TEMPLATE } from './security-headers'

const scriptSrc = (policy: string) =>
  policy
    .split(';')
    .find((d) => d.trim().startsWith('script-src'))
    ?.trim()
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('base64')

const PAGE = [
  '<!DOCTYPE html><html><head><script src="/_next/static/chunks/a.js" async=""></script>',
  '<script type="application/ld+json">{"@type":"Organization"}</script></head><body>',
  '<script>(self.__next_f=self.__next_f||[]).push([0])</script>',
  '<script>self.__next_f.push([1,"0:{\\"P\\":null}\\n"])</script>',
  '<script type="module">import "/x.js"</script>',
  '<script>(self.__next_f=self.__next_f||[]).push([0])</script>',
  '</body></html>',
].join('')

describe('the page cache’s policy', () => {
  it('hashes each distinct inline script a browser runs, not files or data', () => {
    expect(inlineScriptHashes(PAGE)).toEqual([
      sha256('(self.__next_f=self.__next_f||[]).push([0])'),
      sha256('self.__next_f.push([1,"0:{\\"P\\":null}\\n"])'),
      sha256('import "/x.js"'),
    ])
  })

  it('adds them to the site’s page policy, which allows no inline script by itself', () => {
    expect(POLICY_ENV).toBe(PAGE_POLICY_ENV)
    expect(scriptSrc(PAGE_POLICY_TEMPLATE)).toBe("script-src 'self'")
    const policy = withScriptHashes(PAGE_POLICY_TEMPLATE, ['abc=', 'def='])
    expect(scriptSrc(policy)).toBe("script-src 'self' 'sha256-abc=' 'sha256-def='")
    // Only script-src changes.
    expect(policy.replace(" 'sha256-abc=' 'sha256-def='", '')).toBe(PAGE_POLICY_TEMPLATE)
    expect(() => withScriptHashes("default-src 'self'", ['abc='])).toThrow(/script-src/)
  })

  it('puts the policy on a cached page’s own headers, in place, and leaves other entries alone', () => {
    const page = { kind: 'APP_PAGE', html: PAGE, headers: { 'x-next-cache-tags': 'a' } }
    expect(withPagePolicy(page, PAGE_POLICY_TEMPLATE)).toBe(page)
    expect(page.headers['x-next-cache-tags']).toBe('a')
    expect((page.headers as Record<string, string>)['content-security-policy']).toBe(
      withScriptHashes(PAGE_POLICY_TEMPLATE, inlineScriptHashes(PAGE)),
    )
    const route = { kind: 'APP_ROUTE', body: Buffer.from('{}'), headers: {} }
    withPagePolicy(route, PAGE_POLICY_TEMPLATE)
    expect(route.headers).toEqual({})
  })
})
