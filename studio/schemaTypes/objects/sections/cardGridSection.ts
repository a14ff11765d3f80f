import { ThLargeIcon } from '@sanity/icons'
import { defineArrayMember, defineField } from '@sanity/types'
import { radioOptions, required } from '../../lib/fields'
import { defineSection } from '../../lib/section'

export const cardGridSection = defineSection({
  name: 'cardGridSection',
  title: 'Card grid',
  icon: ThLargeIcon,
  fields: [
    defineField({
      name: 'columns',
      title: 'Columns',
      type: 'number',
      options: radioOptions([2, 3, 4]),
    }),
    defineField({
      name: 'cards',
      title: 'Cards',
      type: 'array',
      of: [defineArrayMember({ type: 'card' })],
      ...required,
    }),
  ],
})
