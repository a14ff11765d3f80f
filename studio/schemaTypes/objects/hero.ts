import { StarIcon } from '@sanity/icons'
import { defineArrayMember, defineField, defineType } from '@sanity/types'
import { imageField, linkListField, required } from '../lib/fields'

export const hero = defineType({
  name: 'hero',
  title: 'Hero',
  type: 'object',
  icon: StarIcon,
  fields: [
    defineField({ name: 'eyebrow', title: 'Eyebrow', type: 'string' }),
    defineField({
      name: 'heading',
      title: 'Heading',
      description: '"{brand}" is replaced by the brand name.',
      type: 'string',
      ...required,
    }),
    defineField({ name: 'text', title: 'Text', type: 'text', rows: 3 }),
    imageField({ name: 'image', title: 'Image', required: false }),
    linkListField({ name: 'ctas', title: 'Buttons' }),
    defineField({
      name: 'stats',
      title: 'Figures',
      type: 'array',
      of: [defineArrayMember({ type: 'stat' })],
    }),
  ],
  preview: {
    select: { title: 'heading', subtitle: 'eyebrow', media: 'image' },
  },
})
