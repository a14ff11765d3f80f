import { ListIcon } from '@sanity/icons'
import { defineArrayMember, defineField, defineType } from '@sanity/types'
import { sectionBaseFields } from '../../lib/fields'

export const listSection = defineType({
  name: 'listSection',
  title: 'List',
  type: 'object',
  icon: ListIcon,
  fields: [
    ...sectionBaseFields(),
    defineField({
      name: 'items',
      title: 'Items',
      type: 'array',
      of: [defineArrayMember({ type: 'string' })],
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'style',
      title: 'Style',
      type: 'string',
      options: {
        list: [
          { title: 'Check marks', value: 'checks' },
          { title: 'Bullets', value: 'bullets' },
          { title: 'Chips', value: 'chips' },
        ],
        layout: 'radio',
        direction: 'horizontal',
      },
      initialValue: 'checks',
    }),
  ],
  preview: {
    select: { heading: 'heading', anchor: 'anchor' },
    prepare: ({ heading, anchor }) => ({
      title: heading ?? 'List',
      subtitle: anchor ? `List · #${anchor}` : 'List',
      media: ListIcon,
    }),
  },
})
