import { BulbOutlineIcon } from '@sanity/icons'
import { defineArrayMember, defineField } from '@sanity/types'
import { required } from '../../lib/fields'
import { defineSection } from '../../lib/section'

export const ctaSection = defineSection({
  name: 'ctaSection',
  title: 'Call to action',
  icon: BulbOutlineIcon,
  fields: [
    defineField({ name: 'text', title: 'Text', type: 'text', rows: 3 }),
    defineField({
      name: 'ctas',
      title: 'Buttons',
      type: 'array',
      of: [defineArrayMember({ type: 'link' })],
      ...required,
    }),
  ],
})
