import {
  type ContactDetails,
  type ContentLink,
  type ResolvedLink,
  resolveLinks,
} from '@siyakha/content/links'
import { buttonClasses } from '@siyakha/ui/button'
import Link from 'next/link'

/**
 * A content link. `context` names what a generic label ("Learn more") is about, for screen readers
 * and search engines, without changing what sighted visitors read.
 */
export function SmartLink({
  link,
  className,
  context,
}: {
  link: ResolvedLink
  className?: string
  context?: string
}) {
  const label = (
    <>
      {link.label}
      {context ? <span className="sr-only"> about {context}</span> : null}
    </>
  )
  if (link.href.startsWith('/') || link.href.startsWith('#')) {
    return (
      <Link href={link.href} className={className}>
        {label}
      </Link>
    )
  }
  return (
    <a
      href={link.href}
      className={className}
      {...(link.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {label}
    </a>
  )
}

const variantFor = { primary: 'primary', secondary: 'outline', link: 'link' } as const

/** A row of content links styled as buttons. */
export function LinkButtons({
  links,
  contacts,
  inverted,
  className,
}: {
  links: ContentLink[] | null | undefined
  contacts: ContactDetails
  inverted?: boolean
  className?: string
}) {
  const resolved = resolveLinks(links, contacts)
  if (resolved.length === 0) return null
  return (
    <div className={className ?? 'flex flex-wrap gap-3'}>
      {resolved.map((link) => (
        <SmartLink
          key={`${link.label}-${link.href}`}
          link={link}
          className={buttonClasses({
            variant: inverted && link.style === 'primary' ? 'secondary' : variantFor[link.style],
            size: 'lg',
          })}
        />
      ))}
    </div>
  )
}
