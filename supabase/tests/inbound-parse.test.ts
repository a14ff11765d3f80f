// Inbound mail is read in time linear in its length (issue 43, item 6): anyone can send us mail,
// and a body whose quote stripping backtracks holds up every other mail behind it (and on a hosted
// project the function runs out of CPU and the mail is lost). Pure functions, no stack needed.
import EmailReplyParser from 'email-reply-parser'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { MAX_INBOUND_CHARS, visibleReply, visibleText } from '../functions/_shared/email-reply'
import { cleanSubject } from '../functions/_shared/inbound-mail'

/** Pieces that make the old patterns backtrack: quote-header words, separators, digits, markup. */
const HOSTILE_PIECES = [
  'On x ',
  'On x x x\n',
  ' wrote:',
  'wrote: ',
  '>',
  '> x\n',
  '\n',
  ' ',
  '-',
  ':',
  '<',
  '>:',
  '1111',
  'from',
  'Op ',
  ' het ',
  'geskryf:',
  'schrieb ',
  'Am ',
  ' skrev ',
  'W dniu ',
  'From: ',
  'Sent from ',
  '"',
  '~',
  '2026.',
  'Regards,',
  'x',
]
const HTML_PIECES = ['<div>', '<blockquote>', '<p>x', '</div>', '<b>', 'On x wrote:', ' ', '<br>', '&gt;']

type Input = { text?: string; html?: string }

const shape = fc.oneof(
  fc
    .array(fc.constantFrom(...HOSTILE_PIECES), { minLength: 1, maxLength: 6 })
    .map((pieces) => ({ unit: pieces.join(''), html: false })),
  fc
    .array(fc.constantFrom(...HTML_PIECES), { minLength: 1, maxLength: 4 })
    .map((pieces) => ({ unit: pieces.join(''), html: true })),
)

function build({ unit, html }: { unit: string; html: boolean }, size: number): Input {
  const body = unit.repeat(Math.ceil(size / unit.length)).slice(0, size)
  return html ? { html: body } : { text: body }
}

/** The fastest of a few runs, in ms: the host is shared, so the slowest say little. */
function time(input: Input, runs: number): number {
  let best = Number.POSITIVE_INFINITY
  for (let i = 0; i < runs; i++) {
    const started = performance.now()
    visibleReply(input)
    best = Math.min(best, performance.now() - started)
  }
  return best
}

describe('reading hostile mail', () => {
  it('takes at most linearly longer for 400 kB than for 4 kB, whatever its shape', () => {
    fc.assert(
      fc.property(shape, (s) => {
        const small = build(s, 4_000)
        time(small, 2) // warm-up: the first runs compile
        const t4 = time(small, 5)
        const t400 = time(build(s, 400_000), 3)
        // 100x the input may take 100x the time, times 10 for what a linear pass still pays on
        // 100x the data (garbage collection, caches) on a host other tests load too; below 1 ms a
        // 4 kB timing is mostly noise. Quadratic work would be 10,000x; the old reader took 43 s
        // for 400 kB of `On x ` and 54 s for 4 kB of `1111from<`.
        expect(
          t400,
          `${JSON.stringify(s.unit)}: ${t4.toFixed(2)} ms → ${t400.toFixed(2)} ms`,
        ).toBeLessThanOrEqual(100 * Math.max(t4, 1) * 10)
      }),
      { numRuns: 25 },
    )
  }, 300_000)

  it('cuts a mail over 1 MB before reading it, and says so', () => {
    for (const unit of ['On x x x\n', 'On x ', '>', '1111from<', 'x wrote:\n']) {
      const text = unit.repeat(Math.ceil((3 * MAX_INBOUND_CHARS) / unit.length))
      const started = performance.now()
      const whole = visibleReply({ text })
      const elapsed = performance.now() - started
      expect(elapsed, unit).toBeLessThan(10_000)
      const first = visibleReply({ text: text.slice(0, MAX_INBOUND_CHARS) })
      expect(whole?.body).toBe(first?.body)
      if (whole) expect(whole.truncated).toBe(true)
    }
  }, 120_000)
})

