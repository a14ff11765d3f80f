import type { PortableTextBlock } from '@portabletext/types'
import { describe, expect, it } from 'vitest'
import { portableTextHtml } from './portable-text-html'

const span = (text: string, marks: string[] = []) => ({ _type: 'span', _key: `s-${text}`, text, marks })
const block = (
  children: ReturnType<typeof span>[],
  extra: Partial<PortableTextBlock> & Record<string, unknown> = {},
): PortableTextBlock => ({
  _type: 'block',
  _key: `b-${children[0]?.text}`,
  style: 'normal',
  markDefs: [],
  children,
  ...extra,
})

describe('portableTextHtml', () => {
  it('renders the schema’s styles, lists and decorators as plain HTML without React keys', () => {
    const html = portableTextHtml(
      [
        block([span('Heading')], { style: 'h2' }),
        block([span('Bold', ['strong']), span(' and '), span('leaning', ['em'])]),
        block([span('one')], { listItem: 'bullet', level: 1 }),
        block([span('two')], { listItem: 'bullet', level: 1 }),
      ],
      new Map(),
    )
    expect(html).toBe(
      '<h2>Heading</h2><p><strong>Bold</strong> and <em>leaning</em></p><ul><li>one</li><li>two</li></ul>',
    )
  })

  it('escapes what text between tags needs escaped, and only that', () => {
    expect(portableTextHtml([block([span(`<script>alert(1)</script> & "Tuesday's"`)])], new Map())).toBe(
      `<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; "Tuesday's"</p>`,
    )
  })

  it('points links at their resolved targets: site paths in the same tab, other sites in a new one', () => {
    const markDefs = [
      { _key: 'old', _type: 'link', href: '/old-path' },
      { _key: 'ext', _type: 'link', href: 'https://example.org/?a=1&b="2"' },
      { _key: 'mail', _type: 'link', href: 'mailto:support@siyakha.example' },
    ]
    const html = portableTextHtml(
      [
        block([span('moved', ['old']), span(' '), span('away', ['ext']), span(' '), span('mail', ['mail'])], {
          markDefs,
        }),
      ],
      new Map([
        ['/old-path', '/new-path'],
        ['https://example.org/?a=1&b="2"', 'https://example.org/?a=1&b="2"'],
        ['mailto:support@siyakha.example', 'mailto:support@siyakha.example'],
      ]),
    )
    expect(html).toBe(
      '<p><a href="/new-path">moved</a> ' +
        '<a href="https://example.org/?a=1&amp;b=&quot;2&quot;" rel="noopener noreferrer" target="_blank">away</a> ' +
        '<a href="mailto:support@siyakha.example">mail</a></p>',
    )
  })

  it('leaves a link whose target is not a safe URL, or is missing, as its text', () => {
    const markDefs = [
      { _key: 'js', _type: 'link', href: 'javascript:alert(1)' },
      { _key: 'none', _type: 'link' },
    ]
    const html = portableTextHtml(
      [block([span('click', ['js']), span(' '), span('bare', ['none'])], { markDefs })],
      new Map([['javascript:alert(1)', 'javascript:alert(1)']]),
    )
    expect(html).toBe('<p>click bare</p>')
  })
})
