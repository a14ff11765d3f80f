import { BarChartIcon } from '@sanity/icons'
import { defineArrayMember, defineField, defineType } from '@sanity/types'
import { sectionBaseFields } from '../../lib/fields'

export const statsSection = defineType({
  name: 'statsSection',
  title: 'Figures',
  type: 'object',
  icon: BarChartIcon,
  fields: [
    ...sectionBaseFields(),
    defineField({
      name: 'stats',
      title: 'Figures',
      type: 'array',
      of: [defineArrayMember({ type: 'stat' })],
      validation: (rule) => rule.required(),
    }),
  ],
  preview: {
    select: { heading: 'heading', anchor: 'anchor' },
    prepare: ({ heading, anchor }) => ({
      title: heading ?? 'Figures',
      subtitle: anchor ? `Figures · #${anchor}` : 'Figures',
      media: BarChartIcon,
    }),
  },
})
