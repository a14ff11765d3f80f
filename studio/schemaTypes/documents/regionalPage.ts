import { PinIcon } from '@sanity/icons'
import { defineArrayMember, defineField, defineType } from '@sanity/types'
import { COUNTRIES, list, REGION_KINDS } from '../lib/constants'
import {
  heroField,
  orderField,
  radioOptions,
  required,
  sectionsField,
  seoField,
  slugField,
} from '../lib/fields'

export const regionalPage = defineType({
  name: 'regionalPage',
  title: 'Regional page',
  type: 'document',
  icon: PinIcon,
  fields: [
    defineField({ name: 'title', title: 'Title', type: 'string', ...required }),
    slugField(),
    defineField({
      name: 'kind',
      title: 'Kind',
      description: 'Regional pages are in the navigation; local pages are the Johannesburg service pages.',
      type: 'string',
      options: radioOptions(list(REGION_KINDS)),
      ...required,
    }),
    defineField({ name: 'navTitle', title: 'Navigation title', type: 'string', ...required }),
    orderField(),
    defineField({
      name: 'country',
      title: 'Country',
      description: 'ISO code, or EU for EMEA.',
      type: 'string',
      options: { list: list(COUNTRIES) },
      ...required,
    }),
    defineField({
      name: 'areas',
      title: 'Areas',
      type: 'array',
      of: [defineArrayMember({ type: 'string' })],
      ...required,
    }),
    heroField(),
    sectionsField(),
    seoField(),
  ],
  orderings: [{ title: 'Order', name: 'order', by: [{ field: 'order', direction: 'asc' }] }],
  preview: {
    select: { title: 'title', slug: 'slug.current', kind: 'kind' },
    prepare: ({ title, slug, kind }) => ({ title, subtitle: `/${slug ?? ''} · ${kind ?? ''}` }),
  },
})
