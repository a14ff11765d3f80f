import { BulbOutlineIcon } from '@sanity/icons'
import { defineArrayMember, defineField, defineType } from '@sanity/types'
import { sectionBaseFields } from '../../lib/fields'

export const ctaSection = defineType({
  name: 'ctaSection',
  title: 'Call to action',
  type: 'object',
  icon: BulbOutlineIcon,
  fields: [
    ...sectionBaseFields(),
    defineField({ name: 'text', title: 'Text', type: 'text', rows: 3 }),
    defineField({
      name: 'ctas',
      title: 'Buttons',
      type: 'array',
      of: [defineArrayMember({ type: 'link' })],
      validation: (rule) => rule.required(),
    }),
  ],
  preview: {
    select: { heading: 'heading', anchor: 'anchor' },
    prepare: ({ heading, anchor }) => ({
      title: heading ?? 'Call to action',
      subtitle: anchor ? `Call to action · #${anchor}` : 'Call to action',
      media: BulbOutlineIcon,
    }),
  },
})
