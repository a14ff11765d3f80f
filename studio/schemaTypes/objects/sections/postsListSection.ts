import { DocumentsIcon } from '@sanity/icons'
import { defineType } from '@sanity/types'
import { sectionBaseFields } from '../../lib/fields'

export const postsListSection = defineType({
  name: 'postsListSection',
  title: 'All posts',
  type: 'object',
  icon: DocumentsIcon,
  fields: [...sectionBaseFields()],
  preview: {
    select: { heading: 'heading', anchor: 'anchor' },
    prepare: ({ heading, anchor }) => ({
      title: heading ?? 'All posts',
      subtitle: anchor ? `All posts · #${anchor}` : 'All posts',
      media: DocumentsIcon,
    }),
  },
})
