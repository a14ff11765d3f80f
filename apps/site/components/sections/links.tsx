import {
  type ContactDetails,
  type ContentLink,
  type ResolvedLink,
  resolveLinks,
} from '@siyakha/content/links'
import { buttonClasses } from '@siyakha/ui/button'
import { Link } from '@siyakha/ui/link'
import { linkTarget } from '@/lib/redirects'

/**
 * Whether Link (@siyakha/ui/link) may take a visitor to `href` without a page load: same-page
 * fragments and paths of this site. A path with a #fragment (the consultation buttons'
 * /contact#quote-form) is a full page load instead: browsers keep the fragment across /contact's
 * redirect, the client router can drop it.
 */
export function isClientRoute(href: string): boolean {
  return href.startsWith('#') || (href.startsWith('/') && !href.includes('#'))
}

/**
 * A content link. `context` names what a generic label ("Learn more") is about, for screen readers
 * and search engines, without changing what sighted visitors read.
 */
export async function SmartLink({
  link,
  className,
  context,
}: {
  link: ResolvedLink
  className?: string
  context?: string
}) {
  const href = await linkTarget(link.href)
  const label = (
    <>
      {link.label}
      {context ? <span className="sr-only"> about {context}</span> : null}
    </>
  )
  if (isClientRoute(href)) {
    return (
      <Link href={href} className={className}>
        {label}
      </Link>
    )
  }
  return (
    <a
      href={href}
      className={className}
      {...(link.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {label}
    </a>
  )
}

const variantFor = { primary: 'primary', secondary: 'outline', link: 'link' } as const

/** On a dark band (`inverted`) the primary button turns light; see `buttonClasses`' `onDark`. */
const invertedVariantFor = { primary: 'secondary', secondary: 'outline', link: 'link' } as const

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
            variant: (inverted ? invertedVariantFor : variantFor)[link.style],
            size: 'lg',
            onDark: inverted,
          })}
        />
      ))}
    </div>
  )
}
