import type { PortableTextBlock } from '@portabletext/types'
import { type LinkMark, portableTextHtml } from '@/lib/portable-text-html'
import { linkTarget } from '@/lib/redirects'

/** Every link annotation's target, resolved past CMS redirects (see `linkTarget`), by its href. */
async function linkTargets(blocks: PortableTextBlock[]): Promise<Map<string, string>> {
  const hrefs = new Set(
    blocks.flatMap((block) =>
      ((block.markDefs ?? []) as LinkMark[]).flatMap((mark) =>
        mark._type === 'link' && mark.href ? [mark.href] : [],
      ),
    ),
  )
  const pairs = await Promise.all([...hrefs].map(async (href) => [href, await linkTarget(href)] as const))
  return new Map(pairs)
}

/**
 * Portable Text as prose, rendered to HTML on the server. Nothing in prose runs on the client, so
 * the page carries it as one string: as React elements it was a tree of keyed nodes in the RSC
 * payload beside the same markup (an article's body, half as large again as its HTML). Its links
 * are plain anchors and load the next page in full. Typography comes from `.rich-text`.
 */
export async function RichText({ value, className }: { value: unknown; className?: string }) {
  if (!Array.isArray(value) || value.length === 0) return null
  const blocks = value as PortableTextBlock[]
  const html = portableTextHtml(blocks, await linkTargets(blocks))
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: portableTextHtml escapes every text and writes only safe link URLs (lib/portable-text-html.test.ts)
    <div className={className ?? 'rich-text'} dangerouslySetInnerHTML={{ __html: html }} />
  )
}
