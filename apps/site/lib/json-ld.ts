import { absoluteUrl } from './env'

/** The business as structured data: the site-wide JSON-LD block. */
export interface BusinessFacts {
  brandName: string
  legalName?: string | null
  description?: string | null
  phone?: string | null
  email?: string | null
  address?: {
    streetAddress?: string | null
    locality?: string | null
    region?: string | null
    postalCode?: string | null
    country?: string | null
  } | null
  openingHours?: { days?: string[] | null; opens?: string | null; closes?: string | null }[] | null
  areasServed?: string[] | null
  socialLinks?: string[]
  established?: number | null
}

export type JsonLd = Record<string, unknown>

const BUSINESS_ID = () => `${absoluteUrl('/')}#business`

export function businessJsonLd(facts: BusinessFacts): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfessionalService',
    '@id': BUSINESS_ID(),
    name: facts.brandName,
    legalName: facts.legalName ?? undefined,
    description: facts.description ?? undefined,
    url: absoluteUrl('/'),
    logo: absoluteUrl('/icon.svg'),
    image: absoluteUrl('/og-default.webp'),
    telephone: facts.phone ?? undefined,
    email: facts.email ?? undefined,
    foundingDate: facts.established ? String(facts.established) : undefined,
    address: facts.address
      ? {
          '@type': 'PostalAddress',
          streetAddress: facts.address.streetAddress ?? undefined,
          addressLocality: facts.address.locality ?? undefined,
          addressRegion: facts.address.region ?? undefined,
          postalCode: facts.address.postalCode ?? undefined,
          addressCountry: facts.address.country ?? undefined,
        }
      : undefined,
    openingHoursSpecification: (facts.openingHours ?? []).map((h) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: h.days ?? [],
      opens: h.opens ?? undefined,
      closes: h.closes ?? undefined,
    })),
    areaServed: facts.areasServed ?? undefined,
    sameAs: facts.socialLinks?.length ? facts.socialLinks : undefined,
  }
}

export function breadcrumbJsonLd(items: { name: string; path: string }[]): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      item: absoluteUrl(item.path),
    })),
  }
}

export function serviceJsonLd(input: {
  name: string
  description: string
  path: string
  areaServed?: string[] | null
  /** Regional pages carry their own (placeholder) contact point, country-specific. */
  contact?: { telephone: string; country: string } | null
}): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name: input.name,
    description: input.description,
    url: absoluteUrl(input.path),
    provider: { '@id': BUSINESS_ID() },
    areaServed: input.areaServed?.length ? input.areaServed : undefined,
    ...(input.contact
      ? {
          availableChannel: {
            '@type': 'ServiceChannel',
            servicePhone: {
              '@type': 'ContactPoint',
              telephone: input.contact.telephone,
              contactType: 'customer service',
              areaServed: input.contact.country,
            },
          },
        }
      : {}),
  }
}

export function faqJsonLd(faqs: { question?: string | null; answer?: string | null }[]): JsonLd | null {
  const entries = faqs.filter((f) => f.question && f.answer)
  if (entries.length === 0) return null
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: entries.map((f) => ({
      '@type': 'Question',
      name: f.question,
      acceptedAnswer: { '@type': 'Answer', text: f.answer },
    })),
  }
}

export function blogPostingJsonLd(input: {
  headline: string
  description: string
  path: string
  datePublished: string
  dateModified?: string | null
  image?: string | null
  keywords?: string[] | null
  brandName: string
}): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: input.headline,
    description: input.description,
    mainEntityOfPage: absoluteUrl(input.path),
    url: absoluteUrl(input.path),
    datePublished: input.datePublished,
    dateModified: input.dateModified ?? input.datePublished,
    image: input.image
      ? input.image.startsWith('http')
        ? input.image
        : absoluteUrl(input.image)
      : undefined,
    keywords: input.keywords?.length ? input.keywords.join(', ') : undefined,
    author: { '@type': 'Organization', name: input.brandName, url: absoluteUrl('/') },
    publisher: { '@id': BUSINESS_ID() },
  }
}

export function contactPageJsonLd(input: { name: string; description: string; path: string }): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'ContactPage',
    name: input.name,
    description: input.description,
    url: absoluteUrl(input.path),
    about: { '@id': BUSINESS_ID() },
  }
}

/** Serialises for a <script type="application/ld+json">, escaping '<' so text cannot close the tag. */
export function serializeJsonLd(data: JsonLd): string {
  return JSON.stringify(data).replace(/</g, '\\u003c')
}