describe('a hostile subject', () => {
  it('loses its reply prefixes and our tag in time linear in its length', () => {
    expect(cleanSubject('Re: Fwd:  AW[2]: [TCK-7Q4M2A]   Laptop \t Wi-Fi')).toBe('Laptop Wi-Fi')
    expect(cleanSubject('RE :re: Printer')).toBe('Printer')
    for (const unit of [' ', 're ', ' \t', 're:', ' :']) {
      const subject = (n: number) => `re${unit.repeat(n / unit.length)}x`
      const timed = (text: string) => {
        let best = Number.POSITIVE_INFINITY
        for (let i = 0; i < 5; i++) {
          const started = performance.now()
          cleanSubject(text)
          best = Math.min(best, performance.now() - started)
        }
        return best
      }
      timed(subject(500))
      const small = timed(subject(500))
      const large = timed(subject(10_000))
      // 20x the subject (the schema's longest), at most 20x the time, x5 for noise; below 0.2 ms a
      // timing is mostly noise. Quadratic is 400x: the old pattern took 180 ms for 10 kB of spaces.
      expect(large, JSON.stringify(unit)).toBeLessThanOrEqual(20 * Math.max(small, 0.2) * 5)
    }
  })
})

const TEXT = [
  'Thanks, it is quiet now',
  'Still broken after the restart.',
  'The printer on floor 2 shows error 0x61.',
  'Lindiwe',
  '  indented, with trailing spaces   ',
]
const HEADERS = [
  ['On Monday, Siyakha Support wrote:'],
  ['On Mon, 24 Nov 2026 at 10:00, Siyakha Support <support@siyakha.example> wrote:'],
  ['On Mon, 24 Nov 2026 at 10:00, Siyakha Support <support@siyakha.example>', 'wrote:'],
  ['Le lun. 24 nov. 2026 à 10:00, Siyakha Support <support@siyakha.example> a écrit :'],
  ['Am 24.11.2026 um 10:00 schrieb Siyakha Support <support@siyakha.example>:'],
  ['Op 24 nov. 2026 om 10:00 schreef Siyakha Support <support@siyakha.example>:'],
  ['El lun, 24 nov 2026 a las 10:00, Siyakha Support (<support@siyakha.example>) escribió:'],
  ['Den 24 nov 2026 skrev Siyakha Support <support@siyakha.example>:'],
  ['From: Siyakha Support <support@siyakha.example>', 'Sent: Monday, 24 November 2026 10:00'],
  ['-----Original Message-----'],
]
const SIGNATURES = [
  'Regards,',
  // Not a signature as written; trimmed, as the reader keeps it, it is.
  'Regards,  ',
  'Kind Regards',
  '-- ',
  '--',
  '____',
  'Sent from my iPhone',
  'Get Outlook for Android',
  'Cheers',
]

const QUOTED = ['> We have re-seated the cable', '> > Did it work?', '>']

/**
 * Replies as mail clients write them: text, signatures and answers between quoted lines, then at
 * most one quote header (some wrapped) over the quoted mail. Where a mail has two headers, the
 * library joins lines across both (`Op … schreef` takes everything up to the last colon, and only
 * the first wrapped header is unwrapped), which hides the reply or shows a header: those cases
 * are not compared.
 */
const realMail = fc
  .tuple(
    fc.array(
      fc.oneof(
        fc.array(fc.constantFrom(...TEXT), { minLength: 1, maxLength: 3 }),
        fc.constant(['']),
        fc.tuple(fc.constantFrom(...SIGNATURES), fc.constantFrom(...TEXT)).map((lines) => ['', ...lines]),
        fc.array(fc.constantFrom(...QUOTED), { minLength: 1, maxLength: 2 }),
      ),
      { maxLength: 6 },
    ),
    fc.option(
      fc
        .tuple(
          fc.constantFrom(...HEADERS),
          fc.array(fc.constantFrom(...QUOTED), { minLength: 1, maxLength: 3 }),
        )
        .map(([header, quoted]) => ['', ...header, ...quoted]),
    ),
  )
  .map(([blocks, quote]) => [...blocks.flat(), ...(quote ?? [])].join('\n'))

describe('the linear reader', () => {
  it('reads real replies as email-reply-parser 2.3.7 does', () => {
    fc.assert(
      fc.property(realMail, (text) => {
        expect(visibleText(text)).toBe(new EmailReplyParser().read(text).getVisibleText())
      }),
      { numRuns: 3000 },
    )
  })
})
