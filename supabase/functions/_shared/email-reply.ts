// What a person wrote in a reply by email, without the history their mail client quoted under it
// or their signature (../shared/docs/messaging-contract.md §3.5). Our own mails start with a
// "Reply above this line" marker, which is the surest cut; then email-reply-parser's method (its
// quote headers of ~20 languages, `>` blocks, common signatures), and the gaps found in practice
// (Afrikaans quote headers, Outlook's HTML-only replies).
//
// Anyone can send us mail, so everything here is linear in the mail's length (issue 43, item 6):
// the text is cut at MAX_INBOUND_CHARS before anything reads it, and no pattern may backtrack over
// more than the line it is given. email-reply-parser itself is not used: its quote-header patterns
// run over the whole text with two or more unbounded repetitions each (a 4 kB line took 54 s, a
// 400 kB mail of `On x x x` fragments minutes), so its method is written out below with each of its
// patterns rewritten as a prefix, a suffix and the words in between, tested line by line.
import { convert } from 'html-to-text'

/** Mail text longer than this is cut before any pattern reads it (the rest is never the reply). */
export const MAX_INBOUND_CHARS = 1_000_000
/** The longest message body the database takes (ticket_messages.body ≤ 4096). */
const MAX_BODY = 4096
const TRUNCATE_AT = 4000
/** Deeper HTML than this is not a person's reply; html-to-text recurses per level. */
const MAX_HTML_DEPTH = 64
/**
 * HTML is read up to its this-many-th tag: htmlparser2 and html-to-text slow down faster than the
 * markup grows when tags nest (200 kB of `<div>` took 2 s), and a reply that is not yet over after
 * this much markup is a generated page, not a person's words.
 */
const MAX_HTML_TAGS = 5000
/** A quote header its client wrapped is joined back only from lines this short. */
const MAX_HEADER_LINE = 500

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
  for (let tags = 0, at = lower.indexOf('<'); at >= 0; at = lower.indexOf('<', at + 1)) {
    if (++tags > MAX_HTML_TAGS) {
      cut = at
      break
    }
  }
  for (const marker of HTML_CUTS) {
    const at = lower.indexOf(marker.toLowerCase())
    // The marker sits inside a tag: cut at the tag's start, not in its middle.
    if (at >= 0) cut = Math.min(cut, marker.startsWith('<') ? at : Math.max(0, lower.lastIndexOf('<', at)))
  }
  return convert(html.slice(0, cut), {
    wordwrap: false,
    limits: { maxDepth: MAX_HTML_DEPTH, maxInputLength: MAX_INBOUND_CHARS },
    selectors: [
      { selector: 'img', format: 'skip' },
      { selector: 'a', options: { ignoreHref: true } },
    ],
  })
}

/**
 * A line's shape: `starts` is anchored at its start and `ends` at its end, both with bounded
 * repetitions only (or one repetition right after a literal), so each costs at most one pass over
 * the line; `has` are words it contains. Together they say what email-reply-parser's patterns say
 * with `.+` between the parts, which backtracks quadratically or worse.
 */
interface Shape {
  starts?: RegExp
  ends?: RegExp
  has?: string[]
}

const matches = (line: string, shape: Shape): boolean =>
  (!shape.starts || shape.starts.test(line)) &&
  (!shape.ends || shape.ends.test(line)) &&
  (shape.has ?? []).every((word) => line.includes(word))

