import { BarChartIcon } from '@sanity/icons'
import { defineField, defineType } from '@sanity/types'

export const stat = defineType({
  name: 'stat',
  title: 'Figure',
  type: 'object',
  icon: BarChartIcon,
  fields: [
    defineField({
      name: 'value',
      title: 'Value',
      description: 'As shown: "100+", "24/7", "Level 1".',
      type: 'string',
      validation: (rule) => rule.required(),
    }),
    defineField({ name: 'label', title: 'Label', type: 'string', validation: (rule) => rule.required() }),
  ],
  preview: { select: { title: 'value', subtitle: 'label' } },
})
