import { createHash } from 'node:crypto'
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { buildDataset } from './builder'
import { comparable, normalizeLakeDocument } from './document-to-source'
import { ExportError, exportSeed, type LakeDocument } from './export'
import { resolveSeedAssets } from './load'
import { artworkDir, contentDir } from './paths'
import { canonicalPortableText, portableTextToMarkdown } from './portable-text-to-markdown'

// biome-ignore lint/suspicious/noExplicitAny: tests edit arbitrary document JSON
type Loose = any

const temps: string[] = []
afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** A scratch copy of the real seed sources. */
function seedCopy() {
  const dir = mkdtempSync(join(tmpdir(), 'seed-export-test-'))
  temps.push(dir)
  cpSync(contentDir, join(dir, 'content'), { recursive: true })
  cpSync(artworkDir, join(dir, 'artwork'), { recursive: true })
  return { dir, content: join(dir, 'content'), artwork: join(dir, 'artwork') }
}

type Copy = ReturnType<typeof seedCopy>

const build = (copy: Copy) => buildDataset({ contentDir: copy.content, artworkDir: copy.artwork })

/** The copy's seed as the lake serves it: assets resolved, lake fields added, plus noise to ignore. */
function lakeOf(copy: Copy) {
  const result = build(copy)
  expect(result.errors).toEqual([])
  const files = new Map<string, Buffer>()
  for (const [name, image] of result.images) files.set(name, readFileSync(image.source))
  const documents = resolveSeedAssets(result.documents, 'https://lake.test/images').map((doc) => ({
    ...doc,
    _rev: 'rev1',
    _createdAt: '2026-01-01T00:00:00Z',
    _updatedAt: '2026-01-02T00:00:00Z',
    ...(doc._type === 'sanity.imageAsset' ? { sha1hash: 'x', size: 1, originalFilename: 'a.webp' } : {}),
  })) as LakeDocument[]
  documents.push({ _id: 'system.group.editors', _type: 'system.group', members: [] } as LakeDocument)
  return {
    result,
    documents,
    files,
    readAsset: (name: string) => {
      const bytes = files.get(name)
      if (!bytes) throw new Error(`no asset ${name}`)
      return bytes
    },
    doc: (id: string) => documents.find((doc) => doc._id === id) as Loose,
  }
}

const exportTo = (copy: Copy, lake: ReturnType<typeof lakeOf>) =>
  exportSeed({
    documents: lake.documents,
    readAsset: lake.readAsset,
    contentDir: copy.content,
    artworkDir: copy.artwork,
  })

const read = (copy: Copy, file: string) => readFileSync(join(copy.content, file), 'utf8')

/**
 * The rebuilt seed equals the lake's content documents (keys and lake fields aside); with
 * `normalized`, the lake's documents as normalizeLakeDocument gives them.
 */
function expectRebuildMatches(copy: Copy, lake: ReturnType<typeof lakeOf>, normalized = false) {
  const rebuilt = build(copy)
  expect(rebuilt.errors).toEqual([])
  const content = lake.documents.filter((doc) => !/^(sanity|system)\./.test(doc._type))
  expect(rebuilt.documents.map((doc) => doc._id)).toEqual(content.map((doc) => doc._id).sort())
  for (const doc of rebuilt.documents) {
    const lakeDoc = normalized ? normalizeLakeDocument(lake.doc(doc._id)) : lake.doc(doc._id)
    expect(comparable(doc, true)).toEqual(comparable(lakeDoc, false))
  }
  return rebuilt
}

/** The rebuilt document as compared, and the lake's as it came (not normalised). */
function rebuiltAndRaw(copy: Copy, lake: ReturnType<typeof lakeOf>, id: string) {
  const rebuilt = build(copy).documents.find((doc) => doc._id === id)
  if (!rebuilt) throw new Error(`${id} not rebuilt`)
  return { rebuilt: comparable(rebuilt, true) as Loose, raw: comparable(lake.doc(id), false) as Loose }
}

const span = (text: string, marks: string[] = []) => ({
  _type: 'span',
  _key: Math.random().toString(36).slice(2, 10),
  text,
  marks,
})

const block = (text: string, extra: Loose = {}, marks: string[] = [], markDefs: Loose[] = []) => ({
  _type: 'block',
  _key: Math.random().toString(36).slice(2, 10),
  style: 'normal',
  markDefs,
  children: [{ _type: 'span', _key: 'k', text, marks }],
  ...extra,
})

