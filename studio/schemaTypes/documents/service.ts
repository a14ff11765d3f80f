import { CogIcon } from '@sanity/icons'
import { defineField, defineType } from '@sanity/types'
import { list, SERVICE_COLOURS } from '../lib/constants'
import { heroField, iconField, orderField, required, sectionsField, seoField, slugField } from '../lib/fields'

export const service = defineType({
  name: 'service',
  title: 'Service',
  type: 'document',
  icon: CogIcon,
  groups: [
    { name: 'listing', title: 'Listing', default: true },
    { name: 'page', title: 'Page' },
    { name: 'seo', title: 'SEO' },
  ],
  fields: [
    defineField({ name: 'title', title: 'Title', type: 'string', group: 'listing', ...required }),
    { ...slugField(), group: 'listing' },
    defineField({
      name: 'navTitle',
      title: 'Navigation title',
      type: 'string',
      group: 'listing',
      ...required,
    }),
    defineField({
      name: 'parent',
      title: 'Parent service',
      description: 'Set for a sub-service: its URL becomes /services/<parent>/<slug>.',
      type: 'reference',
      to: [{ type: 'service' }],
      group: 'listing',
      options: { filter: '!defined(parent)' },
    }),
    defineField({
      name: 'isMain',
      title: 'Main service',
      description: 'The six main services appear in the navigation and on the home page.',
      type: 'boolean',
      group: 'listing',
      initialValue: false,
      ...required,
    }),
    { ...orderField(), group: 'listing' },
    defineField({ name: 'summary', title: 'Summary', type: 'text', rows: 3, group: 'listing', ...required }),
    defineField({ name: 'benefit', title: 'Key benefit', type: 'string', group: 'listing', ...required }),
    defineField({
      name: 'colour',
      title: 'Colour',
      type: 'string',
      group: 'listing',
      options: { list: list(SERVICE_COLOURS) },
      ...required,
    }),
    { ...iconField(), group: 'listing' },
    { ...heroField(), group: 'page' },
    { ...sectionsField(), group: 'page' },
    { ...seoField(), group: 'seo' },
  ],
  orderings: [{ title: 'Order', name: 'order', by: [{ field: 'order', direction: 'asc' }] }],
  preview: {
    select: { title: 'title', slug: 'slug.current', parent: 'parent.slug.current', isMain: 'isMain' },
    prepare: ({ title, slug, parent, isMain }) => ({
      title,
      subtitle: `/services/${parent ? `${parent}/` : ''}${slug ?? ''}${isMain ? ' · main' : ''}`,
    }),
  },
})
