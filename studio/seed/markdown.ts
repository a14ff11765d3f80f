import { lexer, type Token, type Tokens } from 'marked'
import { CONTACT_KEYS } from '../schemaTypes/lib/constants'
import { checkHref } from '../schemaTypes/lib/validation'
import { stableKey } from './keys'

export type PortableTextSpan = { _type: 'span'; _key: string; text: string; marks: string[] }
export type PortableTextLinkDef = { _type: 'link'; _key: string; href?: string; contact?: string }
export type PortableTextBlock = {
  _type: 'block'
  _key: string
  style: 'normal' | 'h2' | 'h3'
  listItem?: 'bullet' | 'number'
  level?: number
  markDefs: PortableTextLinkDef[]
  children: PortableTextSpan[]
}

export type MarkdownResult = { blocks: PortableTextBlock[]; errors: string[] }

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'" }

function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39|apos);/g, (_, name: string) => ENTITIES[name] ?? _)
}

/**
 * Converts Markdown to Portable Text blocks for the Studio's rich-text fields: paragraphs, `##`/`###`
 * headings, bullet and numbered lists (nested lists become `level` 2, 3…), `**strong**`, `*em*` and
 * links. A link to `contact:<key>` (e.g. `[email us](contact:email-support)`) becomes a link
 * annotation with `contact`, resolved from site settings by the site. Keys are derived from
 * `keyPrefix`, so the same input always gives the same output. Anything else Markdown can express
 * (images, code blocks, quotes, tables, HTML, `#` headings) is reported in `errors`.
 */
export function markdownToPortableText(markdown: string, keyPrefix: string): MarkdownResult {
  const blocks: PortableTextBlock[] = []
  const errors: string[] = []

  const newBlock = (
    style: PortableTextBlock['style'],
    inline: Token[] | undefined,
    list?: { listItem: 'bullet' | 'number'; level: number },
  ) => {
    const index = blocks.length
    const blockKey = stableKey(keyPrefix, index)
    const block: PortableTextBlock = {
      _type: 'block',
      _key: blockKey,
      style,
      ...(list ? { listItem: list.listItem, level: list.level } : {}),
      markDefs: [],
      children: [],
    }
    const spans: { text: string; marks: string[] }[] = []
    const walk = (tokens: Token[], marks: string[]) => {
      for (const token of tokens) {
        switch (token.type) {
          case 'text':
          case 'escape': {
            const t = token as Tokens.Text
            if (t.tokens && t.tokens.length > 0) walk(t.tokens, marks)
            else spans.push({ text: decodeEntities(t.text).replace(/\s*\n\s*/g, ' '), marks })
            break
          }
          case 'html':
            // Inline "HTML" such as "<5 ms" or "<today>": kept as literal text.
            spans.push({ text: (token as Tokens.HTML).raw, marks })
            break
          case 'codespan':
            spans.push({ text: decodeEntities((token as Tokens.Codespan).text), marks })
            break
          case 'strong':
            walk((token as Tokens.Strong).tokens, [...marks, 'strong'])
            break
          case 'em':
            walk((token as Tokens.Em).tokens, [...marks, 'em'])
            break
          case 'br':
            spans.push({ text: '\n', marks })
            break
          case 'link': {
            const link = token as Tokens.Link
            const defKey = stableKey(keyPrefix, index, 'link', block.markDefs.length)
            const contact = link.href.startsWith('contact:') ? link.href.slice('contact:'.length) : undefined
            if (contact !== undefined) {
              if (!(CONTACT_KEYS as readonly string[]).includes(contact)) {
                errors.push(
                  `link "${link.text}": unknown contact "${contact}" (use one of ${CONTACT_KEYS.join(', ')})`,
                )
              }
              block.markDefs.push({ _type: 'link', _key: defKey, contact })
            } else {
              const check = checkHref(link.href)
              if (check !== true) {
                const hint = /^(mailto|tel):/.test(link.href)
                  ? ' — write contact:<key>, e.g. contact:email-support'
                  : ''
                errors.push(`link "${link.text}" → "${link.href}": ${check}${hint}`)
              }
              block.markDefs.push({ _type: 'link', _key: defKey, href: link.href })
            }
            walk(link.tokens, [...marks, defKey])
            break
          }
          case 'del':
            walk((token as Tokens.Del).tokens, marks)
            break
          default:
            errors.push(`unsupported inline Markdown (${token.type}): ${JSON.stringify(token.raw)}`)
        }
      }
    }
    walk(inline ?? [], [])
    // Merge neighbouring spans with the same marks; drop empty spans.
    for (const span of spans) {
      const last = block.children[block.children.length - 1]
      if (last && last.marks.join() === span.marks.join()) last.text += span.text
      else if (span.text !== '') {
        block.children.push({ _type: 'span', _key: '', text: span.text, marks: span.marks })
      }
    }
    if (block.children.length === 0) block.children.push({ _type: 'span', _key: '', text: '', marks: [] })
    const first = block.children[0]
    const last = block.children[block.children.length - 1]
    if (first) first.text = first.text.replace(/^\s+/, '')
    if (last) last.text = last.text.replace(/\s+$/, '')
    block.children.forEach((span, i) => {
      span._key = stableKey(keyPrefix, index, 'span', i)
    })
    blocks.push(block)
  }

  const list = (token: Tokens.List, level: number) => {
    const listItem = token.ordered ? 'number' : 'bullet'
    for (const item of token.items) {
      for (const child of item.tokens) {
        if (child.type === 'text' || child.type === 'paragraph') {
          newBlock('normal', (child as Tokens.Text).tokens ?? [child], { listItem, level })
        } else if (child.type === 'list') {
          list(child as Tokens.List, level + 1)
        } else if (child.type !== 'space') {
          errors.push(`unsupported Markdown inside a list item (${child.type}): ${JSON.stringify(child.raw)}`)
        }
      }
    }
  }

  for (const token of lexer(markdown)) {
    switch (token.type) {
      case 'space':
        break
      case 'paragraph':
        newBlock('normal', (token as Tokens.Paragraph).tokens)
        break
      case 'heading': {
        const heading = token as Tokens.Heading
        if (heading.depth === 2 || heading.depth === 3) {
          newBlock(heading.depth === 2 ? 'h2' : 'h3', heading.tokens)
        } else {
          errors.push(
            `heading level ${heading.depth} is not allowed (use ## or ###; the page title is the h1): ${JSON.stringify(heading.raw.trim())}`,
          )
        }
        break
      }
      case 'list':
        list(token as Tokens.List, 1)
        break
      case 'text':
        newBlock('normal', (token as Tokens.Text).tokens ?? [token])
        break
      default:
        errors.push(`unsupported Markdown (${token.type}): ${JSON.stringify(token.raw.trim().slice(0, 80))}`)
    }
  }
  return { blocks, errors }
}