// Each export builds the whole seed, some tests several times: more than the default 5 s on a busy machine.
describe('exportSeed on the unchanged seed', { timeout: 30_000 }, () => {
  it('rewrites no file and builds the same dataset and images', () => {
    const copy = seedCopy()
    const lake = lakeOf(copy)
    const before = lake.result
    const result = exportTo(copy, lake)
    expect(result.written).toEqual([])
    expect(result.removed).toEqual([])
    expect(result.unchanged).toBe(before.documents.length)
    const after = build(copy)
    expect(after.ndjson).toBe(before.ndjson)
    expect([...after.images.keys()].sort()).toEqual([...before.images.keys()].sort())
  })

  it('writes every document back identically when all files are missing', () => {
    const copy = seedCopy()
    const lake = lakeOf(copy)
    rmSync(copy.content, { recursive: true })
    const result = exportTo(copy, lake)
    expect(result.written.length).toBe(lake.result.documents.length)
    expect(result.unchanged).toBe(0)
    expectRebuildMatches(copy, lake)
    // Written afresh, the sources are stable: a second export changes nothing.
    expect(exportTo(copy, lake).written).toEqual([])
  })
})

describe('exportSeed after edits in the Studio', { timeout: 30_000 }, () => {
  it('writes a changed title into the one file, as a one-line change', () => {
    const copy = seedCopy()
    const lake = lakeOf(copy)
    const before = read(copy, 'page/page-about.yaml')
    lake.doc('page-about').title = 'About Siyakha'
    lake.doc('page-about').sections[1].cards[2].text = 'Tidy cabinets: "quoted" #1'
    const result = exportTo(copy, lake)
    expect(result.written).toEqual([join(copy.content, 'page/page-about.yaml')])
    const after = read(copy, 'page/page-about.yaml')
    const changed = after.split('\n').filter((line) => !before.split('\n').includes(line))
    // The card text was a `>-` paragraph and stays one.
    expect(changed).toEqual(['title: About Siyakha', '          Tidy cabinets: "quoted" #1'])
    // Untouched wrapped paragraphs keep their exact text.
    expect(after).toContain(
      '    We are a Sandton-based managed IT service provider and a Level 1 BEE contributor, supporting\n',
    )
    expectRebuildMatches(copy, lake)
    expect(exportTo(copy, lake).written).toEqual([])
  })

  it('writes a changed Portable Text body as Markdown, keeping the unchanged paragraphs', () => {
    const copy = seedCopy()
    const lake = lakeOf(copy)
    const file = 'project/kfc-national-network-rollout.md'
    const before = read(copy, file)
    const post = lake.doc('project-kfc-national-network-rollout')
    post.body.splice(
      1,
      0,
      block('A new heading', { style: 'h3' }),
      {
        ...block(''),
        markDefs: [
          { _type: 'link', _key: 'l1', href: 'https://example.com/a_(b)' },
          { _type: 'link', _key: 'l2', contact: 'email-support' },
        ],
        children: [
          { _type: 'span', _key: 'a', text: 'Read ', marks: [] },
          { _type: 'span', _key: 'b', text: 'our guide', marks: ['l1', 'strong'] },
          { _type: 'span', _key: 'c', text: ', ', marks: [] },
          { _type: 'span', _key: 'd', text: 'email us', marks: ['l2'] },
          { _type: 'span', _key: 'e', text: ' or *not* ', marks: [] },
          { _type: 'span', _key: 'f', text: 'emphasised', marks: ['em'] },
          { _type: 'span', _key: 'g', text: ' & 2 < 3.', marks: [] },
        ],
      },
      block('First', { listItem: 'number', level: 1 }),
      block('Nested', { listItem: 'bullet', level: 2 }, ['strong']),
      block('Second', { listItem: 'number', level: 1 }),
    )
    post.body[0].children[0].text = 'Edited first paragraph.'
    const result = exportTo(copy, lake)
    expect(result.written).toEqual([join(copy.content, file)])
    const after = read(copy, file)
    expect(after).toContain('Edited first paragraph.\n\n### A new heading\n\n')
    expect(after).toContain(
      'Read [**our guide**](https://example.com/a_\\(b\\)), [email us](contact:email-support) or \\*not\\* *emphasised* & 2 < 3.',
    )
    expect(after).toContain('1. First\n   - **Nested**\n2. Second\n')
    // Paragraphs not edited keep their original line wrapping.
    expect(after).toContain(
      'Across many franchised and corporate stores, the network had been installed by different\n',
    )
    expect(after.split('\n---\n')[0]).toBe(before.split('\n---\n')[0])
    expectRebuildMatches(copy, lake)
    expect(exportTo(copy, lake).written).toEqual([])
  })

  it('follows reordered, removed and added list items, keeping a file’s _type line', () => {
    const copy = seedCopy()
    const lake = lakeOf(copy)
    const page = lake.doc('regional-it-company-london')
    const [first, second] = page.sections
    page.sections.splice(0, 2, second, first)
    page.sections.splice(3, 1)
    page.areas.push('Docklands')
    page.navTitle = 'London, UK'
    const result = exportTo(copy, lake)
    expect(result.written).toEqual([join(copy.content, 'regionalPage/regional-it-company-london.yaml')])
    const text = read(copy, 'regionalPage/regional-it-company-london.yaml')
    expect(text.startsWith('_id: regional-it-company-london\n_type: regionalPage\n')).toBe(true)
    expect(text).toContain('  - Greater London\n  - Docklands\n')
    expectRebuildMatches(copy, lake)
    expect(exportTo(copy, lake).written).toEqual([])
  })

  it('changes only the front matter line of a Markdown document whose body is unchanged', () => {
    const copy = seedCopy()
    const lake = lakeOf(copy)
    const file = 'post/it-migration-services-south-africa.md'
    const before = read(copy, file)
    lake.doc('post-it-migration-services-south-africa').readTime = '9 min read'
    lake.doc('post-it-migration-services-south-africa').featured = !lake.doc(
      'post-it-migration-services-south-africa',
    ).featured
    exportTo(copy, lake)
    const after = read(copy, file)
    const removed = before.split('\n').filter((line) => !after.split('\n').includes(line))
    const added = after.split('\n').filter((line) => !before.split('\n').includes(line))
    expect(removed).toHaveLength(2)
    expect(added).toEqual(['readTime: 9 min read', expect.stringMatching(/^featured: (true|false)$/)])
    expect(after.slice(after.indexOf('\n---\n'))).toBe(before.slice(before.indexOf('\n---\n')))
    expectRebuildMatches(copy, lake)
  })

  it('writes a rich-text field inside a YAML file as a | block', () => {
    const copy = seedCopy()
    const lake = lakeOf(copy)
    lake.doc('siteSettings').articleFooter.push(block('Follow us.', { style: 'normal' }))
    exportTo(copy, lake)
    expect(read(copy, 'siteSettings/siteSettings.yaml')).toContain(
      '  30-minute consultation](/contact#quote-form).\n\n  Follow us.\n',
    )
    expectRebuildMatches(copy, lake)
  })

  it('writes a new document into a new file named like its type’s others', () => {
    const copy = seedCopy()
    const lake = lakeOf(copy)
    lake.documents.push(
      {
        _id: '0b6c1f0e-2f43-4b8e-9d55-6f1c2a7f9a10',
        _type: 'testimonial',
        _rev: 'r',
        name: 'Thandi Zulu',
        role: 'Principal',
        company: 'Primary school, Soweto',
        content: 'Reliable: "finally".',
        rating: 4,
        initials: 'TZ',
        order: 6,
      },
      {
        ...lake.doc('post-5-signs-your-school-needs-a-network-upgrade'),
        _id: 'post-new-post',
        title: 'A new post',
        slug: { _type: 'slug', current: 'a-new-post' },
        body: [block('Hello', { style: 'h2' }), block('World.')],
        featured: false,
      },
    )
    const result = exportTo(copy, lake)
    expect(result.written.sort()).toEqual([
      join(copy.content, 'post/a-new-post.md'),
      join(copy.content, 'testimonial/0b6c1f0e-2f43-4b8e-9d55-6f1c2a7f9a10.yaml'),
    ])
    expect(read(copy, 'testimonial/0b6c1f0e-2f43-4b8e-9d55-6f1c2a7f9a10.yaml')).toBe(
      '_id: 0b6c1f0e-2f43-4b8e-9d55-6f1c2a7f9a10\nname: Thandi Zulu\nrole: Principal\ncompany: Primary school, Soweto\ncontent: \'Reliable: "finally".\'\nrating: 4\ninitials: TZ\norder: 6\n',
    )
    expect(read(copy, 'post/a-new-post.md')).toMatch(
      /^---\n_id: post-new-post\ntitle: A new post\nslug: a-new-post\n[\s\S]*\n---\n\n## Hello\n\nWorld\.\n$/,
    )
    expectRebuildMatches(copy, lake)
  })

  it('removes the file of a deleted document', () => {
    const copy = seedCopy()
    const lake = lakeOf(copy)
    lake.documents = lake.documents.filter((doc) => doc._id !== 'redirect-3' && doc._id !== 'testimonial-2')
    const result = exportTo(copy, lake)
    expect(result.written).toEqual([])
    expect(result.removed.sort()).toEqual([
      join(copy.content, 'redirect/redirect-3.yaml'),
      join(copy.content, 'testimonial/testimonial-2.yaml'),
    ])
    expect(existsSync(join(copy.content, 'redirect/redirect-3.yaml'))).toBe(false)
    expectRebuildMatches(copy, lake)
  })

  it('writes a newly uploaded image into seed/artwork and references it', () => {
    const copy = seedCopy()
    const lake = lakeOf(copy)
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200"><rect width="300" height="200"/></svg>',
    )
    const sha1 = createHash('sha1').update(svg).digest('hex')
    const assetId = `image-${sha1}-300x200-svg`
    lake.files.set(`${sha1}-300x200.svg`, svg)
    lake.documents.push({
      _id: assetId,
      _type: 'sanity.imageAsset',
      extension: 'svg',
      originalFilename: 'IMG_0042.svg',
      sha1hash: sha1,
    } as LakeDocument)
    const item = lake.doc('gallery-switch-cabinet')
    item.image = { _type: 'image', alt: 'A new cabinet photo', asset: { _type: 'reference', _ref: assetId } }
    const result = exportTo(copy, lake)
    expect(result.written.sort()).toEqual([
      join(copy.artwork, 'gallery/switch-cabinet.svg'),
      join(copy.content, 'galleryItem/gallery-switch-cabinet.yaml'),
    ])
    // The replaced image is no longer used by the seed, so its artwork goes.
    expect(result.removed).toEqual([join(copy.artwork, 'gallery/switch-cabinet.webp')])
    expect(readFileSync(join(copy.artwork, 'gallery/switch-cabinet.svg'))).toEqual(svg)
    expect(read(copy, 'galleryItem/gallery-switch-cabinet.yaml')).toContain(
      'image:\n  file: gallery/switch-cabinet.svg\n  alt: "A new cabinet photo"\n',
    )
    const rebuilt = expectRebuildMatches(copy, lake)
    expect(rebuilt.images.has(`${sha1}-300x200.svg`)).toBe(true)
  })

  it('writes references as { ref }', () => {
    const copy = seedCopy()
    const lake = lakeOf(copy)
    const service = lake.doc('service-healthcare-it-support')
    service.parent = { _type: 'reference', _ref: 'service-infrastructure-and-networking' }
    service.sections.push({
      _type: 'featuredProjectSection',
      _key: 'f1',
      heading: 'A project',
      project: { _type: 'reference', _ref: 'project-kfc-national-network-rollout' },
    })
    exportTo(copy, lake)
    const text = read(copy, 'service/service-healthcare-it-support.yaml')
    expect(text).toContain('parent:\n  ref: service-infrastructure-and-networking\n')
    expect(text).toContain(
      '  - _type: featuredProjectSection\n    heading: A project\n    project:\n      ref: project-kfc-national-network-rollout\n',
    )
    expectRebuildMatches(copy, lake)
  })

  it('fails, writing nothing, on content the seed cannot express', () => {
    const copy = seedCopy()
    const lake = lakeOf(copy)
    const before = read(copy, 'post/5-signs-your-school-needs-a-network-upgrade.md')
    const post = lake.doc('post-5-signs-your-school-needs-a-network-upgrade')
    post.coverImage.hotspot = { _type: 'sanity.imageHotspot', x: 0.5, y: 0.5, height: 1, width: 1 }
    post.subtitle = 'Not in the schema'
    post.body[0].style = 'blockquote'
    post.body[1].children.push({ _type: 'inlineThing', _key: 'i' })
    post.body.push(block(''))
    post.title = 'Trailing space '
    lake.documents.push({ _id: 'author-1', _type: 'author', name: 'X' } as LakeDocument)
    let error: unknown
    try {
      exportTo(copy, lake)
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(ExportError)
    const problems = (error as ExportError).problems
    const id = 'post-5-signs-your-school-needs-a-network-upgrade'
    expect(problems).toEqual(
      expect.arrayContaining([
        'author-1: documents of type "author" have no place in the seed (not a schema document type)',
        `${id}: subtitle: "subtitle" is not a field of the schema, so the seed cannot hold it`,
        `${id}: coverImage.hotspot: "hotspot" is not a field of the schema, so the seed cannot hold it`,
        `${id}: body[0]: style: "blockquote" cannot be written in Markdown (normal, h2, h3)`,
        `${id}: body[1]: children[1]: an inline "inlineThing" cannot be written in Markdown (only text)`,
      ]),
    )
    // The empty block and the title's space are normalised away, not reported.
    expect(problems.filter((problem) => /empty|: title/.test(problem))).toEqual([])
    expect(read(copy, 'post/5-signs-your-school-needs-a-network-upgrade.md')).toBe(before)
  })

  it('still reports whitespace the normalisation leaves alone, writing nothing', () => {
    const copy = seedCopy()
    const lake = lakeOf(copy)
    const before = read(copy, 'project/kfc-national-network-rollout.md')
    const project = lake.doc('project-kfc-national-network-rollout')
    // A space in a slug is part of the URL; the seed would trim it.
    project.slug.current = 'kfc-national-network-rollout '
    // A space at the end of a block (Markdown drops it), also when it comes out of bold text.
    project.body[1].children = [span('Ends with a space. ')]
    project.body[2].children = [span('Ends in '), span('bold ', ['strong'])]
    let error: unknown
    try {
      exportTo(copy, lake)
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(ExportError)
    const problems = (error as ExportError).problems
    const id = 'project-kfc-national-network-rollout'
    expect(problems).toEqual([
      `${id}: body[1]: cannot be written as Markdown that reads back the same ("Ends with a space. " reads as ["Ends with a space."])`,
      `${id}: body[2]: cannot be written as Markdown that reads back the same ("Ends in **bold** " reads as ["Ends in bold"])`,
    ])
    project.body = lakeOf(copy).doc(id).body
    expect(() => exportTo(copy, lake)).toThrow(
      `${id}: slug.current: the seed would build "kfc-national-network-rollout", the lake has "kfc-national-network-rollout "`,
    )
    expect(read(copy, 'project/kfc-national-network-rollout.md')).toBe(before)
  })
})

describe('exportSeed normalising what editors leave behind in the Studio', { timeout: 30_000 }, () => {
  it('drops empty blocks: none are written, and alone they change no file', () => {
    const copy = seedCopy()
    const lake = lakeOf(copy)
    const id = 'project-kfc-national-network-rollout'
    const file = 'project/kfc-national-network-rollout.md'
    const before = read(copy, file)
    const body = lake.doc(id).body
    const original = [...body]
    // Enter pressed twice between paragraphs; a space or a soft break typed into an empty line;
    // an empty bullet; and Enter at the end, after bold text.
    const empties = [
      block(''),
      block(' '),
      block('\n'),
      block('', { listItem: 'bullet', level: 1 }),
      block('', {}, ['strong']),
    ]
    body.splice(2, 0, empties[0], empties[1])
    body.splice(5, 0, empties[2], empties[3])
    body.push(empties[4])
    // Normalised, the lake's document is the same as before the empty blocks.
    expect(comparable(normalizeLakeDocument(lake.doc(id)), false)).toEqual(
      comparable({ ...lake.doc(id), body: original }, false),
    )
    const first = exportTo(copy, lake)
    expect(first.written).toEqual([])
    expect(first.unchanged).toBe(lake.result.documents.length)
    expect(read(copy, file)).toBe(before)

    // With an edit next to them, the file is written without them.
    body.splice(body.indexOf(empties[3]) + 1, 0, block('A new paragraph.'), block(''))
    const second = exportTo(copy, lake)
    expect(second.written).toEqual([join(copy.content, file)])
    const edited = read(copy, file)
    expect(edited).toBe(
      before.replace('roll out centrally.\n\n', 'roll out centrally.\n\nA new paragraph.\n\n'),
    )
    expectRebuildMatches(copy, lake, true)
    const { rebuilt, raw } = rebuiltAndRaw(copy, lake, id)
    expect(rebuilt.body).toHaveLength(raw.body.length - 6)
    expect(exportTo(copy, lake).written).toEqual([])
  })

  it('moves spaces at the edge of bold or italic text out of it', () => {
    const copy = seedCopy()
    const lake = lakeOf(copy)
    const id = 'project-kfc-national-network-rollout'
    const file = 'project/kfc-national-network-rollout.md'
    const before = read(copy, file)
    const paragraph = lake.doc(id).body[1]
    paragraph.markDefs = [{ _type: 'link', _key: 'l1', href: '/contact' }]
    // Double-clicked words take their space along into the bold or italic.
    paragraph.children = [
      span('Call '),
      span('our team ', ['strong']),
      span('today,'),
      span(' or read', ['em']),
      span(' the guide: it is '),
      span('very ', ['strong', 'em']),
      span('good', ['strong']),
      span('. '),
      span('Ask ', ['l1', 'strong']),
      span('us', ['l1']),
      span('.'),
    ]
    const result = exportTo(copy, lake)
    expect(result.written).toEqual([join(copy.content, file)])
    const oldParagraph = /\n\n(A national quick-service[\s\S]*?)\n\n/.exec(before)?.[1] as string
    expect(read(copy, file)).toBe(
      before.replace(
        oldParagraph,
        'Call **our team** today, *or read* the guide: it is ***very* good**. [**Ask** us](/contact).',
      ),
    )
    expectRebuildMatches(copy, lake, true)
    const { rebuilt, raw } = rebuiltAndRaw(copy, lake, id)
    expect(rebuilt.body[1].children.map((child: Loose) => [child.text, child.marks])).toEqual([
      ['Call ', []],
      ['our team', ['strong']],
      [' today, ', []],
      ['or read', ['em']],
      [' the guide: it is ', []],
      ['very', ['em', 'strong']],
      [' good', ['strong']],
      ['. ', []],
      ['Ask', ['strong', '{"_type":"link","href":"/contact"}']],
      [' us', ['{"_type":"link","href":"/contact"}']],
      ['.', []],
    ])
    expect(rebuilt.body[1]).not.toEqual(raw.body[1])
    expect(exportTo(copy, lake).written).toEqual([])
  })

  it('trims text fields, as the seed does', () => {
    const copy = seedCopy()
    const lake = lakeOf(copy)
    const testimonial = 'testimonial/testimonial-1.yaml'
    const regional = 'regionalPage/regional-it-company-london.yaml'
    const project = 'project/kfc-national-network-rollout.md'
    const before = { testimonial: read(copy, testimonial), project: read(copy, project) }
    lake.doc('testimonial-1').name = ' Lerato M. Nkosi  '
    lake.doc('testimonial-1').content += '\n'
    lake.doc('regional-it-company-london').areas.push('Docklands ')
    // Whitespace alone (in a nested object, a text field and an image's alt) changes no file.
    const kfc = lake.doc('project-kfc-national-network-rollout')
    kfc.seo.title = ` ${kfc.seo.title}`
    kfc.summary = `${kfc.summary}\n\n`
    kfc.image.alt = `${kfc.image.alt} `
    const result = exportTo(copy, lake)
    expect(result.written.sort()).toEqual([join(copy.content, regional), join(copy.content, testimonial)])
    expect(read(copy, testimonial)).toBe(
      before.testimonial.replace('name: Lerato Nkosi\n', 'name: Lerato M. Nkosi\n'),
    )
    expect(read(copy, regional)).toContain('  - Greater London\n  - Docklands\n')
    expect(read(copy, project)).toBe(before.project)
    expectRebuildMatches(copy, lake, true)
    const { rebuilt, raw } = rebuiltAndRaw(copy, lake, 'testimonial-1')
    expect([rebuilt.name, raw.name]).toEqual(['Lerato M. Nkosi', ' Lerato M. Nkosi  '])
    expect(rebuiltAndRaw(copy, lake, 'project-kfc-national-network-rollout').raw.seo.title).toMatch(/^ /)
    expect(exportTo(copy, lake).written).toEqual([])
  })
})

describe('normalizeLakeDocument', () => {
  it('changes only empty blocks, spaces at bold or italic edges and text fields, and copies', () => {
    const doc: Loose = {
      _id: 'post-x',
      _type: 'post',
      title: ' A title ',
      slug: { _type: 'slug', current: ' a-slug ' },
      subtitle: ' not in the schema ',
      body: [
        block(''),
        { ...block('x'), children: [span('a '), span('b ', ['strong']), span('c')] },
        // Left alone: a space at a block's or a link's edge, an empty block with a field Markdown
        // cannot write, one with an inline object.
        block(' edge '),
        { ...block(''), children: [span('a'), span(' link ', ['l1']), span('b')] },
        block('', { align: 'center' }),
        { ...block(''), children: [{ _type: 'inlineThing', _key: 'i' }] },
        { ...block(''), children: [span('a'), span(' b ', ['strong']), { _type: 'inlineThing', _key: 'i' }] },
      ],
    }
    const copy = structuredClone(doc)
    const normal: Loose = normalizeLakeDocument(doc)
    expect(doc).toEqual(copy)
    expect(normal.title).toBe('A title')
    expect(normal.slug).toEqual(doc.slug)
    expect(normal.subtitle).toBe(doc.subtitle)
    expect(
      normal.body.map((item: Loose) => item.children.map((child: Loose) => [child.text, child.marks])),
    ).toEqual([
      [
        ['a ', []],
        ['b', ['strong']],
        [' c', []],
      ],
      ...doc.body
        .slice(2)
        .map((item: Loose) => item.children.map((child: Loose) => [child.text, child.marks])),
    ])
    expect(normal.body.slice(1)).toEqual(doc.body.slice(2))
  })
})

describe('portableTextToMarkdown', () => {
  const roundTrips = (blocks: Loose[]) => {
    const { markdown, errors } = portableTextToMarkdown(blocks)
    expect(errors).toEqual([])
    return markdown
  }

  it('escapes text the Markdown reader would take as syntax', () => {
    const text =
      '1. Not a list: *stars*, _under_, [brackets], `code`, ~tilde~, https://x.com, a@b.co, &amp; <b>'
    const markdown = roundTrips([
      block(text),
      block('# not a heading\n- nor a list'),
      block('C #', { style: 'h2' }),
    ])
    expect(markdown).toBe(
      '1\\. Not a list: \\*stars\\*, \\_under\\_, \\[brackets\\], \\`code\\`, \\~tilde\\~, https\\://x.com, a\\@b.co, \\&amp; \\<b>\n\n' +
        '\\# not a heading\\\n\\- nor a list\n\n## C \\#\n',
    )
  })

  it('writes overlapping marks by nesting them', () => {
    const markdown = roundTrips([
      {
        ...block(''),
        children: [
          { _type: 'span', _key: 'a', text: 'a', marks: ['strong'] },
          { _type: 'span', _key: 'b', text: 'b', marks: ['em', 'strong'] },
          { _type: 'span', _key: 'c', text: 'c', marks: ['strong'] },
        ],
      },
    ])
    expect(markdown).toBe('**a*b*c**\n')
  })

  it('compares Portable Text without keys and regardless of mark order', () => {
    const a = { ...block('x', {}, ['l1', 'strong'], [{ _type: 'link', _key: 'l1', href: '/a' }]) }
    const b = { ...block('x', {}, ['strong', 'zz'], [{ _type: 'link', _key: 'zz', href: '/a' }]) }
    expect(canonicalPortableText([a])).toEqual(canonicalPortableText([b]))
    const c = { ...block('x', {}, ['strong', 'zz'], [{ _type: 'link', _key: 'zz', href: '/b' }]) }
    expect(canonicalPortableText([a])).not.toEqual(canonicalPortableText([c]))
  })

  it('reports bold text with a space at its edge, which Markdown cannot close', () => {
    const blocks = [
      {
        ...block(''),
        children: [
          { _type: 'span', _key: 'a', text: 'bold ', marks: ['strong'] },
          { _type: 'span', _key: 'b', text: 'plain', marks: [] },
        ],
      },
    ]
    expect(portableTextToMarkdown(blocks).errors).toEqual([
      '[0].children[0]: bold or italic text that starts or ends with a space cannot be written in Markdown; take the space out of the bold or italic in the Studio',
    ])
  })

  it('reports blocks Markdown cannot hold', () => {
    expect(portableTextToMarkdown([block('x', { listItem: 'bullet', level: 2 })]).errors).toEqual([
      '[0].level: a list item at level 2 must follow one at level 1',
    ])
    expect(portableTextToMarkdown([{ _type: 'image', _key: 'i' }]).errors).toEqual([
      '[0]: a "image" item cannot be written in Markdown (only text blocks)',
    ])
  })
})
