import { escapeHTML, toHTML, uriLooksSafe } from '@portabletext/to-html'
import type { PortableTextBlock } from '@portabletext/types'

export type LinkMark = { _type?: string; href?: string }

/** A link in prose: another site's opens in a new tab; a target that is not a safe URL is plain text. */
function anchor(href: string | undefined, children: string): string {
  if (!href || !uriLooksSafe(href)) return children
  const attributes = /^https?:/i.test(href) ? ' rel="noopener noreferrer" target="_blank"' : ''
  return `<a href="${escapeHTML(href)}"${attributes}>${children}</a>`
}

const TEXT_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' }

/**
 * Text between tags needs only &, < and > escaped. The library's default also writes every
 * apostrophe as `&#x27;`, which the RSC payload's own escaping then turns into `\u0026#x27;`:
 * eleven bytes for a character prose is full of.
 */
function escapeText(text: string): string {
  return text.replace(/[&<>]/g, (c) => TEXT_ENTITIES[c] ?? c)
}

/** The HTML of Portable Text blocks (text escaped), each link pointing at `targets`' entry for its href. */
export function portableTextHtml(blocks: PortableTextBlock[], targets: ReadonlyMap<string, string>): string {
  return toHTML(blocks, {
    components: {
      escapeHTML: escapeText,
      marks: {
        link: ({ children, value: mark }: { children: string; value?: LinkMark }) =>
          anchor(mark?.href ? targets.get(mark.href) : undefined, children),
      },
    },
    // The schema allows blocks only; anything else renders nothing rather than a warning.
    onMissingComponent: false,
  })
}
