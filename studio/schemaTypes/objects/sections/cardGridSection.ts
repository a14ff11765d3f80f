import { ThLargeIcon } from '@sanity/icons'
import { defineArrayMember, defineField, defineType } from '@sanity/types'
import { sectionBaseFields } from '../../lib/fields'

export const cardGridSection = defineType({
  name: 'cardGridSection',
  title: 'Card grid',
  type: 'object',
  icon: ThLargeIcon,
  fields: [
    ...sectionBaseFields(),
    defineField({
      name: 'columns',
      title: 'Columns',
      type: 'number',
      options: { list: [2, 3, 4], layout: 'radio', direction: 'horizontal' },
    }),
    defineField({
      name: 'cards',
      title: 'Cards',
      type: 'array',
      of: [defineArrayMember({ type: 'card' })],
      validation: (rule) => rule.required(),
    }),
  ],
  preview: {
    select: { heading: 'heading', anchor: 'anchor' },
    prepare: ({ heading, anchor }) => ({
      title: heading ?? 'Card grid',
      subtitle: anchor ? `Card grid · #${anchor}` : 'Card grid',
      media: ThLargeIcon,
    }),
  },
})
