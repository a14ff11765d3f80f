import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { buildDataset } from './builder'

// biome-ignore lint/suspicious/noExplicitAny: assertions walk arbitrary dataset JSON
type Loose = any

const fixtures = join(import.meta.dirname, 'test-fixtures')
const temps: string[] = []

/** A copy of the fixture sources, changed by `edit(path, text => text)`. */
function fixtureCopy(edits: Record<string, (text: string) => string> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'seed-test-'))
  temps.push(dir)
  cpSync(fixtures, dir, { recursive: true })
  for (const [file, edit] of Object.entries(edits)) {
    const path = join(dir, 'content', file)
    let text = ''
    try {
      text = readFileSync(path, 'utf8')
    } catch {}
    mkdirSync(dirname(path), { recursive: true })
    writeFileSync(path, edit(text))
  }
  return buildDataset({ contentDir: join(dir, 'content'), artworkDir: join(dir, 'artwork') })
}

afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('buildDataset on the fixtures', () => {
  const result = fixtureCopy()
  const byId = new Map(result.documents.map((doc) => [doc._id, doc as Loose]))

  it('builds without errors, sorted by _id', () => {
    expect(result.errors).toEqual([])
    const ids = result.documents.map((doc) => doc._id)
    expect(ids).toEqual([...ids].sort())
    expect(result.ndjson.trim().split('\n')).toHaveLength(result.documents.length)
  })

  it('converts slugs, references, links and sections', () => {
    const child = byId.get('service-cutovers')
    expect(child?.slug).toEqual({ _type: 'slug', current: 'cutovers' })
    expect(child?.parent).toEqual({ _type: 'reference', _ref: 'service-networking' })
    const main = byId.get('service-networking')
    expect(main?.hero._type).toBe('hero')
    expect(main?.hero.ctas[1]).toMatchObject({ _type: 'link', label: 'Call us', contact: 'phone-primary' })
    expect(main?.hero.ctas[0]._key).toMatch(/^[0-9a-f]{12}$/)
    expect(main?.sections[0]).toMatchObject({ _type: 'cardGridSection', columns: 3 })
    expect(main?.sections[0].cards[0]).toMatchObject({ _type: 'card', title: 'Cabling', icon: 'wrench' })
    expect(main?.seo).toEqual({ _type: 'seo', title: 'Networking | {brand}' })
    const settings = byId.get('siteSettings')
    expect(settings?.phones[0]).toMatchObject({ _type: 'phone', e164: '+27110000000' })
    expect(settings?.address).toMatchObject({ locality: 'Sandton' })
    expect(settings?.address._type).toBeUndefined()
  })

  it('converts Markdown bodies and rich-text strings to Portable Text', () => {
    const post = byId.get('post-test-post')
    expect(post?.body.map((block: Loose) => block.style)).toEqual(['normal', 'h2', 'normal', 'normal'])
    expect(post?.body[2].listItem).toBe('bullet')
    expect(byId.get('siteSettings')?.articleFooter[0].markDefs[0]).toMatchObject({ contact: 'email-support' })
    expect(byId.get('service-cutovers')?.sections[0].body[0].style).toBe('h2')
  })

  it('turns images into export-format assets and collects the files', () => {
    const post = byId.get('post-test-post')
    expect(post?.coverImage).toEqual({
      _type: 'image',
      _sanityAsset: expect.stringMatching(/^image@file:\/\/\.\/images\/[0-9a-f]{40}-1200x675\.svg$/),
      alt: 'A blue rectangle',
    })
    expect([...result.images.values()].map(({ width, height }) => `${width}x${height}`).sort()).toEqual([
      '1200x675',
      '240x80',
    ])
  })

  it('applies defaults of required fields that were left out', () => {
    expect(byId.get('post-test-post')?.featured).toBe(false)
  })

  it('is deterministic', () => {
    expect(fixtureCopy().ndjson).toBe(result.ndjson)
  })
})

