import { BarChartIcon } from '@sanity/icons'
import { defineField, defineType } from '@sanity/types'
import { required } from '../lib/fields'

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
      ...required,
    }),
    defineField({ name: 'label', title: 'Label', type: 'string', ...required }),
  ],
  preview: { select: { title: 'value', subtitle: 'label' } },
})
