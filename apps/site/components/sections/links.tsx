import {
  type ContactDetails,
  type ContentLink,
  type ResolvedLink,
  resolveLinks,
} from '@siyakha/content/links'
import { buttonClasses } from '@siyakha/ui/button'
import { type AnchorData, ContentAnchor } from '@/components/content-anchor'
import { linkTarget } from '@/lib/redirects'

/** A content link resolved to its final target, for ContentAnchor. */
export async function anchorData(link: ResolvedLink): Promise<AnchorData> {
  return { href: await linkTarget(link.href), label: link.label, external: link.external }
}

/** A content link, past the CMS's redirects (ContentAnchor). */
export async function SmartLink({
  link,
  className,
  context,
}: {
  link: ResolvedLink
  className?: string
  context?: string
}) {
  return <ContentAnchor link={await anchorData(link)} className={className} context={context} />
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
