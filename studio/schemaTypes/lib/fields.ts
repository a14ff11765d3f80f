import { defineArrayMember, defineField } from '@sanity/types'
import { ICON_NAMES } from '@siyakha/schemas/icon-names'
import { CONTACT_KEYS, list } from './constants'
import { checkHref, checkLinkTarget, checkSlug } from './validation'

/** Spread into a field the editor must fill in: `defineField({ name, title, type, ...required })`. */
export const required = { validation: <R extends { required: () => R }>(rule: R) => rule.required() }

type FieldOptions = { name: string; title?: string; description?: string; group?: string }

/** Options for a short choice shown as a row of radio buttons. */
export function radioOptions<T>(list: T[]) {
  return { list, layout: 'radio' as const, direction: 'horizontal' as const }
}

/** A list of buttons. */
export function linkListField(opts: FieldOptions) {
  return defineField({ ...opts, type: 'array', of: [defineArrayMember({ type: 'link' })] })
}

/** A required list of short lines of text (features, bullet points). */
export function stringListField(opts: FieldOptions) {
  return defineField({ ...opts, type: 'array', of: [defineArrayMember({ type: 'string' })], ...required })
}

/** A Sanity image with a required `alt` text (README: `image`). */
export function imageField({ required: isRequired = true, ...opts }: FieldOptions & { required?: boolean }) {
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
        ...required,
      }),
    ],
    validation: isRequired ? (rule) => rule.required() : undefined,
  })
}

/** A name from the fixed icon set the site renders. */
export function iconField({
  required: isRequired = true,
  ...opts
}: Partial<FieldOptions> & { required?: boolean } = {}) {
  return defineField({
    name: 'icon',
    ...opts,
    type: 'string',
    options: { list: list(ICON_NAMES) },
    validation: isRequired ? (rule) => rule.required() : undefined,
  })
}

/**
 * Rich text: paragraphs, h2/h3, bullet and numbered lists, strong/em and links (`href` or a
 * `contact` key resolved from site settings).
 */
export function richTextField({
  required: isRequired = true,
  ...opts
}: FieldOptions & { required?: boolean }) {
  return defineField({
    ...opts,
    type: 'array',
    of: [
      defineArrayMember({
        type: 'block',
        styles: list(['normal', 'h2', 'h3'], { normal: 'Normal', h2: 'Heading 2', h3: 'Heading 3' }),
        lists: list(['bullet', 'number'], { bullet: 'Bullet', number: 'Numbered' }),
        marks: {
          decorators: list(['strong', 'em'], { strong: 'Strong', em: 'Emphasis' }),
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
    validation: isRequired ? (rule) => rule.required() : undefined,
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
  return defineField({ name: 'seo', title: 'SEO', type: 'seo', ...required })
}

export function heroField() {
  return defineField({ name: 'hero', title: 'Hero', type: 'hero', ...required })
}
