import { describe, expect, it } from 'vitest'
import { markdownToPortableText } from './markdown'

const plain = (blocks: ReturnType<typeof markdownToPortableText>['blocks']) =>
  blocks.map(({ style, listItem, level, children, markDefs }) => ({
    style,
    listItem,
    level,
    text: children.map((span) => span.text).join(''),
    marks: children.map((span) => span.marks),
    markDefs: markDefs.map(({ _key, ...rest }) => rest),
  }))

describe('markdownToPortableText', () => {
  it('converts paragraphs and h2/h3 headings', () => {
    const { blocks, errors } = markdownToPortableText(
      '## Title\n\nFirst line\nsame paragraph.\n\n### Sub',
      'doc',
    )
    expect(errors).toEqual([])
    expect(plain(blocks).map(({ style, text }) => [style, text])).toEqual([
      ['h2', 'Title'],
      ['normal', 'First line same paragraph.'],
      ['h3', 'Sub'],
    ])
  })

  it('converts bullet, numbered and nested lists', () => {
    const { blocks, errors } = markdownToPortableText('- a\n- b\n  - c\n\n1. one\n2. two', 'doc')
    expect(errors).toEqual([])
    expect(plain(blocks).map(({ listItem, level, text }) => [listItem, level, text])).toEqual([
      ['bullet', 1, 'a'],
      ['bullet', 1, 'b'],
      ['bullet', 2, 'c'],
      ['number', 1, 'one'],
      ['number', 1, 'two'],
    ])
  })

  it('turns strong/em into decorators and links into markDefs', () => {
    const { blocks, errors } = markdownToPortableText(
      'Some **bold** and *italic* text with [a link](/about) and [email](contact:email-support).',
      'doc',
    )
    expect(errors).toEqual([])
    const [block] = blocks
    if (!block) throw new Error('no block')
    expect(block.markDefs.map(({ _key, ...rest }) => rest)).toEqual([
      { _type: 'link', href: '/about' },
      { _type: 'link', contact: 'email-support' },
    ])
    const [first, second] = block.markDefs
    expect(block.children.map(({ text, marks }) => [text, marks])).toEqual([
      ['Some ', []],
      ['bold', ['strong']],
      [' and ', []],
      ['italic', ['em']],
      [' text with ', []],
      ['a link', [first?._key]],
      [' and ', []],
      ['email', [second?._key]],
      ['.', []],
    ])
  })

  it('decodes entities and keeps text exactly', () => {
    const { blocks } = markdownToPortableText('Cape Town & Durban — it\'s "fine" <today>', 'doc')
    expect(blocks[0]?.children[0]?.text).toBe('Cape Town & Durban — it\'s "fine" <today>')
  })

  it('gives deterministic, unique keys', () => {
    const md = '## A\n\nText with [link](/x).\n\n- item'
    const a = markdownToPortableText(md, 'post-1/body')
    const b = markdownToPortableText(md, 'post-1/body')
    const c = markdownToPortableText(md, 'post-2/body')
    expect(a).toEqual(b)
    expect(a.blocks[0]?._key).not.toBe(c.blocks[0]?._key)
    const keys = a.blocks.flatMap((block) => [
      block._key,
      ...block.children.map((s) => s._key),
      ...block.markDefs.map((d) => d._key),
    ])
    expect(new Set(keys).size).toBe(keys.length)
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{12}$/)
  })

  it('reports what rich text cannot hold', () => {
    const { errors } = markdownToPortableText(
      '# H1\n\n> quote\n\n```\ncode\n```\n\n[mail](mailto:a@b.example) [bad](contact:fax) [rel](about)',
      'doc',
    )
    expect(errors).toHaveLength(6)
    expect(errors.join('\n')).toMatch(/heading level 1/)
    expect(errors.join('\n')).toMatch(/blockquote/)
    expect(errors.join('\n')).toMatch(/code/)
    expect(errors.join('\n')).toMatch(/contact:<key>/)
    expect(errors.join('\n')).toMatch(/unknown contact "fax"/)
    expect(errors.join('\n')).toMatch(/"about"/)
  })
})
