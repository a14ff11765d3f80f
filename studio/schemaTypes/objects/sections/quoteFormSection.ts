import { EnvelopeIcon } from '@sanity/icons'
import { defineField, defineType } from '@sanity/types'
import { sectionBaseFields } from '../../lib/fields'

export const quoteFormSection = defineType({
  name: 'quoteFormSection',
  title: 'Quote form',
  type: 'object',
  icon: EnvelopeIcon,
  fields: [...sectionBaseFields(), defineField({ name: 'text', title: 'Text', type: 'text', rows: 3 })],
  preview: {
    select: { heading: 'heading', anchor: 'anchor' },
    prepare: ({ heading, anchor }) => ({
      title: heading ?? 'Quote form',
      subtitle: anchor ? `Quote form · #${anchor}` : 'Quote form',
      media: EnvelopeIcon,
    }),
  },
})
