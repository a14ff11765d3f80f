/** The `link` object of the content model, as queries return it. */
export interface ContentLink {
  _key?: string | null
  label?: string | null
  href?: string | null
  contact?: string | null
  style?: string | null
}

export interface ContactDetails {
  phones?: { e164?: string | null }[] | null
  emails?: { support?: string | null; careers?: string | null; accounts?: string | null } | null
  whatsappNumber?: string | null
}

export interface ResolvedLink {
  label: string
  href: string
  style: 'primary' | 'secondary' | 'link'
  external: boolean
}

function contactHref(contact: string, details: ContactDetails): string | null {
  const digits = (n: string | null | undefined) => (n ? n.replace(/[^\d+]/g, '') : null)
  switch (contact) {
    case 'email-support':
      return details.emails?.support ? `mailto:${details.emails.support}` : null
    case 'email-careers':
      return details.emails?.careers ? `mailto:${details.emails.careers}` : null
    case 'email-accounts':
      return details.emails?.accounts ? `mailto:${details.emails.accounts}` : null
    case 'phone-primary': {
      const n = digits(details.phones?.[0]?.e164)
      return n ? `tel:${n}` : null
    }
    case 'phone-secondary': {
      const n = digits(details.phones?.[1]?.e164)
      return n ? `tel:${n}` : null
    }
    case 'whatsapp': {
      const n = digits(details.whatsappNumber)
      return n ? `https://wa.me/${n.replace('+', '')}` : null
    }
    default:
      return null
  }
}

/**
 * Turns a content link into an href. Contact links point at site settings so a phone number or
 * address is typed once; a link that resolves to nothing is dropped rather than rendered dead.
 */
export function resolveLink(link: ContentLink, details: ContactDetails): ResolvedLink | null {
  if (!link.label) return null
  const href = link.contact ? contactHref(link.contact, details) : (link.href ?? null)
  if (!href) return null
  const style = link.style === 'secondary' || link.style === 'link' ? link.style : 'primary'
  return { label: link.label, href, style, external: /^https?:\/\//.test(href) }
}

export function resolveLinks(
  links: ContentLink[] | null | undefined,
  details: ContactDetails,
): ResolvedLink[] {
  return (links ?? []).flatMap((l) => {
    const resolved = resolveLink(l, details)
    return resolved ? [resolved] : []
  })
}

/** `{brand}` in titles and headings stands for the brand name from site settings. */
export function withBrand(text: string, brandName: string): string {
  return text.replaceAll('{brand}', brandName)
}

/**
 * `withBrand` over every string of a query result (headings, SEO fields, Portable Text spans,
 * card texts). Editors may write `{brand}` in any field, so filling it field by field at render
 * time always misses one; filling the whole result where it is read cannot.
 */
export function fillBrand<T>(value: T, brandName: string): T {
  if (typeof value === 'string') return withBrand(value, brandName) as T
  if (Array.isArray(value)) return value.map((item) => fillBrand(item, brandName)) as T
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, fillBrand(item, brandName)]),
    ) as T
  }
  return value
}
