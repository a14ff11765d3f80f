import { DocumentsIcon } from '@sanity/icons'
import { defineType } from '@sanity/types'
import { sectionBaseFields } from '../../lib/fields'

export const latestPostsSection = defineType({
  name: 'latestPostsSection',
  title: 'Latest posts',
  type: 'object',
  icon: DocumentsIcon,
  fields: [...sectionBaseFields()],
  preview: {
    select: { heading: 'heading', anchor: 'anchor' },
    prepare: ({ heading, anchor }) => ({
      title: heading ?? 'Latest posts',
      subtitle: anchor ? `Latest posts · #${anchor}` : 'Latest posts',
      media: DocumentsIcon,
    }),
  },
})