/** email-reply-parser 2.3.7's quote headers (regex.js), as shapes of the line without its dashes. */
const QUOTE_HEADERS: Shape[] = [
  { starts: /^On\s/, ends: /\swrote:?$/ }, // On DATE, NAME <EMAIL> wrote:
  { starts: /^Le\s/, ends: /\s\S*écrit\s?:?$/ }, // Le DATE, NAME <EMAIL> a écrit :
  { starts: /^El\s/, ends: /\sescribió:?$/ }, // El DATE, NAME <EMAIL> escribió:
  { starts: /^Il\s/, ends: /\s\S*scritto:?$/ }, // Il DATE, NAME <EMAIL> ha scritto:
  { starts: /^Em\s/, ends: /\sescreveu:?$/ }, // Em DATE, NAME <EMAIL> escreveu:
  { starts: /^Am\s/, has: ['schrieb'], ends: /:$/ }, // Am DATE (um TIME) schrieb NAME <EMAIL>:
  { starts: /^Op\s/, has: ['schreef'], ends: /:$/ }, // Op DATE schreef NAME <EMAIL>:
  { starts: /^(W\sdniu|Dnia)\s/, ends: /(pisze|napisał(\(a\))?):$/u }, // W dniu DATE, NAME pisze:
  { starts: /^Den\s/, has: ['skrev '], ends: /:$/ }, // Den DATE skrev NAME <EMAIL>:
  { starts: /^[a-z]{3,4}\.\s/, has: [' skrev '], ends: /:$/ }, // DATE skrev NAME <EMAIL>:
  { starts: /^pe\s/, ends: /\skirjoitti:$/ }, // pe DATE NAME <EMAIL> kirjoitti:
  { starts: /^ср,\s/, has: [' г. в '], ends: /[\]>]:$/ }, // ср, DATE г. в TIME, NAME <EMAIL>:
  { starts: /^在/, ends: /写道：$/ }, // 在 DATE, TIME, NAME 写道：
  { starts: /^20[0-9]{2}\./, ends: /\s작성:$/ }, // DATE TIME NAME 작성:
  { starts: /^20[0-9]{2}\//, ends: /のメッセージ:$/ }, // DATE TIME、NAME のメッセージ:
  { ends: /\s<[^<>\n]*>\sschrieb:$/ }, // NAME <EMAIL> schrieb:
  { has: [' on ', 'at'], ends: /wrote:$/ }, // NAME on DATE at TIME wrote:
  { starts: /^(From|Von|De|Van|Da)\s?:/, ends: /[\]>]$/ }, // From: NAME <EMAIL>
  { starts: /^20[0-9]{2}-[0-9]{2}.[0-9]{2}.[0-9]{2}:[0-9]{2}/, ends: />:$/ }, // 20YY-MM-DD HH:II … <EMAIL>>:
  { starts: /^[0-9]{2}.[0-9]{2}.20[0-9]{2}/, ends: /" *<[^<>\n]*> *:$/ }, // DD.MM.20YY HH:II NAME <EMAIL>:
  { starts: /^[0-9]{2}:[0-9]{2}/, has: ['"'], ends: /" *<[^<>\n]*> *:$/ }, // HH:II, DATE, NAME <EMAIL>:
  { starts: /^\D*[0-9]{4}/, has: ['from'], ends: /<[^<>\n]*>:$/ }, // DATE from NAME <EMAIL>:
  { starts: /^(original message|oprindelig besked|message d'origine|ursprüngliche nachricht)$/i },
]

/** email-reply-parser 2.3.7's signature lines (regex.js), each anchored with bounded repetitions. */
const SIGNATURES: RegExp[] = [
  /^\s*-{2,4}$/,
  /^\s*_{2,4}$/,
  /^-- $/,
  /^\+{2,4}$/,
  /^={2,4}$/,
  /^_{32}$/,
  /^Sent from ./,
  /^Get Outlook for ./,
  /^Cheers,?!?$/i,
  /^Best wishes,?!?$/i,
  /^\w{0,20}\s?(\sand\s)?Regards,?!?！?$/i,
  /^Von .+ gesendet$/,
  /^Gesendet von .+ für ./,
  /^Sendt fra ./,
  /^Envoyé depuis ./,
  /^Envoyé de mon ./,
  /^Envoyé à partir de ./,
  /^Télécharger Outlook pour ./,
  /^Bien . vous,?!?$/i,
  /^\w{0,20}\s?cordialement,?!?$/i,
  /^Bonne (journ.e|soir.e)!?$/i,
  /^Enviado desde ./,
  /^-*\s*In\sdata\s.+scritto:?\s?-*$/,
  /^Verzonden vanaf ./,
  /^Verstuurd vanaf ./,
]

const isDashOrSpace = (char: string) => char === '-' || char.trim() === ''

/** The line without the dashes and spaces around it (a loop: `^[-\s]+|[-\s]+$` backtracks). */
function core(line: string): string {
  let start = 0
  let end = line.length
  while (start < end && isDashOrSpace(line[start] as string)) start++
  while (end > start && isDashOrSpace(line[end - 1] as string)) end--
  return line.slice(start, end)
}

/** How every quote header ends: most lines are ruled out by their last characters alone. */
const HEADER_END = /[:>\]：]$|(wrote|écrit|escribió|scritto|escreveu|message|besked|origine|nachricht)$/i

function isQuoteHeader(line: string): boolean {
  const text = core(line)
  return HEADER_END.test(text.slice(-12)) && QUOTE_HEADERS.some((shape) => matches(text, shape))
}

const isSignature = (line: string): boolean => SIGNATURES.some((pattern) => pattern.test(line))

/** A quote header its client wrapped over two or three lines, joined back into one. */
function joinWrappedHeaders(lines: string[]): string[] {
  const out: string[] = []
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string
    let joined = line
    let used = 0
    if (line.length <= MAX_HEADER_LINE && core(line) !== '' && !isQuoteHeader(line)) {
      let candidate = line
      for (let k = 1; k <= 2 && i + k < lines.length; k++) {
        const next = lines[i + k] as string
        if (next.length > MAX_HEADER_LINE || next.trim() === '') break
        candidate = `${candidate} ${next}`
        if (HEADER_END.test(core(next).slice(-12)) && isQuoteHeader(candidate)) {
          joined = candidate
          used = k
          break
        }
      }
    }
    out.push(joined)
    i += used
  }
  return out
}

interface Fragment {
  /** Bottom-up, as read. */
  lines: string[]
  quoted: boolean
  signature: boolean
  /** Whether the line read last is a signature line (tested once, when it was read). */
  lastIsSignature: boolean
}

/**
 * email-reply-parser's method: read the lines bottom-up into fragments (quoted, signature, or
 * text); a blank line above a quote header ends a quoted fragment; the visible text is the
 * fragments that are neither quoted, a signature, nor empty.
 */
export function visibleText(text: string): string {
  const lines = joinWrappedHeaders(text.split('\n'))
  const shown: string[] = []
  const close = (fragment: Fragment) => {
    const body = fragment.lines.reverse().join('\n')
    if (!fragment.quoted && !fragment.signature && body.replaceAll('\n', '') !== '')
      shown.push(body.startsWith('\n') ? body.slice(1) : body)
  }
  let fragment: Fragment | null = null
  for (let i = lines.length - 1; i >= 0; i--) {
    const read = lines[i] as string
    const signature = isSignature(read)
    const line = signature ? read : read.trimEnd()
    if (fragment) {
      const last = fragment.lines[fragment.lines.length - 1] as string
      if (fragment.lastIsSignature) {
        fragment.signature = true
        close(fragment)
        fragment = null
      } else if (line === '' && isQuoteHeader(last)) {
        fragment.quoted = true
        close(fragment)
        fragment = null
      }
    }
    const quoted = line.startsWith('>')
    const continues =
      fragment !== null &&
      (fragment.quoted === quoted || (fragment.quoted && (line === '' || isQuoteHeader(line))))
    let current: Fragment | null = fragment
    if (!continues || !current) {
      if (current) close(current)
      current = { lines: [], quoted, signature: false, lastIsSignature: false }
      fragment = current
    }
    current.lines.push(line)
    // What the library tests is the line as kept: trimmed, "Regards,  " is a signature.
    current.lastIsSignature = signature || (line !== read && isSignature(line))
  }
  if (fragment) close(fragment)
  const visible = shown.reverse().join('\n')
  let end = visible.length
  while (end > 0 && visible[end - 1] === '~') end--
  return visible.slice(0, end)
}

const WROTE = /\bwrote:\s*$|\bgeskryf:\s*$|\bschrieb:\s*$|\ba écrit\s*:\s*$/i
/** Op … het … geskryf: (Afrikaans), as a shape for the same reason as QUOTE_HEADERS. */
const AFRIKAANS_HEADER: Shape = { starts: /^\s*Op\s/, has: [' het '], ends: /\sgeskryf:\s*$/ }

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
  /** The body was cut at TRUNCATE_AT, or the mail at MAX_INBOUND_CHARS before it was read. */
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
  const source = content.text ?? content.html ?? ''
  const cut = source.length > MAX_INBOUND_CHARS
  const bounded = source.slice(0, MAX_INBOUND_CHARS)
  const raw = content.text != null ? bounded : content.html ? htmlToText(bounded) : ''
  let lines = cutAtMarker(raw.replace(/\r\n?/g, '\n').split('\n'))
  const afrikaans = lines.findIndex((line) => matches(line, AFRIKAANS_HEADER))
  if (afrikaans >= 0) lines = lines.slice(0, afrikaans)
  let text = visibleText(lines.join('\n'))
  const kept = text.split('\n')
  while (kept.length > 0 && /^\s*(>.*)?$/.test(kept[kept.length - 1] ?? '')) kept.pop()
  text = kept.join('\n').trim()
  if (text === '') {
    if (attachmentNames.length === 0) return null
    text = attachmentNames.map((name) => `(attachment: ${name})`).join('\n')
  }
  if (text.length > MAX_BODY) return { body: `${text.slice(0, TRUNCATE_AT)}… (truncated)`, truncated: true }
  return { body: text, truncated: cut }
}
