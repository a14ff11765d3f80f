import { redirectsQuery } from '@siyakha/content/queries'
import { createContentSource } from '@siyakha/content/source'
import { startTestLake, type TestLake } from '@siyakha/local-content-lake/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RedirectRules, redirectLocation, redirectRules, resolveLink } from './redirects'

// The seed's redirect documents, read from a local Content Lake: /log-a-call → /log-it,
// /contact → /, and so on.
let lake: TestLake
let rules: RedirectRules
beforeAll(async () => {
  lake = await startTestLake()
  const source = await createContentSource({
    SANITY_DATASET: 'production',
    SANITY_API_VERSION: '2025-02-19',
    SANITY_API_HOST: lake.httpUrl,
    CONTENT_ASSET_BASE: '/cms-images',
  })
  rules = redirectRules(await source.fetch(redirectsQuery))
})
afterAll(() => lake?.dispose())

const linkTarget = async (href: string) => resolveLink(href, rules)

describe('linkTarget', () => {
  it('points a content link at the end of its CMS redirect', async () => {
    expect(await linkTarget('/log-a-call')).toBe('/log-it')
    expect(await linkTarget('/log-a-call/')).toBe('/log-it')
    expect(await linkTarget('/services/security-surveillance')).toBe('/services/security-and-surveillance')
  })

  it('keeps the link’s query and fragment', async () => {
    expect(await linkTarget('/contact#quote-form')).toBe('/#quote-form')
    expect(await linkTarget('/log-a-call?ref=footer')).toBe('/log-it?ref=footer')
    expect(await linkTarget('/log-a-call?ref=footer#form')).toBe('/log-it?ref=footer#form')
  })

  it('leaves pages, fragments and other sites alone', async () => {
    for (const href of [
      '/log-it',
      '/services',
      '#faq',
      'https://example.com/log-a-call',
      '//example.com/contact',
      'tel:+27110000000',
    ]) {
      expect(await linkTarget(href)).toBe(href)
    }
  })
})

describe('redirectRules', () => {
  it('keeps only same-site targets', () => {
    const only = redirectRules([
      { from: '/old', to: '/new', permanent: true },
      { from: '/away', to: 'https://evil.example/', permanent: true },
      { from: '/sneaky', to: '//evil.example', permanent: false },
    ])
    expect([...only]).toEqual([['/old', { to: '/new', permanent: true }]])
  })
})

describe('redirectLocation', () => {
  it('adds the request’s query string to the target', () => {
    expect(redirectLocation('/log-it', '?ref=sms&x=1')).toBe('/log-it?ref=sms&x=1')
    expect(redirectLocation('/log-it', '')).toBe('/log-it')
    expect(redirectLocation('/log-it', '?')).toBe('/log-it')
  })

  it('keeps the target’s own query and puts the fragment last', () => {
    expect(redirectLocation('/#quote-form', '?ref=ad')).toBe('/?ref=ad#quote-form')
    expect(redirectLocation('/blog?tag=ai', '?page=2')).toBe('/blog?tag=ai&page=2')
    expect(redirectLocation('/blog?tag=ai#top', '?page=2')).toBe('/blog?tag=ai&page=2#top')
  })
})