describe('buildDataset errors name the file and field', () => {
  it('reports a reference to a missing document', () => {
    const { errors } = fixtureCopy({
      'page/page-home.yaml': (text) => text.replace('project-school', 'project-nope'),
    })
    expect(errors).toEqual([
      expect.stringMatching(
        /page-home\.yaml: sections\[1\]\.project: reference to "project-nope", which does not exist/,
      ),
    ])
  })

  it('reports a reference to the wrong type', () => {
    const { errors } = fixtureCopy({
      'service/service-cutovers.yaml': (text) =>
        text.replace('ref: service-networking', 'ref: post-test-post'),
    })
    expect(errors).toEqual([expect.stringMatching(/service-cutovers\.yaml: parent: .*must be a service/)])
  })

  it('reports missing required fields', () => {
    const { errors } = fixtureCopy({
      'redirect/redirect-contact.yaml': (text) => text.replace('to: /\n', ''),
      'post/test-post.md': (text) => text.replace('  alt: A blue rectangle\n', ''),
    })
    expect(errors.sort()).toEqual([
      expect.stringMatching(/test-post\.md: coverImage\.alt: is required/),
      expect.stringMatching(/redirect-contact\.yaml: to: is required/),
    ])
  })

  it('reports duplicate slugs', () => {
    const { errors } = fixtureCopy({
      'service/service-cutovers.yaml': (text) =>
        text.replace('slug: cutovers', 'slug: networking-and-cabling'),
    })
    expect(errors).toEqual([
      expect.stringMatching(
        /service-networking\.yaml: slug: duplicate slug "networking-and-cabling" \(also used by .*service-cutovers\.yaml\)/,
      ),
    ])
  })

  it('reports unknown fields, bad formats and bad options', () => {
    const { errors } = fixtureCopy({
      'siteSettings/siteSettings.yaml': (text) =>
        text
          .replace("e164: '+27110000000'", "e164: '011 000 0000'")
          .replace('support: support@example.test', 'support: not-an-email')
          .replace('brandName: Example Tech', 'brandName: Example Tech\nbrandColour: blue'),
      'service/service-networking.yaml': (text) =>
        text
          .replace('href: /contact#quote-form', 'href: contact')
          .replace('contact: phone-primary', 'contact: phone-primary\n      href: /x')
          .replace('colour: sky', 'colour: pink'),
      'redirect/redirect-contact.yaml': (text) => text.replace('from: /contact', 'from: contact'),
    })
    const all = errors.join('\n')
    expect(all).toMatch(/siteSettings\.yaml: brandColour: unknown field/)
    expect(all).toMatch(/siteSettings\.yaml: phones\[0\]\.e164: Must be an E\.164 number/)
    expect(all).toMatch(/siteSettings\.yaml: emails\.support: Must be an email address/)
    expect(all).toMatch(/service-networking\.yaml: hero\.ctas\[0\]\.href: Must be a site path/)
    expect(all).toMatch(/service-networking\.yaml: hero\.ctas\[1\]: Set exactly one of "href" or "contact"/)
    expect(all).toMatch(/service-networking\.yaml: colour: "pink" is not one of/)
    expect(all).toMatch(/redirect-contact\.yaml: from: Must be a site path starting with "\/"/)
    expect(errors).toHaveLength(7)
  })

  it('reports missing artwork, bad section types, rating and industry points', () => {
    const { errors } = fixtureCopy({
      'brandLogo/brand-acme.yaml': (text) => text.replace('logos/acme.svg', 'logos/missing.svg'),
      'page/page-home.yaml': (text) => text.replace('_type: quoteFormSection', '_type: quoteSection'),
      'testimonial/t1.yaml': () =>
        'name: A\nrole: B\ncompany: C\ncontent: Good.\nrating: 6\ninitials: AB\norder: 1\n',
      'industry/schools.yaml': () => 'title: Schools\npoints: [one]\nicon: graduation-cap\norder: 1\n',
    })
    const all = errors.join('\n')
    expect(all).toMatch(/brand-acme\.yaml: logo\.file: artwork file "logos\/missing\.svg" does not exist/)
    expect(all).toMatch(/page-home\.yaml: sections\[2\]\._type: "quoteSection" is not one of/)
    expect(all).toMatch(/t1\.yaml: rating: must be at most 5/)
    expect(all).toMatch(/schools\.yaml: points: must have exactly 2 items/)
  })

  it('reports YAML syntax errors and the wrong _id of a page', () => {
    const { errors } = fixtureCopy({
      'redirect/redirect-contact.yaml': (text) => `${text}to: /again\n`,
      'page/page-home.yaml': (text) => text.replace('_id: page-home', '_id: home'),
    })
    const all = errors.join('\n')
    expect(all).toMatch(/redirect-contact\.yaml: YAML: .*unique/i)
    expect(all).toMatch(/home\.yaml: _id: must be "page-home"/)
  })
})
