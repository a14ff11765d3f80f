import { ProjectsIcon } from '@sanity/icons'
import { defineField, defineType } from '@sanity/types'
import { list } from '../lib/constants'
import {
  iconField,
  imageField,
  orderField,
  radioOptions,
  required,
  richTextField,
  seoField,
  slugField,
  stringListField,
} from '../lib/fields'

export const project = defineType({
  name: 'project',
  title: 'Project',
  type: 'document',
  icon: ProjectsIcon,
  fields: [
    defineField({ name: 'title', title: 'Title', type: 'string', ...required }),
    slugField(),
    defineField({ name: 'location', title: 'Location', type: 'string', ...required }),
    defineField({ name: 'summary', title: 'Summary', type: 'text', rows: 3, ...required }),
    iconField(),
    imageField({ name: 'image', title: 'Image' }),
    stringListField({ name: 'features', title: 'Features' }),
    richTextField({ name: 'body', title: 'Body' }),
    defineField({
      name: 'ctaStyle',
      title: 'Call to action',
      type: 'string',
      options: radioOptions(
        list(['consultation', 'email'], { consultation: 'Book a consultation', email: 'Email us' }),
      ),
      validation: (rule) => rule.required(),
    }),
    defineField({ name: 'featured', title: 'Featured', type: 'boolean', initialValue: false, ...required }),
    orderField(),
    seoField(),
  ],
  orderings: [{ title: 'Order', name: 'order', by: [{ field: 'order', direction: 'asc' }] }],
  preview: { select: { title: 'title', subtitle: 'location', media: 'image' } },
})
