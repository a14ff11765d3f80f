import { DocumentIcon } from '@sanity/icons'
import { defineField, defineType } from '@sanity/types'
import { list, PAGE_KEYS } from '../lib/constants'
import { heroField, required, sectionsField, seoField } from '../lib/fields'
import { checkPath } from '../lib/validation'

export const page = defineType({
  name: 'page',
  title: 'Page',
  type: 'document',
  icon: DocumentIcon,
  fields: [
    defineField({
      name: 'key',
      title: 'Key',
      description: 'Which fixed page of the site this is. Its document id is "page-<key>".',
      type: 'string',
      options: { list: list(PAGE_KEYS) },
      readOnly: ({ document }) => Boolean(document?._id && !document._id.startsWith('drafts.')),
      ...required,
    }),
    defineField({ name: 'title', title: 'Title', type: 'string', ...required }),
    defineField({
      name: 'route',
      title: 'Route',
      description: 'The path of the page, e.g. "/" or "/about".',
      type: 'string',
      validation: (rule) => rule.required().custom(checkPath),
    }),
    heroField(),
    sectionsField(),
    seoField(),
  ],
  preview: {
    select: { title: 'title', subtitle: 'route', media: 'hero.image' },
  },
})
