import { Link } from '@siyakha/ui/link'
import type { ReactNode } from 'react'

/**
 * Whether Link (@siyakha/ui/link) may take a visitor to `href` without a page load: same-page
 * fragments and paths of this site. A path with a #fragment (the consultation buttons'
 * /contact#quote-form) is a full page load instead: browsers keep the fragment across /contact's
 * redirect, the client router can drop it.
 */
export function isClientRoute(href: string): boolean {
  return href.startsWith('#') || (href.startsWith('/') && !href.includes('#'))
}

/** A content link whose target is final (past the CMS's redirects): this site's paths route on the client. */
export type AnchorData = { href: string; label: string; external: boolean }

/**
 * A content link. `context` names what a generic label ("Learn more") is about, for screen readers
 * and search engines, without changing what sighted visitors read. Renders on the server and in
 * the client parts of sections alike.
 */
export function ContentAnchor({
  link,
  className,
  context,
}: {
  link: AnchorData
  className?: string
  context?: string
}) {
  const label: ReactNode = (
    <>
      {link.label}
      {context ? <span className="sr-only"> about {context}</span> : null}
    </>
  )
  if (isClientRoute(link.href)) {
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
