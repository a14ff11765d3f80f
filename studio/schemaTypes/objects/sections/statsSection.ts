import { BarChartIcon } from '@sanity/icons'
import { defineArrayMember, defineField } from '@sanity/types'
import { required } from '../../lib/fields'
import { defineSection } from '../../lib/section'

export const statsSection = defineSection({
  name: 'statsSection',
  title: 'Figures',
  icon: BarChartIcon,
  fields: [
    defineField({
      name: 'stats',
      title: 'Figures',
      type: 'array',
      of: [defineArrayMember({ type: 'stat' })],
      ...required,
    }),
  ],
})
