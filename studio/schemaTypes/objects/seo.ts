import { SearchIcon } from '@sanity/icons'
import { defineField, defineType } from '@sanity/types'
import { imageField } from '../lib/fields'

export const seo = defineType({
  name: 'seo',
  title: 'SEO',
  type: 'object',
  icon: SearchIcon,
  options: { collapsible: true, collapsed: true },
  fields: [
    defineField({
      name: 'title',
      title: 'Title',
      description: '"{brand}" is replaced by the brand name. Falls back to the page title.',
      type: 'string',
      validation: (rule) => rule.max(120),
    }),
    defineField({
      name: 'description',
      title: 'Description',
      type: 'text',
      rows: 3,
      validation: (rule) => rule.max(320),
    }),
    imageField({ name: 'image', title: 'Social sharing image', required: false }),
  ],
})
