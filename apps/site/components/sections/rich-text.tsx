import { PortableText, type PortableTextComponents } from '@portabletext/react'
import type { PortableTextBlock } from '@portabletext/types'
import { Link } from '@siyakha/ui/link'
import { linkTarget } from '@/lib/redirects'
import { isClientRoute } from './links'

const components: PortableTextComponents = {
  marks: {
    link: ({ children, value }) => <ContentLink href={value?.href ?? '#'}>{children}</ContentLink>,
  },
}

/** A link inside Portable Text; site paths resolved past CMS redirects (see `linkTarget`). */
async function ContentLink({ href: given, children }: { href: string; children: React.ReactNode }) {
  const href = await linkTarget(given)
  if (isClientRoute(href)) return <Link href={href}>{children}</Link>
  if (href.startsWith('/')) return <a href={href}>{children}</a>
  return (
    <a href={href} rel="noopener noreferrer" target="_blank">
      {children}
    </a>
  )
}

/** Portable Text as prose; typography comes from the parent's `prose-*` classes. */
export function RichText({ value, className }: { value: unknown; className?: string }) {
  if (!Array.isArray(value) || value.length === 0) return null
  return (
    <div className={className ?? 'rich-text'}>
      <PortableText value={value as PortableTextBlock[]} components={components} />
    </div>
  )
}
