import { describe, expect, it } from 'vitest'
import { buildMetadata } from './seo'

describe('buildMetadata', () => {
  it('gives a page its own title, description, absolute canonical and social tags', () => {
    const metadata = buildMetadata({
      title: 'Log It | Technology Support',
      description: 'Log an IT support request with our Sandton helpdesk.',
      path: '/log-it',
      brandName: 'Siyakha Tech',
    })
    expect(metadata.title).toEqual({ absolute: 'Log It | Technology Support' })
    expect(metadata.alternates?.canonical).toBe('http://localhost:3000/log-it')
    expect(metadata.openGraph).toMatchObject({
      url: 'http://localhost:3000/log-it',
      title: 'Log It | Technology Support',
      siteName: 'Siyakha Tech',
      type: 'website',
    })
    expect(metadata.twitter).toMatchObject({
      card: 'summary_large_image',
      title: 'Log It | Technology Support',
    })
  })

  it('falls back to the default social image and makes image URLs absolute', () => {
    const metadata = buildMetadata({ title: 'T', description: 'D', path: '/', brandName: 'B' })
    expect(metadata.alternates?.canonical).toBe('http://localhost:3000')
    const images = (metadata.openGraph as { images: { url: string }[] }).images
    expect(images[0]?.url).toBe('http://localhost:3000/og-default.webp')
  })

  it('marks articles with their dates', () => {
    const metadata = buildMetadata({
      title: 'T',
      description: 'D',
      path: '/blog/x',
      brandName: 'B',
      type: 'article',
      publishedTime: '2024-11-03',
      image: { url: 'https://cdn.sanity.io/images/p/d/a-1x1.webp', width: 1, height: 1, alt: 'A' },
    })
    expect(metadata.openGraph).toMatchObject({ type: 'article', publishedTime: '2024-11-03' })
    expect((metadata.openGraph as { images: { url: string }[] }).images[0]?.url).toBe(
      'https://cdn.sanity.io/images/p/d/a-1x1.webp',
    )
  })
})
