import { PortableText, type PortableTextComponents } from '@portabletext/react'
import type { PortableTextBlock } from '@portabletext/types'
import Link from 'next/link'

const components: PortableTextComponents = {
  marks: {
    link: ({ children, value }) => {
      const href: string = value?.href ?? '#'
      if (href.startsWith('/') || href.startsWith('#')) return <Link href={href}>{children}</Link>
      return (
        <a href={href} rel="noopener noreferrer" target="_blank">
          {children}
        </a>
      )
    },
  },
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
