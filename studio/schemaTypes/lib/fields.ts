import { defineArrayMember, defineField } from '@sanity/types'
import { CONTACT_KEYS, ICONS, list } from './constants'
import { checkAnchor, checkHref, checkLinkTarget, checkSlug } from './validation'

type FieldOptions = { name: string; title?: string; description?: string; group?: string }

/** A Sanity image with a required `alt` text (README: `image`). */
export function imageField({ required = true, ...opts }: FieldOptions & { required?: boolean }) {
  return defineField({
    ...opts,
    type: 'image',
    options: { hotspot: true },
    fields: [
      defineField({
        name: 'alt',
        title: 'Alternative text',
        description: 'Describes the image for screen readers and search engines.',
        type: 'string',
        validation: (rule) => rule.required(),
      }),
    ],
    validation: required ? (rule) => rule.required() : undefined,
  })
}

/** A name from the fixed icon set the site renders. */
export function iconField({ required = true, ...opts }: Partial<FieldOptions> & { required?: boolean } = {}) {
  return defineField({
    name: 'icon',
    ...opts,
    type: 'string',
    options: { list: list(ICONS) },
    validation: required ? (rule) => rule.required() : undefined,
  })
}

/**
 * Rich text: paragraphs, h2/h3, bullet and numbered lists, strong/em and links (`href` or a
 * `contact` key resolved from site settings).
 */
export function richTextField({ required = true, ...opts }: FieldOptions & { required?: boolean }) {
  return defineField({
    ...opts,
    type: 'array',
    of: [
      defineArrayMember({
        type: 'block',
        styles: [
          { title: 'Normal', value: 'normal' },
          { title: 'Heading 2', value: 'h2' },
          { title: 'Heading 3', value: 'h3' },
        ],
        lists: [
          { title: 'Bullet', value: 'bullet' },
          { title: 'Numbered', value: 'number' },
        ],
        marks: {
          decorators: [
            { title: 'Strong', value: 'strong' },
            { title: 'Emphasis', value: 'em' },
          ],
          annotations: [
            defineArrayMember({
              name: 'link',
              title: 'Link',
              type: 'object',
              fields: [
                defineField({
                  name: 'href',
                  title: 'URL or site path',
                  type: 'string',
                  validation: (rule) => rule.custom(checkHref),
                }),
                defineField({
                  name: 'contact',
                  title: 'Contact (from site settings)',
                  type: 'string',
                  options: { list: list(CONTACT_KEYS) },
                }),
              ],
              validation: (rule) => rule.custom(checkLinkTarget),
            }),
          ],
        },
      }),
    ],
    validation: required ? (rule) => rule.required() : undefined,
  })
}

/** Every page-builder section type, in the order of the insert menu. */
export const SECTION_TYPES = [
  'textSection',
  'cardGridSection',
  'listSection',
  'statsSection',
  'pricingSection',
  'faqSection',
  'ctaSection',
  'servicesSection',
  'industriesSection',
  'brandLogosSection',
  'featuredProjectSection',
  'testimonialsSection',
  'latestPostsSection',
  'quoteFormSection',
  'projectsListSection',
  'gallerySection',
  'postsListSection',
  'newsletterSection',
  'supportFormSection',
] as const

export function sectionsField(opts: Partial<FieldOptions> = {}) {
  return defineField({
    name: 'sections',
    title: 'Sections',
    ...opts,
    type: 'array',
    of: SECTION_TYPES.map((type) => defineArrayMember({ type })),
    validation: (rule) => rule.required(),
  })
}

/** `anchor?`, `heading?`, `intro?`: the fields every section starts with. */
export function sectionBaseFields() {
  return [
    defineField({
      name: 'anchor',
      title: 'Anchor',
      description: 'Becomes the element id, so "#anchor" links scroll here.',
      type: 'string',
      validation: (rule) => rule.custom(checkAnchor),
    }),
    defineField({ name: 'heading', title: 'Heading', type: 'string' }),
    defineField({ name: 'intro', title: 'Intro', type: 'text', rows: 3 }),
  ]
}

export function orderField() {
  return defineField({
    name: 'order',
    title: 'Order',
    description: 'Lower numbers come first.',
    type: 'number',
    validation: (rule) => rule.required().integer(),
  })
}

export function slugField(source = 'title') {
  return defineField({
    name: 'slug',
    title: 'Slug',
    type: 'slug',
    options: { source, maxLength: 96 },
    validation: (rule) => rule.required().custom(checkSlug),
  })
}

export function seoField() {
  return defineField({ name: 'seo', title: 'SEO', type: 'seo', validation: (rule) => rule.required() })
}

export function heroField() {
  return defineField({ name: 'hero', title: 'Hero', type: 'hero', validation: (rule) => rule.required() })
}
