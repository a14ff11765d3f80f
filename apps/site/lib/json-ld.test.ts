import { describe, expect, it } from 'vitest'
import {
  blogPostingJsonLd,
  breadcrumbJsonLd,
  businessJsonLd,
  contactPageJsonLd,
  faqJsonLd,
  serializeJsonLd,
  serviceJsonLd,
} from './json-ld'

describe('JSON-LD builders', () => {
  it('describes the business with its Sandton address, hours and areas', () => {
    const data = businessJsonLd({
      brandName: 'Siyakha Tech',
      phone: '+27110000000',
      address: { locality: 'Sandton', region: 'Gauteng', postalCode: '2146', country: 'ZA' },
      openingHours: [{ days: ['Monday', 'Friday'], opens: '08:00', closes: '17:00' }],
      areasServed: ['South Africa', 'Angola'],
    })
    expect(data).toMatchObject({
      '@type': 'ProfessionalService',
      name: 'Siyakha Tech',
      telephone: '+27110000000',
      address: {
        addressLocality: 'Sandton',
        addressRegion: 'Gauteng',
        postalCode: '2146',
        addressCountry: 'ZA',
      },
      openingHoursSpecification: [{ dayOfWeek: ['Monday', 'Friday'], opens: '08:00', closes: '17:00' }],
      areaServed: ['South Africa', 'Angola'],
    })
  })

  it('numbers breadcrumbs from 1 with absolute URLs', () => {
    expect(
      breadcrumbJsonLd([
        { name: 'Home', path: '/' },
        { name: 'London', path: '/it-company-london' },
      ]).itemListElement,
    ).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: 'http://localhost:3000' },
      { '@type': 'ListItem', position: 2, name: 'London', item: 'http://localhost:3000/it-company-london' },
    ])
  })

  it('gives a regional service its own contact point', () => {
    const data = serviceJsonLd({
      name: 'IT Company London',
      description: 'd',
      path: '/it-company-london',
      contact: { telephone: '+44 20 0000 0000', country: 'GB' },
    })
    expect(data).toMatchObject({
      '@type': 'Service',
      availableChannel: { servicePhone: { telephone: '+44 20 0000 0000', areaServed: 'GB' } },
    })
  })

  it('builds FAQPage only from complete entries', () => {
    expect(faqJsonLd([{ question: 'Q?', answer: null }])).toBeNull()
    expect(faqJsonLd([{ question: 'Q?', answer: 'A.' }])?.mainEntity).toEqual([
      { '@type': 'Question', name: 'Q?', acceptedAnswer: { '@type': 'Answer', text: 'A.' } },
    ])
  })

  it('builds BlogPosting and ContactPage', () => {
    expect(
      blogPostingJsonLd({
        headline: 'H',
        description: 'D',
        path: '/blog/h',
        datePublished: '2018-03-05',
        keywords: ['a', 'b'],
        image: '/cms-images/x.webp',
        brandName: 'B',
      }),
    ).toMatchObject({
      '@type': 'BlogPosting',
      datePublished: '2018-03-05',
      dateModified: '2018-03-05',
      keywords: 'a, b',
      image: 'http://localhost:3000/cms-images/x.webp',
    })
    expect(contactPageJsonLd({ name: 'Log It', description: 'D', path: '/log-it' })['@type']).toBe(
      'ContactPage',
    )
  })

  it('cannot be broken out of its script tag', () => {
    const text = serializeJsonLd({ name: '</script><script>alert(1)</script>' })
    expect(text).not.toContain('</script>')
    expect(JSON.parse(text).name).toBe('</script><script>alert(1)</script>')
  })
})
