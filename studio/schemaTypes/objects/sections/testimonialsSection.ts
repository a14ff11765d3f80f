import { CommentIcon } from '@sanity/icons'
import { defineType } from '@sanity/types'
import { sectionBaseFields } from '../../lib/fields'

export const testimonialsSection = defineType({
  name: 'testimonialsSection',
  title: 'Testimonials',
  type: 'object',
  icon: CommentIcon,
  fields: [...sectionBaseFields()],
  preview: {
    select: { heading: 'heading', anchor: 'anchor' },
    prepare: ({ heading, anchor }) => ({
      title: heading ?? 'Testimonials',
      subtitle: anchor ? `Testimonials · #${anchor}` : 'Testimonials',
      media: CommentIcon,
    }),
  },
})
