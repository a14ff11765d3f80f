import { TagsIcon } from '@sanity/icons'
import { defineType } from '@sanity/types'
import { sectionBaseFields } from '../../lib/fields'

export const brandLogosSection = defineType({
  name: 'brandLogosSection',
  title: 'Brand logos',
  type: 'object',
  icon: TagsIcon,
  fields: [...sectionBaseFields()],
  preview: {
    select: { heading: 'heading', anchor: 'anchor' },
    prepare: ({ heading, anchor }) => ({
      title: heading ?? 'Brand logos',
      subtitle: anchor ? `Brand logos · #${anchor}` : 'Brand logos',
      media: TagsIcon,
    }),
  },
})
