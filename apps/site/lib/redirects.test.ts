import { describe, expect, it } from 'vitest'
import { linkTarget } from './redirects'

// The seed's redirect documents: /log-a-call → /log-it, /contact → /, and so on.
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
