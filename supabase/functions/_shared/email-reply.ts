// What a person wrote in a reply by email, without the history their mail client quoted under it
// or their signature (../shared/docs/messaging-contract.md §3.5). Our own mails start with a
// "Reply above this line" marker, which is the surest cut; email-reply-parser knows the quote
// headers of ~20 languages, `>` blocks and common signatures; the rest are the gaps found in
// practice (Afrikaans quote headers, Outlook's HTML-only replies).
import EmailReplyParser from 'email-reply-parser'
import { convert } from 'html-to-text'

/** The longest message body the database takes (ticket_messages.body ≤ 4096). */
const MAX_BODY = 4096
const TRUNCATE_AT = 4000

/** Where a mail client's HTML reply stops being the reply (quoted mail, forwarded headers). */
const HTML_CUTS = [
  'siyakha-reply-marker',
  'class="gmail_quote"',
  '<blockquote',
  'id="appendonsend"',
  'id="divRplyFwdMsg"',
  'class="moz-cite-prefix"',
  '-----Original Message-----',
]

function htmlToText(html: string): string {
  const lower = html.toLowerCase()
  let cut = html.length
  for (const marker of HTML_CUTS) {
    const at = lower.indexOf(marker.toLowerCase())
    // The marker sits inside a tag: cut at the tag's start, not in its middle.
    if (at >= 0) cut = Math.min(cut, marker.startsWith('<') ? at : Math.max(0, lower.lastIndexOf('<', at)))
  }
  return convert(html.slice(0, cut), {
    wordwrap: false,
    selectors: [
      { selector: 'img', format: 'skip' },
      { selector: 'a', options: { ignoreHref: true } },
    ],
  })
}

const WROTE = /\bwrote:\s*$|\bgeskryf:\s*$|\bschrieb:\s*$|\ba écrit\s*:\s*$/i
const AFRIKAANS_HEADER = /^\s*Op .+ het .+ geskryf:\s*$/

/** Cuts at our marker line, with the blank lines and the one "… wrote:" header just above it. */
function cutAtMarker(lines: string[]): string[] {
  const at = lines.findIndex((line) => line.includes('Reply above this line'))
  if (at < 0) return lines
  let end = at
  while (end > 0 && (lines[end - 1] ?? '').trim() === '') end--
  if (end > 0 && WROTE.test(lines[end - 1] ?? '')) {
    end--
    while (end > 0 && (lines[end - 1] ?? '').trim() === '') end--
  }
  return lines.slice(0, end)
}

export interface VisibleReply {
  body: string
  truncated: boolean
}

/**
 * The reply's own words, or null when nothing is left (and no attachment names it). `text` wins
 * over `html` (the plain part is what the person typed, the HTML part a rendering of it).
 */
export function visibleReply(
  content: { text?: string | null; html?: string | null },
  attachmentNames: string[] = [],
): VisibleReply | null {
  const raw = content.text ?? (content.html ? htmlToText(content.html) : '')
  let lines = cutAtMarker(raw.replace(/\r\n?/g, '\n').split('\n'))
  const afrikaans = lines.findIndex((line) => AFRIKAANS_HEADER.test(line))
  if (afrikaans >= 0) lines = lines.slice(0, afrikaans)
  let text = new EmailReplyParser().read(lines.join('\n')).getVisibleText()
  const kept = text.split('\n')
  while (kept.length > 0 && /^\s*(>.*)?$/.test(kept[kept.length - 1] ?? '')) kept.pop()
  text = kept.join('\n').trim()
  if (text === '') {
    if (attachmentNames.length === 0) return null
    text = attachmentNames.map((name) => `(attachment: ${name})`).join('\n')
  }
  if (text.length > MAX_BODY) return { body: `${text.slice(0, TRUNCATE_AT)}… (truncated)`, truncated: true }
  return { body: text, truncated: false }
}
